/**
 * Paying what is due on an order from its page (docs/product.md, "Paying what is due"): a
 * balance after a deposit, a charge the studio added (order-charges.ts), or the first payment of
 * an order the studio wrote (first-payment.ts). The buyer pays exactly what is due, by card.
 *
 * Money is never charged twice or past what is due: a payment is claimed first, in one
 * transaction that locks the order, checks the amount against what is due and inserts a
 * 'pending' row under the page's idempotency key; a unique index allows one pending payment per
 * order, so a second attempt at the same time is refused before any card is charged. A repeat of
 * a key gets the first answer. The charge goes through the one payment path
 * (server/payments/take-payment.ts: a lost answer is looked up and voided), and is recorded in a
 * second transaction. A claim whose process stopped is settled by stale-payments.ts.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { digitsOnly, expiryToMMYY } from "../../domain/cards.ts";
import { validateCard } from "../../domain/checkout.ts";
import { paymentWireField } from "../../domain/checkout-order.ts";
import { AMOUNT, typedAmount } from "../../domain/format.ts";
import { type Cents, formatCents, toCents, toDollars } from "../../domain/money.ts";
import { CANCELLED } from "../../domain/order-status.ts";
import type { Db } from "../db/client.ts";
import { sqlState } from "../db/retry.ts";
import { orderPayments, orders } from "../db/schema.ts";
import { badRequest } from "../http/errors.ts";
import type { Logger } from "../logger.ts";
import type { MailStudio } from "../mail/buyer-mail.tsx";
import { enqueueMail } from "../mail/outbox.ts";
import { assertWithinLimits, type ClientLimits, countDecline } from "../payments/client-limits.ts";
import type { PaymentGateway } from "../payments/gateway.ts";
import { takePayment } from "../payments/take-payment.ts";
import { awaitsFirstPayment, firstDeposit, markFirstPayment, paymentTax } from "./first-payment.ts";
import { moneyOf } from "./ledger.ts";
import { newOrderRef } from "./order-ref.ts";
import { paymentReceipt } from "./payment-receipt.ts";
import { settleStalePayments } from "./stale-payments.ts";

/** The studio's charges, where the order's pages and the back office have always found them. */
export { addOrderCharge, listOrderCharges, listOrderPayments } from "./order-charges.ts";

type Order = typeof orders.$inferSelect;

/** What a page's payment key looks like (newPaymentKey makes 24 characters of these). */
export const PAGE_KEY = /^[A-Za-z0-9_-]{16,100}$/;

/** What the order page's form posts besides the card (held to the checkout's card rules): the amount it shows, and its key. */
const payForm = z.object({
  name: z.string().trim().max(200, "Please provide a valid cardholder name."),
  amount: z.string().trim().regex(AMOUNT, "amount: the amount due, such as 350.00").transform(typedAmount),
  key: z.string().regex(PAGE_KEY, "key: missing; reload the page"),
});

/** Reads a posted payment; the first problem is a 400 naming the field as the form posts it. */
function readPayment(input: Record<string, string>) {
  const errors = validateCard({
    cardNumber: input.account ?? "",
    cvc: input.cvv2 ?? "",
    expiry: input.expiry ?? "",
    nameOnCard: input.name ?? "",
  });
  const first = Object.entries(errors)[0];
  if (first) throw badRequest(paymentWireField(first[0]), first[1]);
  const parsed = payForm.safeParse({ name: input.name ?? "", amount: input.amount ?? "", key: input.key ?? "" });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw badRequest(String(issue.path[0] ?? "form"), issue.message);
  }
  return {
    ...parsed.data,
    account: digitsOnly(input.account ?? ""),
    expiry: expiryToMMYY(input.expiry ?? "") ?? digitsOnly(input.expiry ?? ""),
    cvv2: digitsOnly(input.cvv2 ?? ""),
  };
}

export type BalanceOutcome =
  | { status: "approved"; amount: number; due: number }
  | { status: "declined" | "failed"; message: string; due: number };

/** A key for one payment attempt from a page (the page renders one; its form posts it back). */
export const newPaymentKey = () => randomBytes(18).toString("base64url");

/**
 * Pays what is due on an order by card. The amount must be what is due now (else a 409-like
 * refusal naming `amount`, with nothing charged), or, for the first payment of an order the
 * studio wrote, its deposit when one is offered (server/orders/first-payment.ts); a payment
 * already in flight for the order, or nothing due, is refused the same way; a repeat of the key
 * gets the first outcome. An order awaiting its first payment becomes paid with it.
 */
export async function payBalance(
  deps: {
    db: Db;
    gateway: PaymentGateway;
    logger: Logger;
    studio: () => Promise<MailStudio>;
    /** The address of the order page a token opens, for the confirmation of a first payment. */
    orderPageUrl: (token: string) => string;
  } & ClientLimits,
  orderId: number,
  input: Record<string, string>,
  client: string,
): Promise<BalanceOutcome> {
  const card = readPayment(input);
  // The checkout's own limits: card tests through an order's page count the same.
  await assertWithinLimits(deps, client);
  await settleStalePayments(deps, orderId);

  // A repeat of the key: the first attempt's outcome (or its refusal while it is still running).
  const [seen] = await deps.db.select().from(orderPayments).where(eq(orderPayments.key, card.key));
  if (seen) {
    if (seen.orderId !== orderId) throw badRequest("key", "key: belongs to another order; reload the page");
    return outcomeOf(deps.db, seen);
  }

  // The gateway's order id of a balance: B and a number of the orders' alphabet, one longer than
  // an order's, so it never names an order.
  const ref = `B${newOrderRef()}`;
  let order: Order;
  /** What is charged: what is due, or the deposit of a first payment. */
  let asked: Cents;
  try {
    [order, asked] = await deps.db.transaction(async (tx) => {
      const [o] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
      if (!o || o.status === "pending" || o.status === CANCELLED) throw badRequest("id", "No such order.");
      const money = await moneyOf(tx, o);
      const whole = money.due;
      if (whole <= 0) throw badRequest("amount", "Nothing is due on this order.");
      const deposit = await firstDeposit(tx, o, money);
      const posted = toCents(card.amount);
      const charged = deposit && posted === deposit.now ? deposit.now : whole;
      if (posted !== charged)
        throw badRequest("amount", `The amount due is now ${formatCents(whole)}: reload the page to pay it.`);
      await tx.insert(orderPayments).values({
        orderId,
        key: card.key,
        ref,
        amount: toDollars(charged),
        // Its share of the tax, worked out under the order's lock from the ledger as it stands.
        tax: toDollars(paymentTax(money, charged, deposit)),
        status: "pending",
        source: "order_page",
      });
      return [o, charged] as const;
    });
  } catch (err) {
    // 23505: another payment is in flight for this order (or this key was claimed meanwhile).
    if (sqlState(err) === "23505")
      throw badRequest("amount", "A payment for this order is already being made: wait a moment and reload the page.");
    throw err;
  }

  const paid = await takePayment(deps, {
    source: awaitsFirstPayment(order) ? "first_payment" : "balance",
    ref,
    card: {
      account: card.account,
      expiry: card.expiry,
      cvv2: card.cvv2,
      name: card.name,
      address: order.address.address,
      city: order.address.city,
      region: order.address.region,
      country: order.address.country,
      postal: order.address.postal,
      phone: order.phone,
      email: order.email,
    },
    amount: asked,
    // Counted outside any write: the limits live in the same database (one connection on PGlite).
    onDeclined: () => countDecline(deps, client),
  });
  const auth = paid.auth;
  const studio = await deps.studio().catch(() => null);
  await deps.db.transaction(async (tx) => {
    // The order first, as the claim locks it: a payment being recorded and another being claimed
    // take their locks in one order, so neither waits on the other for ever.
    const [o] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    const status = paid.kind;
    await tx
      .update(orderPayments)
      .set({ status, retref: auth.retref || null, resptext: auth.resptext ?? "", settledAt: new Date() })
      .where(eq(orderPayments.ref, ref));
    if (status !== "approved") return;
    // The mirror kept for the previous release (schema.ts); the payment's row is what is read.
    const paidTotal = toDollars(toCents(o!.paidTotal) + asked);
    await tx.update(orders).set({ paidTotal }).where(eq(orders.id, orderId));
    // The first payment of an order the studio wrote: it is paid now, and confirmed as the checkout's.
    if (awaitsFirstPayment(o!)) await markFirstPayment(tx, o!, toDollars(asked), studio, deps.orderPageUrl);
    else if (studio) {
      const [row] = await tx.select({ tax: orderPayments.tax }).from(orderPayments).where(eq(orderPayments.ref, ref));
      const after = await moneyOf(tx, o!);
      await enqueueMail(tx, [
        paymentReceipt({ studio, order: o!, amount: asked, tax: toCents(row?.tax ?? 0), due: after.due }),
      ]);
    }
  });
  deps.logger.info({ orderRef: order.orderRef, paymentRef: ref, respstat: auth.respstat }, "Order balance payment");
  const [settled] = await deps.db.select().from(orderPayments).where(eq(orderPayments.ref, ref));
  return outcomeOf(deps.db, settled!);
}

/** A stored payment's outcome, with what is due on its order now. */
async function outcomeOf(db: Db, p: typeof orderPayments.$inferSelect): Promise<BalanceOutcome> {
  const [o] = await db.select().from(orders).where(eq(orders.id, p.orderId));
  const due = o ? toDollars((await moneyOf(db, o)).due) : 0;
  if (p.status === "approved") return { status: "approved", amount: p.amount, due };
  if (p.status === "pending")
    throw badRequest("amount", "This payment is still being made: wait a moment and reload the page.");
  if (p.status === "declined")
    return { status: "declined", message: "The card was declined. Nothing was charged; try another card.", due };
  return { status: "failed", message: "The payment could not be made just now. Nothing was charged; try again.", due };
}
