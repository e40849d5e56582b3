/**
 * Quotes (docs/product.md, "Quotes"): from an enquiry the studio writes what it will make (lines
 * with descriptions and prices), how long it takes, the deposit asked on acceptance and the last
 * day it holds; the visitor is mailed a link `/quotes/{token}` (only the token's SHA-256 is
 * kept), and accepts it there by paying the deposit. Acceptance is the checkout's own payment
 * (server/checkout/payment.ts) with the quote as the order's source: the same key, limits,
 * card rules, charge, recovery and confirmation mail. The quote is claimed before its card is
 * charged, so two pages cannot both accept it; an expired or withdrawn quote cannot be paid.
 */
import { and, asc, eq, lt, or, sql } from "drizzle-orm";
import { z } from "zod";
import { roundCents } from "../../domain/cart.ts";
import { validateCheckout } from "../../domain/checkout.ts";
import { paymentWireField } from "../../domain/checkout-order.ts";
import type { PaymentRequest } from "../../domain/checkout-wire.ts";
import { depositOf } from "../../domain/deposit.ts";
import { AMOUNT, formatLongDay, formatPrice } from "../../domain/format.ts";
import { type LeadTime, shipWindow, studioToday } from "../../domain/lead-time.ts";
import type { PaymentAnswer, PaymentDeps } from "../checkout/payment.ts";
import { type CartSource, processPayment } from "../checkout/payment.ts";
import type { PricedCart, PricedLine } from "../checkout/pricing.ts";
import { STALE_AFTER_MS } from "../checkout/stale-orders.ts";
import type { Db } from "../db/client.ts";
import { enquiries, orders, type QuoteLine, quotes, studioConfig } from "../db/schema.ts";
import { ApiError, badRequest } from "../http/errors.ts";
import { type MailStudio, renderBuyerMail } from "../mail/buyer-mail.tsx";
import { enqueueMail } from "../mail/outbox.ts";
import { PAGE_KEY } from "../orders/balance.ts";
import { hashOf, newToken, TOKEN } from "../orders/links.ts";
import type { StaffAccount } from "../staff/accounts.ts";
import { audit } from "../staff/audit.ts";

export type Quote = typeof quotes.$inferSelect;

/** How many lines a quote can have. */
export const QUOTE_LINES = 4;

const amount = (what: string) =>
  z
    .string()
    .trim()
    .regex(AMOUNT, `${what}: an amount such as 2400 or 2400.00.`)
    .transform(Number)
    .refine((n) => n > 0, `${what}: more than $0.`);
const weeks = (what: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,3}$/, `${what}: a whole number of weeks, such as 10.`)
    .transform(Number)
    .refine((n) => n >= 1 && n <= 104, `${what}: between 1 and 104 weeks.`);

const lineForm = z.object({
  title: z.string().trim().min(1, "Name the piece.").max(120, "A piece's name can be at most 120 characters."),
  description: z.string().trim().max(600, "A description can be at most 600 characters."),
  price: amount("Price"),
  quantity: z
    .string()
    .trim()
    .regex(/^\d{1,2}$/, "Quantity: a whole number from 1 to 99.")
    .transform(Number)
    .refine((n) => n >= 1, "Quantity: a whole number from 1 to 99."),
});

const quoteForm = z.object({
  buildWeeksMin: weeks("Fewest weeks"),
  buildWeeksMax: weeks("Most weeks"),
  depositPercent: z
    .string()
    .trim()
    .regex(/^\d{1,3}$/, "Deposit: a whole percentage from 10 to 100.")
    .transform(Number)
    .refine((n) => n >= 10 && n <= 100, "Deposit: a whole percentage from 10 to 100."),
  validUntil: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Valid until: a date such as 2027-01-15."),
  note: z.string().trim().max(2000, "The note can be at most 2,000 characters."),
});

/** A quote's form as posted: line fields `line-{i}-{name}`, the rest by name. */
export type QuoteFormValues = Record<string, string>;

/** Reads the back office's quote form; the first problem is a 400 naming the field as the form posts it. */
export function readQuoteForm(values: QuoteFormValues, today = studioToday()) {
  const lines: QuoteLine[] = [];
  for (let i = 0; i < QUOTE_LINES; i++) {
    const get = (name: string) => (values[`line-${i}-${name}`] ?? "").trim();
    if (!get("title") && !get("description") && !get("price")) continue;
    const parsed = lineForm.safeParse({
      title: get("title"),
      description: get("description"),
      price: get("price"),
      quantity: get("quantity") || "1",
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw badRequest(`line-${i}-${String(issue.path[0])}`, issue.message);
    }
    lines.push(parsed.data);
  }
  if (lines.length === 0) throw badRequest("line-0-title", "Add at least one piece, with its price.");
  const parsed = quoteForm.safeParse({
    buildWeeksMin: values.buildWeeksMin ?? "",
    buildWeeksMax: values.buildWeeksMax ?? "",
    depositPercent: values.depositPercent ?? "",
    validUntil: values.validUntil ?? "",
    note: values.note ?? "",
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw badRequest(String(issue.path[0]), issue.message);
  }
  const q = parsed.data;
  if (q.buildWeeksMax < q.buildWeeksMin) throw badRequest("buildWeeksMax", "Most weeks: at least the fewest.");
  const date = new Date(`${q.validUntil}T12:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== q.validUntil)
    throw badRequest("validUntil", "Valid until: a date such as 2027-01-15.");
  if (q.validUntil < today) throw badRequest("validUntil", "Valid until: today or later.");
  const total = roundCents(lines.reduce((s, l) => s + l.price * l.quantity, 0));
  return { ...q, lines, total };
}

/** The address of a quote's page. */
export type QuoteUrl = (token: string) => string;

/**
 * Writes a quote from an enquiry and mails its link to the visitor, in one transaction (the
 * outbox); the enquiry is marked replied with a note of it. Gives the quote's id.
 */
export async function createQuote(
  deps: { db: Db; quoteUrl: QuoteUrl },
  who: StaffAccount,
  studio: MailStudio,
  enquiryId: number,
  values: QuoteFormValues,
): Promise<number> {
  const q = readQuoteForm(values, await studioDay(deps.db));
  return deps.db.transaction(async (tx) => {
    const [enquiry] = await tx.select().from(enquiries).where(eq(enquiries.id, enquiryId)).for("update");
    if (!enquiry) throw badRequest("id", "No such enquiry.");
    const email = (enquiry.fields.email ?? "").trim();
    if (!email) throw badRequest("line-0-title", "This enquiry has no email address to send a quote to.");
    const name = `${enquiry.fields.firstName ?? ""} ${enquiry.fields.lastName ?? ""}`.trim() || email;
    const token = newToken();
    const [row] = await tx
      .insert(quotes)
      .values({ ...q, tokenHash: hashOf(token), enquiryId, name, email, staffId: who.id })
      .returning();
    const url = deps.quoteUrl(token);
    await enqueueMail(tx, [quoteMail(row!, studio, url)]);
    await tx
      .update(enquiries)
      .set({
        status: "replied",
        notes: [
          ...enquiry.notes,
          {
            at: new Date().toISOString(),
            by: who.name || who.email,
            text: `Quote #${row!.id} sent: ${formatPrice(q.total)}`,
          },
        ],
      })
      .where(eq(enquiries.id, enquiryId));
    await audit(tx, who, {
      action: "quote.create",
      entity: "enquiry",
      entityId: String(enquiryId),
      before: null,
      after: { quote: row!.id, total: q.total, validUntil: q.validUntil, depositPercent: q.depositPercent },
    });
    return row!.id;
  });
}

/** A quote's deposit: its percentage of the whole, with no floor (100 asks for all of it). */
const quoteRule = (q: Pick<Quote, "depositPercent">) => ({ percent: q.depositPercent, minimum: 0 });

/** What the acceptance charges now: the deposit, or (at 100 %) the whole. */
export function quoteDeposit(q: Pick<Quote, "total" | "depositPercent">) {
  const split = depositOf([{ total: q.total, madeToOrder: true }], 0, quoteRule(q));
  return split ?? { now: q.total, balance: 0, percent: 100 };
}

function quoteMail(q: Quote, studio: MailStudio, url: string) {
  const deposit = quoteDeposit(q);
  const holds = `It holds until ${formatLongDay(q.validUntil)}.`;
  const pays =
    deposit.balance > 0
      ? `To go ahead, accept it on its page and pay the deposit of ${formatPrice(deposit.now)} (${q.depositPercent}%); the balance is due when your pieces are ready.`
      : `To go ahead, accept it on its page and pay ${formatPrice(deposit.now)}.`;
  const weeksText = `Built in ${q.buildWeeksMin === q.buildWeeksMax ? q.buildWeeksMin : `${q.buildWeeksMin}–${q.buildWeeksMax}`} weeks from acceptance, after the work ahead of it.`;
  const lines = q.lines.map((l) => `  ${l.quantity} x ${l.title}: ${formatPrice(l.price * l.quantity)}`);
  return {
    kind: "quote",
    to: q.email,
    replyTo: studio.email,
    subject: `Your quote from ${studio.name}: ${formatPrice(q.total)}`,
    text: `Dear ${q.name},\n\nThank you for your enquiry. Here is our quote:\n\n${lines.join("\n")}\n\nTotal: ${formatPrice(q.total)} (USD, tax included)\n${weeksText}\n${q.note ? `\n${q.note}\n` : ""}\n${pays} ${holds}\n\n${url}\n\nReply to this mail with any question.\n\n${studio.name}\n`,
    html: renderBuyerMail({
      studio,
      preview: `Our quote: ${formatPrice(q.total)}. ${holds}`,
      heading: "Your quote",
      paragraphs: [
        `Dear ${q.name},`,
        "Thank you for your enquiry. Here is our quote.",
        ...(q.note ? [q.note] : []),
        weeksText,
        pays,
      ],
      lines: q.lines.map((l) => ({
        title: l.title,
        details: l.description || null,
        quantity: l.quantity,
        total: formatPrice(l.price * l.quantity),
      })),
      sums: [
        { label: "Total (USD, tax included)", value: formatPrice(q.total), strong: true },
        ...(deposit.balance > 0
          ? [{ label: `Deposit on acceptance (${q.depositPercent}%)`, value: formatPrice(deposit.now) }]
          : []),
      ],
      note: { label: "Valid until", value: formatLongDay(q.validUntil) },
      pageUrl: url,
      action: "See and accept the quote",
      pageNote: "The page shows your quote and takes the deposit: keep its link to yourself.",
    }),
  };
}

/** Where a quote stands for its visitor. */
export type QuoteState = "open" | "expired" | "accepted" | "withdrawn" | "paying";

/** Today in the studio's own time zone (domain/lead-time.ts). */
async function studioDay(db: Db): Promise<string> {
  const [studio] = await db.select({ timeZone: studioConfig.timeZone }).from(studioConfig);
  return studioToday(new Date(), studio?.timeZone);
}

/**
 * A quote's state now: 'paying' while an acceptance's payment is being made, 'accepted' once its
 * order stands (also when the process that charged it stopped before saying so).
 */
export async function quoteState(db: Db, q: Quote, day?: string): Promise<QuoteState> {
  if (q.status === "accepted" || q.status === "withdrawn") return q.status;
  if (q.status === "paying" && q.orderRef) {
    const [o] = await db.select({ status: orders.status }).from(orders).where(eq(orders.orderRef, q.orderRef));
    if (o && o.status !== "pending") return "accepted";
    if (o || (q.claimedAt && q.claimedAt.getTime() > Date.now() - STALE_AFTER_MS)) return "paying";
  }
  return q.validUntil < (day ?? (await studioDay(db))) ? "expired" : "open";
}

/** The quote a token opens; null for a wrong or malformed one. */
export async function findQuoteByToken(db: Db, token: string): Promise<Quote | null> {
  if (!TOKEN.test(token)) return null;
  const [q] = await db
    .select()
    .from(quotes)
    .where(eq(quotes.tokenHash, hashOf(token)));
  return q ?? null;
}

/** An enquiry's quotes, oldest first, each with its state. */
export async function listQuotes(db: Db, enquiryId: number) {
  const rows = await db.select().from(quotes).where(eq(quotes.enquiryId, enquiryId)).orderBy(asc(quotes.id));
  const day = await studioDay(db);
  return Promise.all(rows.map(async (q) => ({ ...q, state: await quoteState(db, q, day) })));
}

/** Withdraws a quote not yet accepted: its page then says so and takes no payment. */
export async function withdrawQuote(db: Db, who: StaffAccount, enquiryId: number, quoteId: number) {
  if (!(Number.isInteger(quoteId) && quoteId > 0 && quoteId <= 2_147_483_647))
    throw badRequest("quote", "No such quote.");
  await db.transaction(async (tx) => {
    const [q] = await tx.select().from(quotes).where(eq(quotes.id, quoteId)).for("update");
    if (!q || q.enquiryId !== enquiryId) throw badRequest("quote", "No such quote.");
    if (q.status !== "sent") throw badRequest("quote", "Only a quote not yet accepted can be withdrawn.");
    await tx.update(quotes).set({ status: "withdrawn" }).where(eq(quotes.id, quoteId));
    await audit(tx, who, {
      action: "quote.withdraw",
      entity: "enquiry",
      entityId: String(q.enquiryId ?? ""),
      before: { quote: q.id, status: q.status },
      after: { quote: q.id, status: "withdrawn" },
    });
  });
}

/**
 * A quote's lead time (built in its weeks, never from stock) and the window it would ship in if
 * accepted today, after the studio's backlog: for its page and for its order.
 */
export async function quoteLeadTime(db: Db, q: Pick<Quote, "buildWeeksMin" | "buildWeeksMax">) {
  const [studio] = await db
    .select({ backlogWeeks: studioConfig.backlogWeeks, timeZone: studioConfig.timeZone })
    .from(studioConfig);
  const lead: LeadTime = { days: 0, weeks: [q.buildWeeksMin, q.buildWeeksMax] };
  const today = studioToday(new Date(), studio?.timeZone);
  return { lead, window: shipWindow(lead, false, studio?.backlogWeeks ?? 0, today) };
}

/** The quote's lines as the payment path prices them: the studio's prices, from no stock, delivered by the studio. */
async function pricedQuote(db: Db, q: Quote): Promise<PricedCart> {
  const { window: built } = await quoteLeadTime(db, q);
  const lines: PricedLine[] = q.lines.map((l, i) => ({
    kind: "quote",
    itemId: i + 1,
    title: l.title,
    unitPrice: l.price,
    quantity: l.quantity,
    total: roundCents(l.price * l.quantity),
    customShipping: true,
    madeToOrder: true,
    stockRef: null,
    details: { quoteId: q.id, description: l.description },
    picture: null,
    shipWindows: { inStock: null, built },
    parcels: [],
  }));
  return {
    lines,
    subtotal: roundCents(lines.reduce((s, l) => s + l.total, 0)),
    parcels: [],
    specialized: lines.map((l) => ({ id: l.itemId, title: l.title })),
    cartKey: `quote:${q.id}`,
    depositRule: quoteRule(q),
  };
}

/** The quote as the order's source: claimed for one order at a time, and only while it holds. */
function quoteSource(db: Db, q: Quote): CartSource {
  return {
    price: () => pricedQuote(db, q),
    async claim(ref) {
      // Open, or left 'paying' long ago by an order that is gone (its process stopped mid-way;
      // a payment that is refused gives its claim up at once).
      const claimed = await db
        .update(quotes)
        .set({ status: "paying", orderRef: ref, claimedAt: new Date() })
        .where(
          and(
            eq(quotes.id, q.id),
            sql`${quotes.validUntil} >= ${await studioDay(db)}`,
            or(
              eq(quotes.status, "sent"),
              and(
                eq(quotes.status, "paying"),
                lt(quotes.claimedAt, new Date(Date.now() - STALE_AFTER_MS)),
                sql`not exists (select 1 from ${orders} where ${orders.orderRef} = ${quotes.orderRef})`,
              ),
            ),
          ),
        )
        .returning({ id: quotes.id });
      if (claimed.length > 0) return;
      const [now] = await db.select().from(quotes).where(eq(quotes.id, q.id));
      const state = now ? await quoteState(db, now) : "withdrawn";
      throw new ApiError(409, "quote_closed", QUOTE_REFUSALS[state], "quote");
    },
    async release(ref) {
      await db
        .update(quotes)
        .set({ status: "sent", orderRef: null })
        .where(and(eq(quotes.id, q.id), eq(quotes.orderRef, ref), eq(quotes.status, "paying")));
    },
    async accepted(ref) {
      await db
        .update(quotes)
        .set({ status: "accepted", acceptedAt: new Date() })
        .where(and(eq(quotes.id, q.id), eq(quotes.orderRef, ref)));
    },
  };
}

/** Why a quote cannot be paid now, by its state. */
export const QUOTE_REFUSALS: Record<QuoteState, string> = {
  open: "This quote is being accepted in another window: wait a moment and reload the page.",
  paying: "This quote is being accepted in another window: wait a moment and reload the page.",
  expired: "This quote has expired: write to us for a new one.",
  accepted: "This quote has already been accepted.",
  withdrawn: "This quote was withdrawn: write to us about it.",
};

/** The fields the quote page's form posts. */
export const ACCEPT_FIELDS = [
  "firstname",
  "lastname",
  "address",
  "city",
  "region",
  "postal",
  "phone",
  "account",
  "expiry",
  "cvv2",
  "name",
  "amount",
  "key",
] as const;

/**
 * Accepts a quote and pays what it asks now, through the checkout's payment: the posted amount
 * must be what the page showed (else a 409 with nothing charged), the address and card are held
 * to the checkout's rules, and the page's key makes a repeat answer the first time.
 */
export async function acceptQuote(
  deps: PaymentDeps,
  q: Quote,
  form: Record<(typeof ACCEPT_FIELDS)[number], string>,
  client: string,
): Promise<PaymentAnswer> {
  const errors = validateCheckout({
    firstname: form.firstname,
    lastname: form.lastname,
    country: "US",
    address: form.address,
    city: form.city,
    state: form.region,
    zip: form.postal,
    phone: form.phone,
    email: q.email,
    cardNumber: form.account,
    expiry: form.expiry,
    cvc: form.cvv2,
    nameOnCard: form.name,
  });
  const first = Object.entries(errors)[0];
  if (first) throw badRequest(paymentWireField(first[0]), first[1] as string);
  if (!AMOUNT.test(form.amount.trim()))
    throw badRequest("amount", "amount: the amount the page shows, such as 2400.00");
  if (!PAGE_KEY.test(form.key)) throw badRequest("key", "key: missing; reload the page");
  const deposit = quoteDeposit(q);
  const body: PaymentRequest = {
    firstname: form.firstname.trim().slice(0, 100),
    lastname: form.lastname.trim().slice(0, 100),
    deliveryName: `${form.firstname.trim()} ${form.lastname.trim()}`.trim().slice(0, 200),
    country: "US",
    address: form.address.trim().slice(0, 200),
    city: form.city.trim().slice(0, 100),
    region: form.region.trim().slice(0, 100),
    postal: form.postal.trim().slice(0, 20),
    phone: form.phone.trim().slice(0, 40),
    email: q.email,
    account: form.account.replace(/\D/g, "").slice(0, 30),
    expiry: form.expiry.replace(/\D/g, "").slice(0, 4),
    cvv2: form.cvv2.replace(/\D/g, "").slice(0, 4),
    name: form.name.trim().slice(0, 200),
    amount: q.total,
    currency: "USD",
    shippingTotal: 0,
    shippingRateId: null,
    products: q.lines.map((l, i) => ({
      id: i + 1,
      quantity: l.quantity,
      title: l.title,
      price: l.price,
      total: roundCents(l.price * l.quantity),
    })),
    payNow: deposit.balance > 0 ? "deposit" : "full",
    ...(deposit.balance > 0 ? { deposit: Number(form.amount) } : {}),
  };
  if (deposit.balance === 0 && Math.abs(Number(form.amount) - q.total) > 0.004)
    throw badRequest("amount", `The amount is ${formatPrice(q.total)}: reload the page.`);
  return processPayment(deps, form.key, body, client, quoteSource(deps.db, q));
}
