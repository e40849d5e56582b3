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
import { paymentRequestSchema } from "../../domain/checkout-wire.ts";
import { AMOUNT, formatLongDay, formatPrice } from "../../domain/format.ts";
import { type LeadTime, shipWindow, studioToday } from "../../domain/lead-time.ts";
import { type Cents, formatCents, parseDollars, sumCents, toCents, toDollars } from "../../domain/money.ts";
import { type QuoteMoney, quoteDepositRule, quoteMoney } from "../../domain/quote-money.ts";
import { US_STATES } from "../../domain/regions.ts";
import { stateCode, type TaxRule, taxRuleFor } from "../../domain/tax.ts";
import type { PaymentDeps } from "../checkout/payment.ts";
import { type CartSource, processPayment } from "../checkout/payment.ts";
import type { PricedCart, PricedLine } from "../checkout/pricing.ts";
import { STALE_AFTER_MS } from "../checkout/stale-orders.ts";
import type { Db } from "../db/client.ts";
import { enquiries, orders, type QuoteLine, quotes, studioConfig } from "../db/schema.ts";
import { ApiError, badRequest } from "../http/errors.ts";
import { type MailStudio, renderBuyerMail } from "../mail/buyer-mail.tsx";
import { enqueueMail } from "../mail/outbox.ts";
import { PAGE_KEY } from "../orders/balance.ts";
import { hashOf, mailedQuoteLink, newToken, TOKEN } from "../orders/links.ts";
import type { StaffAccount } from "../staff/accounts.ts";
import { audit } from "../staff/audit.ts";

export type Quote = typeof quotes.$inferSelect;

/** A quote line's price times its quantity, in cents. */
const lineCents = (l: Pick<QuoteLine, "price" | "quantity">): Cents => toCents(l.price) * l.quantity;

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
  const total = toDollars(sumCents(lines.map(lineCents)));
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
    const url = deps.quoteUrl(mailedQuoteLink(row!.id));
    const [config] = await tx.select({ salesTax: studioConfig.salesTax }).from(studioConfig);
    await enqueueMail(tx, [quoteMail(row!, studio, url, config?.salesTax ?? [])]);
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

/** The quote's goods, in cents: its lines' prices times their quantities. */
export const quoteGoods = (q: Pick<Quote, "lines">): Cents => sumCents(q.lines.map(lineCents));

/** What the quote comes to for a delivery under `rule` (none: no sales tax), and what its acceptance charges now. */
export const quoteFigures = (q: Pick<Quote, "lines" | "depositPercent">, rule: TaxRule | null): QuoteMoney =>
  quoteMoney(quoteGoods(q), q.depositPercent, rule);

/** A state's name as a sentence says it ("Pennsylvania"), from its postal code. */
export const stateName = (code: string): string => US_STATES.find((s) => s.code === code)?.name ?? code;

/**
 * What a quote's mail says of sales tax: where the studio collects it and at what rate (the
 * figures are before tax, which is added on acceptance for a delivery in one of those states).
 */
function taxSentence(rules: readonly TaxRule[]): string {
  if (rules.length === 0) return "";
  const where = rules.map((r) => `${r.rate}% for delivery in ${stateName(r.state)}`);
  return `Prices are before sales tax, which is added on acceptance: ${where.join("; ")}.`;
}

function quoteMail(q: Quote, studio: MailStudio, url: string, rules: readonly TaxRule[]) {
  const untaxed = quoteFigures(q, null);
  const asks = untaxed.balance > 0;
  const holds = `It holds until ${formatLongDay(q.validUntil)}.`;
  const taxed = taxSentence(rules);
  const pays = asks
    ? `To go ahead, accept it on its page and pay the deposit of ${formatCents(untaxed.now)} (${q.depositPercent}%)${rules.length ? ", plus its sales tax where we collect it" : ""}; the balance is due when your pieces are ready.`
    : `To go ahead, accept it on its page and pay ${formatCents(untaxed.now)}${rules.length ? ", plus sales tax where we collect it" : ""}.`;
  const weeksText = `Built in ${q.buildWeeksMin === q.buildWeeksMax ? q.buildWeeksMin : `${q.buildWeeksMin}–${q.buildWeeksMax}`} weeks from acceptance, after the work ahead of it.`;
  const lines = q.lines.map((l) => `  ${l.quantity} x ${l.title}: ${formatCents(lineCents(l))}`);
  const totalLabel = rules.length ? "Total before sales tax" : "Total";
  return {
    kind: "quote",
    to: q.email,
    replyTo: studio.email,
    subject: `Your quote from ${studio.name}: ${formatPrice(q.total)}`,
    text: `Dear ${q.name},\n\nThank you for your enquiry. Here is our quote:\n\n${lines.join("\n")}\n\n${totalLabel}: ${formatPrice(q.total)} (USD)\n${taxed ? `${taxed}\n` : ""}${weeksText}\n${q.note ? `\n${q.note}\n` : ""}\n${pays} ${holds}\n\n${url}\n\nReply to this mail with any question.\n\n${studio.name}\n`,
    html: renderBuyerMail({
      studio,
      preview: `Our quote: ${formatPrice(q.total)}. ${holds}`,
      heading: "Your quote",
      paragraphs: [
        `Dear ${q.name},`,
        "Thank you for your enquiry. Here is our quote.",
        ...(q.note ? [q.note] : []),
        weeksText,
        ...(taxed ? [taxed] : []),
        pays,
      ],
      lines: q.lines.map((l) => ({
        title: l.title,
        details: l.description || null,
        quantity: l.quantity,
        total: formatCents(lineCents(l)),
      })),
      sums: [
        { label: `${totalLabel} (USD)`, value: formatPrice(q.total), strong: true },
        ...(asks
          ? [
              {
                label: `Deposit on acceptance (${q.depositPercent}%)${rules.length ? ", before tax" : ""}`,
                value: formatCents(untaxed.now),
              },
            ]
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
    .select({
      backlogWeeks: studioConfig.backlogWeeks,
      timeZone: studioConfig.timeZone,
      salesTax: studioConfig.salesTax,
    })
    .from(studioConfig);
  const lead: LeadTime = { days: 0, weeks: [q.buildWeeksMin, q.buildWeeksMax] };
  const today = studioToday(new Date(), studio?.timeZone);
  return {
    lead,
    window: shipWindow(lead, false, studio?.backlogWeeks ?? 0, today),
    taxRules: studio?.salesTax ?? [],
  };
}

/** The quote's lines as the payment path prices them: the studio's prices, from no stock, delivered by the studio. */
async function pricedQuote(db: Db, q: Quote): Promise<PricedCart> {
  const { window: built, taxRules } = await quoteLeadTime(db, q);
  const lines: PricedLine[] = q.lines.map((l, i) => ({
    kind: "quote",
    itemId: i + 1,
    title: l.title,
    unitPrice: l.price,
    quantity: l.quantity,
    total: toDollars(lineCents(l)),
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
    subtotal: toDollars(sumCents(q.lines.map(lineCents))),
    parcels: [],
    specialized: lines.map((l) => ({ id: l.itemId, title: l.title })),
    cartKey: `quote:${q.id}`,
    depositRule: quoteDepositRule(q.depositPercent),
    taxRules,
  };
}

/** The quote as the order's source: claimed for one order at a time, and only while it holds. */
function quoteSource(db: Db, q: Quote, cart: PricedCart): CartSource {
  return {
    price: async () => cart,
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

const wire = paymentRequestSchema.shape;

/**
 * The quote page's form: the address and card as the payment takes them (its fields have the
 * payment's own names and limits, domain/checkout-wire.ts), the amount the page showed, in
 * cents, and the page's key. The checkout's rules (domain/checkout.ts) are the payment's to apply.
 */
const acceptForm = z.object({
  firstname: wire.firstname,
  lastname: wire.lastname,
  address: wire.address,
  city: wire.city,
  region: wire.region,
  postal: wire.postal,
  phone: wire.phone,
  account: wire.account,
  expiry: wire.expiry,
  cvv2: wire.cvv2,
  name: wire.name,
  amount: z.string().transform((text, ctx): Cents => {
    const cents = parseDollars(text);
    if (cents !== null) return cents;
    ctx.addIssue({ code: "custom", message: "amount: the amount the page shows, such as 2400.00" });
    return z.NEVER;
  }),
  key: z.string().regex(PAGE_KEY, "key: missing; reload the page"),
});

export type AcceptForm = z.infer<typeof acceptForm>;

/** Reads the quote page's form once; the first problem is a 400 naming the field as the form posts it. */
export function readAcceptForm(values: Record<(typeof ACCEPT_FIELDS)[number], string>) {
  const parsed = acceptForm.safeParse(values);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = String(issue.path[0] ?? "key");
  throw badRequest(
    field,
    issue.code === "too_big" ? `This can be at most ${issue.maximum} characters.` : issue.message,
  );
}

/** What became of an acceptance: its order, what was paid now and what is due later; or why nothing was charged. */
export type Acceptance =
  | { status: "accepted"; orderRef: string; paid: Cents; due: Cents }
  | { status: "declined" | "failed" };

/** The payment's approved answer, as far as an acceptance reads it (docs/api.md "Checkout"). */
const approved = z.object({
  status: z.literal("approved"),
  orderId: z.string(),
  order: z.object({ total: z.number() }),
  deposit: z.object({ paid: z.number(), balance: z.number() }).optional(),
});

/** The figures a refused acceptance gives back (cents): those for the state posted, for the page to show and confirm. */
export type FreshQuoteFigures = { region: string; tax: Cents; now: Cents; balance: Cents; total: Cents };

/** Why the amount confirmed is not the one charged for that state, with the figures to confirm instead. */
function amountRefused(region: string, rule: TaxRule | null, money: QuoteMoney): ApiError {
  const what = money.balance > 0 ? "the deposit comes to" : "the quote comes to";
  const code = stateCode(region);
  const where = code ? `Delivered in ${stateName(code)}` : "Delivered there";
  const tax = rule
    ? `${formatCents(money.now)} with its sales tax of ${formatCents(money.nowTax)} (${rule.rate}%)`
    : `${formatCents(money.now)}, with no sales tax`;
  const fresh: FreshQuoteFigures = {
    region,
    tax: money.tax.tax,
    now: money.now,
    balance: money.balance,
    total: money.total,
  };
  return new ApiError(
    409,
    "price_changed",
    `${where}, ${what} ${tax}. Nothing was charged: check the figures, enter your card again and confirm.`,
    "amount",
    { fresh },
  );
}

/**
 * Accepts a quote and pays what it asks now, through the checkout's payment with the quote as
 * the order's source. The sales tax is the studio's rule for the state posted, as at the
 * checkout; the posted amount is what the buyer confirmed: when it is not the server's for that
 * state (the page showed the untaxed figure, or the rule changed), the answer is a 409 with the
 * figures for that state and nothing is charged. The address and card are held to the
 * checkout's rules; the page's key makes a repeat get the first outcome (the same order and
 * figures: a repeat makes nothing new). The order's one link is the confirmation mail's.
 */
export async function acceptQuote(
  deps: PaymentDeps,
  q: Quote,
  posted: Record<(typeof ACCEPT_FIELDS)[number], string>,
  client: string,
): Promise<Acceptance> {
  const { amount: shown, key, ...person } = readAcceptForm(posted);
  const cart = await pricedQuote(deps.db, q);
  const rule = taxRuleFor(cart.taxRules, { country: "US", region: person.region });
  const money = quoteFigures(q, rule);
  const asks = money.balance > 0;
  let answer: Awaited<ReturnType<typeof processPayment>>;
  try {
    // The payment compares the confirmed amount (the deposit, or the whole) with its own for the
    // state, after a repeat of the key has had its first answer.
    answer = await processPayment(
      deps,
      key,
      {
        ...person,
        deliveryName: "",
        country: "US",
        email: q.email,
        amount: toDollars(asks ? money.total : shown),
        currency: "USD",
        shippingTotal: 0,
        shippingRateId: null,
        products: cart.lines.map((l) => ({ id: l.itemId, quantity: l.quantity })),
        payNow: asks ? "deposit" : "full",
        ...(asks ? { deposit: toDollars(shown) } : {}),
      },
      client,
      quoteSource(deps.db, q, cart),
    );
  } catch (err) {
    if (err instanceof ApiError && err.code === "price_changed") throw amountRefused(person.region, rule, money);
    throw err;
  }
  const read = approved.safeParse(answer.body);
  if (read.success) {
    const { orderId, order, deposit: split } = read.data;
    return {
      status: "accepted",
      orderRef: orderId,
      paid: toCents(split?.paid ?? order.total),
      due: toCents(split?.balance ?? 0),
    };
  }
  const status = z.object({ status: z.string() }).safeParse(answer.body);
  return { status: status.success && status.data.status === "declined" ? "declined" : "failed" };
}
