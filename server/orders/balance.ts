/**
 * What is due on an order after checkout, and its payment from the order's page
 * (docs/product.md, "Paying what is due"). The studio adds a charge (a white-glove delivery);
 * the buyer pays exactly what is due, by card, from the page their mail links to.
 *
 * Money is never charged twice or past what is due: a payment is claimed first, in one
 * transaction that locks the order, checks the amount against what is due and inserts a
 * 'pending' row under the page's idempotency key; a unique index allows one pending payment per
 * order, so a second attempt at the same time is refused before any card is charged. A repeat of
 * a key gets the first answer. The charge itself goes through the checkout's `charge` (a lost
 * answer is looked up and voided), and is recorded in a second transaction.
 */
import { randomBytes } from "node:crypto";
import { and, asc, eq, lt } from "drizzle-orm";
import { z } from "zod";
import { digitsOnly, expiryToMMYY } from "../../domain/cards.ts";
import { validateCard } from "../../domain/checkout.ts";
import { paymentWireField } from "../../domain/checkout-order.ts";
import { AMOUNT, formatPrice } from "../../domain/format.ts";
import { formatCents, toCents, toDollars } from "../../domain/money.ts";
import { CANCELLED } from "../../domain/order-status.ts";
import { charge, voidChargeOf } from "../checkout/charge.ts";
import { assertWithinLimits, type ClientLimits, countDecline } from "../checkout/payment.ts";
import type { Db } from "../db/client.ts";
import { sqlState } from "../db/retry.ts";
import { orderCharges, orderPayments, orders } from "../db/schema.ts";
import { badRequest } from "../http/errors.ts";
import type { Logger } from "../logger.ts";
import type { MailStudio } from "../mail/buyer-mail.tsx";
import { renderBuyerMail } from "../mail/buyer-mail.tsx";
import { enqueueMail } from "../mail/outbox.ts";
import type { PaymentGateway } from "../payments/gateway.ts";
import type { StaffAccount } from "../staff/accounts.ts";
import { audit } from "../staff/audit.ts";
import { awaitsFirstPayment, firstDeposit, markFirstPayment } from "./first-payment.ts";
import { moneyOf } from "./ledger.ts";
import { mailedOrderLink } from "./links.ts";
import { newOrderRef } from "./order-ref.ts";

type Order = typeof orders.$inferSelect;

const chargeForm = z.object({
  label: z
    .string()
    .trim()
    .min(1, "Say what the charge is for, such as White-glove delivery.")
    .max(120, "The charge's name can be at most 120 characters."),
  chargeAmount: z
    .string()
    .trim()
    .regex(/^\d{1,6}(\.\d{1,2})?$/, "Amount: enter an amount such as 350 or 350.00.")
    .transform(Number)
    .refine((n) => n > 0, "Amount: more than $0."),
});

/**
 * Adds a charge to an order (the back office); the buyer is mailed a link to their order's page
 * to pay it. Gives the amount now due.
 */
export async function addOrderCharge(
  deps: { db: Db; orderPageUrl: (token: string) => string },
  who: StaffAccount,
  studio: MailStudio,
  orderId: number,
  values: { label: string; chargeAmount: string },
): Promise<number> {
  const parsed = chargeForm.safeParse(values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw badRequest(String(issue.path[0] ?? "amount"), issue.message);
  }
  const { label, chargeAmount: amount } = parsed.data;
  return deps.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order || order.status === "pending") throw badRequest("id", "No such order.");
    const chargesTotal = toDollars(toCents(order.chargesTotal) + toCents(amount));
    // The mirror kept for the previous release (schema.ts); the charge's row is what is read.
    await tx.update(orders).set({ chargesTotal }).where(eq(orders.id, orderId));
    await tx.insert(orderCharges).values({ orderId, label, amount, staffId: who.id });
    const due = toDollars((await moneyOf(tx, order)).due);
    const url = deps.orderPageUrl(mailedOrderLink(orderId));
    const says = `${studio.name} added ${label} (${formatPrice(amount)}) to your order ${order.orderRef}. ${formatPrice(due)} is now due; you can pay it on your order's page.`;
    await enqueueMail(tx, [
      {
        kind: "order-charge",
        to: order.email,
        replyTo: studio.email,
        subject: `${formatPrice(due)} due on your order (${order.orderRef})`,
        text: `Dear ${order.deliveryName},\n\n${says}\n\n${url}\n\nReply to this mail with any question.\n\n${studio.name}\n`,
        html: renderBuyerMail({
          studio,
          preview: `${formatPrice(due)} due on your order ${order.orderRef}`,
          heading: `${formatPrice(due)} due on your order`,
          paragraphs: [`Dear ${order.deliveryName},`, says],
          note: { label: label, value: formatPrice(amount) },
          pageUrl: url,
          action: "Pay on your order's page",
        }),
      },
    ]);
    await audit(tx, who, {
      action: "order.charge",
      entity: "order",
      entityId: order.orderRef,
      before: { chargesTotal: order.chargesTotal },
      after: { chargesTotal, label, amount },
    });
    return due;
  });
}

/** The charges the studio added to an order, oldest first. */
export const listOrderCharges = (db: Db, orderId: number) =>
  db.select().from(orderCharges).where(eq(orderCharges.orderId, orderId)).orderBy(asc(orderCharges.id));

/** Every payment that went through, the checkout's included, by card or taken in person, oldest first. */
export const listOrderPayments = (db: Db, orderId: number) =>
  db
    .select()
    .from(orderPayments)
    .where(and(eq(orderPayments.orderId, orderId), eq(orderPayments.status, "approved")))
    .orderBy(asc(orderPayments.id));

/** What a page's payment key looks like (newPaymentKey makes 24 characters of these). */
export const PAGE_KEY = /^[A-Za-z0-9_-]{16,100}$/;

/** What the order page's form posts besides the card (held to the checkout's card rules): the amount it shows, and its key. */
const payForm = z.object({
  name: z.string().trim().max(200, "Please provide a valid cardholder name."),
  amount: z.string().trim().regex(AMOUNT, "amount: the amount due, such as 350.00").transform(Number),
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
  let due: number;
  try {
    [order, due] = await deps.db.transaction(async (tx) => {
      const [o] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
      if (!o || o.status === "pending" || o.status === CANCELLED) throw badRequest("id", "No such order.");
      const money = await moneyOf(tx, o);
      const whole = money.due;
      if (whole <= 0) throw badRequest("amount", "Nothing is due on this order.");
      const deposit = await firstDeposit(tx, o, money);
      const posted = toCents(card.amount);
      const asked = deposit && posted === toCents(deposit.now) ? toCents(deposit.now) : whole;
      if (posted !== asked)
        throw badRequest("amount", `The amount due is now ${formatCents(whole)}: reload the page to pay it.`);
      await tx.insert(orderPayments).values({
        orderId,
        key: card.key,
        ref,
        amount: toDollars(asked),
        status: "pending",
        source: "order_page",
      });
      return [o, toDollars(asked)] as const;
    });
  } catch (err) {
    // 23505: another payment is in flight for this order (or this key was claimed meanwhile).
    if (sqlState(err) === "23505")
      throw badRequest("amount", "A payment for this order is already being made: wait a moment and reload the page.");
    throw err;
  }

  const a = order.address as Record<string, string>;
  const auth = await charge(
    deps,
    ref,
    {
      account: card.account,
      expiry: card.expiry,
      cvv2: card.cvv2,
      name: card.name,
      address: a.address ?? "",
      city: a.city ?? "",
      region: a.region ?? "",
      country: a.country ?? "US",
      postal: a.postal ?? "",
      phone: order.phone,
      email: order.email,
    },
    toCents(due),
  );
  const studio = await deps.studio().catch(() => null);
  await deps.db.transaction(async (tx) => {
    // The order first, as the claim locks it: a payment being recorded and another being claimed
    // take their locks in one order, so neither waits on the other for ever.
    const [o] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    const status = auth.respstat === "A" ? "approved" : auth.respstat === "C" ? "declined" : "failed";
    await tx
      .update(orderPayments)
      .set({ status, retref: auth.retref || null, resptext: auth.resptext ?? "", settledAt: new Date() })
      .where(eq(orderPayments.ref, ref));
    if (status !== "approved") return;
    // The mirror kept for the previous release (schema.ts); the payment's row is what is read.
    const paidTotal = toDollars(toCents(o!.paidTotal) + toCents(due));
    await tx.update(orders).set({ paidTotal }).where(eq(orders.id, orderId));
    // The first payment of an order the studio wrote: it is paid now, and confirmed as the checkout's.
    if (awaitsFirstPayment(o!)) await markFirstPayment(tx, o!, due, studio, deps.orderPageUrl);
    else if (studio)
      await enqueueMail(tx, [
        {
          kind: "order-payment",
          to: order.email,
          replyTo: studio.email,
          subject: `Payment received (${order.orderRef})`,
          text: `Dear ${order.deliveryName},\n\nWe received ${formatPrice(due)} for your order ${order.orderRef}. Thank you.\n\n${studio.name}\n`,
          html: renderBuyerMail({
            studio,
            preview: `${formatPrice(due)} received for your order ${order.orderRef}`,
            heading: "Payment received",
            paragraphs: [
              `Dear ${order.deliveryName},`,
              `We received ${formatPrice(due)} for your order ${order.orderRef}. Thank you.`,
            ],
          }),
        },
      ]);
  });
  // Counted outside the write: the limits live in the same database (one connection on PGlite).
  if (auth.respstat === "C") await countDecline(deps, client);
  deps.logger.info({ orderRef: order.orderRef, paymentRef: ref, respstat: auth.respstat }, "Order balance payment");
  const [settled] = await deps.db.select().from(orderPayments).where(eq(orderPayments.ref, ref));
  return outcomeOf(deps.db, settled!);
}

/**
 * A payment left 'pending' longer than any charge takes (its process stopped mid-way) would hold
 * the order's one pending place for ever: its charge, if one went through, is voided (looked up by
 * its ref), and it is marked failed.
 */
async function settleStalePayments(deps: { db: Db; gateway: PaymentGateway; logger: Logger }, orderId: number) {
  const stale = await deps.db
    .select()
    .from(orderPayments)
    .where(
      and(
        eq(orderPayments.orderId, orderId),
        eq(orderPayments.status, "pending"),
        lt(orderPayments.createdAt, new Date(Date.now() - STALE_MS)),
      ),
    );
  for (const p of stale) {
    if (!(await voidChargeOf(deps.gateway, deps.logger, p.ref))) continue;
    await deps.db
      .update(orderPayments)
      .set({ status: "failed", resptext: "Stopped before it was recorded; any charge voided", settledAt: new Date() })
      .where(and(eq(orderPayments.id, p.id), eq(orderPayments.status, "pending")));
  }
}

const STALE_MS = 10 * 60 * 1000;

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
