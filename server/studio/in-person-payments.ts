/**
 * Payments the studio takes in person (docs/product.md, "Orders the studio writes"): cash, a
 * check (its number) or the card terminal (its receipt), recorded on an order with money due as
 * an approved order_payments row with its `method` and `reference`. The first payment of an
 * order the studio wrote makes it paid (server/orders/first-payment.ts); a later one, a balance
 * paid in cash say, mails the buyer a receipt.
 */
import { and, eq } from "drizzle-orm";
import { IN_PERSON_METHODS, isInPersonMethod, MANUAL_LIMITS, needsReference } from "../../domain/manual-order.ts";
import { type Cents, decimalText, formatCents, toCents, toDollars } from "../../domain/money.ts";
import { CANCELLED } from "../../domain/order-status.ts";
import type { Db } from "../db/client.ts";
import { sqlState } from "../db/retry.ts";
import { orderPayments, orders } from "../db/schema.ts";
import type { AppDeps } from "../deps.ts";
import { badRequest } from "../http/errors.ts";
import type { MailStudio } from "../mail/buyer-mail.tsx";
import { enqueueMail } from "../mail/outbox.ts";
import { awaitsFirstPayment, firstDeposit, markFirstPayment, paymentTax } from "../orders/first-payment.ts";
import { moneyOf } from "../orders/ledger.ts";
import { orderPageUrl } from "../orders/links.ts";
import { newOrderRef } from "../orders/order-ref.ts";
import { paymentReceipt } from "../orders/payment-receipt.ts";
import type { StaffAccount } from "../staff/accounts.ts";
import { audit } from "../staff/audit.ts";
import { amountOf, FORM_KEY } from "./manual-order-form.ts";

type Deps = Pick<AppDeps, "database" | "mailer" | "config" | "changes" | "logger">;

export type InPerson = { method: keyof typeof IN_PERSON_METHODS; amount: number; reference: string };

/** A payment taken in person as posted: how, how much and its reference, checked. */
export function inPersonOf(values: { method: string; amount: string; reference: string }): InPerson {
  if (!isInPersonMethod(values.method))
    throw badRequest("method", "Choose how it was paid: cash, check or card terminal.");
  const amount = amountOf(values.amount);
  if (amount === null || amount <= 0) throw badRequest("amount", "Enter the amount taken, such as 120 or 120.00.");
  const reference = values.reference.slice(0, MANUAL_LIMITS.referenceLength + 1);
  if (reference.length > MANUAL_LIMITS.referenceLength)
    throw badRequest("reference", `The reference can be at most ${MANUAL_LIMITS.referenceLength} characters.`);
  if (needsReference(values.method) && !reference)
    throw badRequest(
      "reference",
      values.method === "check" ? "Enter the check's number." : "Enter the terminal receipt's number.",
    );
  return { method: values.method, amount, reference };
}

/**
 * Records a payment taken in person on an order with money due (its first, or a balance paid in
 * cash): an approved order_payments row with its method and reference, what was paid raised; the
 * first payment of an order awaiting one makes it paid and mails the confirmation, a later one a
 * receipt. A repeat of the form's key records nothing more.
 */
export async function recordInPersonPayment(
  deps: Deps,
  who: StaffAccount,
  studio: MailStudio,
  orderId: number,
  values: { method: string; amount: string; reference: string; key: string },
): Promise<{ amount: Cents; due: Cents; repeated: boolean }> {
  if (!FORM_KEY.test(values.key)) throw badRequest("key", "This form has expired. Reload the page and try again.");
  const paid = inPersonOf(values);
  const db = deps.database.db;
  const repeat = async () => {
    const [p] = await db.select().from(orderPayments).where(eq(orderPayments.key, values.key));
    if (!p) return null;
    if (p.orderId !== orderId) throw badRequest("key", "This form has expired. Reload the page and try again.");
    const [o] = await db.select().from(orders).where(eq(orders.id, orderId));
    return { amount: toCents(p.amount), due: o ? (await moneyOf(db, o)).due : 0, repeated: true };
  };
  const seen = await repeat();
  if (seen) return seen;
  try {
    const due = await db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
      if (!order || order.status === "pending" || order.status === "failed") throw badRequest("id", "No such order.");
      return recordPayment(deps, tx, who, studio, order, { ...paid, key: values.key });
    });
    deps.mailer.kick();
    return { amount: toCents(paid.amount), due, repeated: false };
  } catch (err) {
    if (sqlState(err) === "23505") {
      const first = await repeat();
      if (first) return first;
    }
    throw err;
  }
}

/** Inside the caller's transaction, the order row locked: the payment recorded. Gives what is still due, in cents. */
export async function recordPayment(
  deps: Pick<Deps, "config">,
  tx: Db,
  who: StaffAccount,
  studio: MailStudio,
  order: typeof orders.$inferSelect,
  paid: InPerson & { key: string },
): Promise<Cents> {
  if (order.status === CANCELLED) throw badRequest("amount", "This order was cancelled: nothing is due.");
  const before = await moneyOf(tx, order);
  const due = before.due;
  const amount = toCents(paid.amount);
  if (due <= 0) throw badRequest("amount", "Nothing is due on this order.");
  if (amount > due) throw badRequest("amount", `${formatCents(due)} is due: the amount taken can be at most that.`);
  const [inFlight] = await tx
    .select({ id: orderPayments.id })
    .from(orderPayments)
    .where(and(eq(orderPayments.orderId, order.id), eq(orderPayments.status, "pending")));
  if (inFlight)
    throw badRequest("amount", "The buyer is paying by card on the order's page right now: wait a moment and reload.");
  // Its share of the tax, from the ledger as it stands under the order's lock (the deposit's own on a first deposit).
  const tax = paymentTax(before, amount, await firstDeposit(tx, order, before));
  const now = new Date();
  await tx.insert(orderPayments).values({
    orderId: order.id,
    key: paid.key,
    ref: `P${newOrderRef()}`,
    amount: paid.amount,
    tax: toDollars(tax),
    status: "approved",
    method: paid.method,
    reference: paid.reference || null,
    resptext: `Taken in person: ${IN_PERSON_METHODS[paid.method].toLowerCase()}`,
    source: "in_person",
    createdAt: now,
    settledAt: now,
  });
  // The mirror kept for the previous release (schema.ts); the payment's row is what is read.
  const paidTotal = toDollars(toCents(order.paidTotal) + amount);
  await tx.update(orders).set({ paidTotal }).where(eq(orders.id, order.id));
  const pageUrl = (token: string) => orderPageUrl(deps.config, token);
  if (awaitsFirstPayment(order)) await markFirstPayment(tx, order, paid.amount, studio, pageUrl);
  else
    await enqueueMail(tx, [
      paymentReceipt({
        studio,
        order,
        amount,
        tax,
        due: due - amount,
        how: IN_PERSON_METHODS[paid.method].toLowerCase(),
      }),
    ]);
  await audit(tx, who, {
    action: "order.payment",
    entity: "order",
    entityId: order.orderRef,
    before: { paidTotal: decimalText(before.paid), status: order.status },
    after: { method: paid.method, amount: decimalText(amount), reference: paid.reference },
  });
  return due - amount;
}
