/**
 * A quote accepted on its page (docs/product.md, "Quotes"): the page's form read once with the
 * payment's own field limits, and what it asks now paid through the checkout's payment
 * (server/checkout/payment.ts) with the quote as the order's source (cart-source.ts): the same
 * key, limits, card rules, charge, recovery and confirmation mail. The sales tax is the studio's
 * rule for the state posted; an amount confirmed that is not the server's for that state charges
 * nothing and is answered with the figures to confirm instead. The answer is read into a typed
 * `Acceptance`.
 */
import { z } from "zod";
import { paymentRequestSchema } from "../../domain/checkout-wire.ts";
import { type Cents, formatCents, parseDollars, toCents, toDollars } from "../../domain/money.ts";
import type { QuoteMoney } from "../../domain/quote-money.ts";
import { stateCode, type TaxRule, taxRuleFor } from "../../domain/tax.ts";
import type { PaymentDeps } from "../checkout/payment.ts";
import { processPayment } from "../checkout/payment.ts";
import { ApiError, badRequest } from "../http/errors.ts";
import { PAGE_KEY } from "../orders/balance.ts";
import { pricedQuote, quoteSource } from "./cart-source.ts";
import { type Quote, quoteFigures, stateName } from "./quote.ts";

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
