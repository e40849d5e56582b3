/**
 * Money given back on an order's card payments from the back office: asked about first (what,
 * to which card, and which pieces may go back in stock), then reserved, asked of the gateway,
 * recorded, mailed to the buyer and, for the pieces chosen, put back in stock.
 */
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { AMOUNT } from "../../domain/format.ts";
import { orderMoney, type PaymentMoney, refundTaxOf } from "../../domain/ledger.ts";
import {
  type Cents,
  decimalText,
  formatCents,
  parseDollars,
  sumCents,
  toCents,
  toDollars,
} from "../../domain/money.ts";
import {
  cardText,
  type MoneyBackKind,
  moneyBackDone,
  moneyBackQuestion,
  moneyBackRefused,
} from "../../domain/money-back.ts";
import { giveStockBack, tookStock } from "../checkout/stock.ts";
import type { Db } from "../db/client.ts";
import { orderLines, orderPayments, orderRefunds, orders } from "../db/schema.ts";
import type { AppDeps } from "../deps.ts";
import { badRequest } from "../http/errors.ts";
import type { MailStudio } from "../mail/buyer-mail.tsx";
import { enqueueMail } from "../mail/outbox.ts";
import { countPayment, outcomeOf } from "../metrics/payments.ts";
import { PAGE_KEY } from "../orders/balance.ts";
import { checkoutPaymentRow, ledgerRows, loadLedger } from "../orders/ledger.ts";
import { mailedOrderLink, orderPageUrl } from "../orders/links.ts";
import { GatewayUnavailable, type ReturnAnswer } from "../payments/gateway.ts";
import type { StaffAccount } from "../staff/accounts.ts";
import { audit } from "../staff/audit.ts";
import { moneyBackMail } from "./order-mails.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Line = typeof orderLines.$inferSelect;
type RefundRow = typeof orderRefunds.$inferSelect;

/**
 * The sales tax given back with `amount` from a payment: its share of the payment's tax
 * (domain/ledger.ts refundTaxOf), never more than the tax its refunds (given back or being given
 * back) have left of it; the refund (or void) that gives back the rest of the payment gives back
 * the rest of its tax, so a payment's refunds together give back exactly its tax.
 */
export function refundTax(
  payment: PaymentMoney,
  amount: Cents,
  refunds: readonly Pick<RefundRow, "paymentId" | "respstat" | "tax">[],
): Cents {
  const held = sumCents(
    refunds
      .filter((r) => r.paymentId === payment.id && (r.respstat === "A" || r.respstat === "pending"))
      .map((r) => toCents(r.tax)),
  );
  const left = Math.max(0, payment.tax - held);
  return amount >= payment.refundable ? left : Math.min(refundTaxOf(payment, amount), left);
}

/** Parses "12.34" (or "12") into cents; null when it is not an amount. */
const parseAmount = (text: string): Cents | null => (AMOUNT.test(text.trim()) ? parseDollars(text) : null);

/** A piece that can still go back in stock: it took stock, and no refund has put it back yet. */
export const restockable = (l: Pick<Line, "kind" | "details">) => tookStock(l) && !l.details?.restocked;

export type MoneyBackInput = {
  id: number;
  kind: string;
  amount: string;
  payment?: string;
  /** Asked and confirmed: without it nothing is given back, and the question is the answer. */
  confirm?: boolean;
  /** The order lines to put back in stock once the money is given back. */
  restock?: number[];
  /**
   * The question's key, posted again by its Confirm: a second press (or a repeat of the post)
   * gets the first one's answer and gives nothing back again.
   */
  key?: string;
};

export type MoneyBackOutcome =
  | { ask: string; pieces: { id: number; title: string; quantity: number }[] }
  | { accepted: true; said: string; restocked: string[] }
  | { accepted: false; said: string };

/**
 * What is to be given back, checked against what the ledger says that card payment can still
 * give back (its amount less what was given back or is being given back of it).
 */
async function measure(tx: Tx, input: MoneyBackInput, kind: MoneyBackKind, lock: boolean) {
  const paymentId = input.payment && input.payment !== "checkout" ? Number(input.payment) : null;
  if (paymentId !== null && !(Number.isInteger(paymentId) && paymentId > 0 && paymentId <= 2_147_483_647))
    throw badRequest("payment", "Choose one of the order's payments.");
  const read = tx.select().from(orders).where(eq(orders.id, input.id));
  const [order] = lock ? await read.for("update") : await read;
  if (!order || order.status === "pending" || order.status === "failed") throw badRequest("id", "No such order.");
  await recordUnrecordedCheckout(tx, order);
  const rows = await loadLedger(tx, order.id);
  const money = orderMoney(ledgerRows(order, rows.payments, rows.refunds, rows.charges));
  // "checkout" (or no payment named): the checkout's charge.
  const row = rows.payments.find((x) =>
    paymentId === null ? x.source === "checkout" && x.status === "approved" : x.id === paymentId,
  );
  const p = money.payments.find((x) => x.id === row?.id && x.method === "card");
  if (!row || !p) {
    if (paymentId !== null) throw badRequest("payment", "Choose one of the order's payments.");
    throw badRequest("kind", "This order has no card payment to give back.");
  }
  if (!row.retref) throw badRequest("kind", "This order has no card payment to give back.");
  let amount: number;
  if (kind === "void") {
    if (p.refundable !== p.amount)
      throw badRequest("kind", "Part of this payment was already given back: refund instead.");
    amount = p.amount;
  } else {
    const asked = parseAmount(input.amount);
    if (asked === null || asked <= 0) throw badRequest("amount", "Enter an amount such as 120.00.");
    if (asked > p.refundable)
      throw badRequest("amount", `At most ${formatCents(p.refundable)} can be refunded of this payment.`);
    amount = asked;
  }
  return {
    order,
    money,
    amount,
    tax: refundTax(p, amount, rows.refunds),
    retref: row.retref,
    paymentId: p.id,
    card: cardText(order, p.source !== "checkout"),
  };
}

/**
 * The checkout's charge of an order the previous release made paid during an upgrade has no
 * ledger row (server/orders/ledger.ts reads it from the order): written here as the migration
 * writes it, with its refunds pointed at it, so it can be given back of like any payment.
 */
async function recordUnrecordedCheckout(tx: Tx, order: typeof orders.$inferSelect) {
  if (order.source !== "checkout" || !order.paymentRef) return;
  const [made] = await tx
    .insert(orderPayments)
    .values(
      checkoutPaymentRow({
        orderId: order.id,
        orderRef: order.orderRef,
        amount: order.deposit ?? order.total,
        // The previous release collected no sales tax.
        tax: 0,
        retref: order.paymentRef,
        at: order.paidAt ?? order.createdAt,
      }),
    )
    .onConflictDoNothing()
    .returning({ id: orderPayments.id });
  if (!made) return;
  const given = await tx
    .update(orderRefunds)
    .set({ paymentId: made.id })
    .where(and(eq(orderRefunds.orderId, order.id), isNull(orderRefunds.paymentId)))
    .returning();
  const back = given.filter((r) => r.respstat === "A").reduce((s, r) => s + toCents(r.amount), 0);
  if (back > 0)
    await tx
      .update(orderPayments)
      .set({ refunded: toDollars(back) })
      .where(eq(orderPayments.id, made.id));
}

/**
 * Gives money back on one of an order's card payments (the checkout's, or a later one from the
 * order's page): a refund of `amount`, or a void of the whole charge before it settles, each
 * with its share of the payment's sales tax (`refundTax`), which the question, the answer, the
 * buyer's mail and the history name. Until `confirm` it only asks (the amount checked, nothing
 * reserved). Then the amount is reserved (under the order row's lock, on the order and on the
 * payment, the refund's row written 'pending' with its tax), so two refunds at once can never
 * give back more than that payment took, nor more than its tax; the gateway is asked after, outside the
 * transaction; a refusal or no answer gives the reservation back. Every answer is recorded; an
 * accepted one is mailed to the buyer and puts the chosen pieces back in stock, each line once.
 */
export async function giveMoneyBack(
  deps: Pick<AppDeps, "database" | "gateway" | "logger" | "mailer" | "config" | "changes">,
  who: StaffAccount,
  studio: MailStudio,
  input: MoneyBackInput,
): Promise<MoneyBackOutcome> {
  const db = deps.database.db;
  if (input.kind !== "refund" && input.kind !== "void") throw badRequest("kind", "Choose refund or void.");
  const kind: MoneyBackKind = input.kind;

  if (!input.confirm) {
    const asked = await db.transaction((tx) => measure(tx, input, kind, false));
    const lines = await db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, input.id))
      .orderBy(asc(orderLines.id));
    return {
      ask: moneyBackQuestion(kind, toDollars(asked.amount), asked.card, toDollars(asked.tax)),
      pieces: lines.filter(restockable).map((l) => ({ id: l.id, title: l.title, quantity: l.quantity })),
    };
  }

  const key = input.key ? input.key.trim() : "";
  if (key && !PAGE_KEY.test(key)) throw badRequest("key", "This confirmation is not one the page asked: ask again.");
  const reserved = await db.transaction(async (tx) => {
    // The order's row is locked first, so a second press of Confirm waits for the first's
    // reservation and then finds its key.
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, input.id)).for("update");
    if (key) {
      const [seen] = await tx.select().from(orderRefunds).where(eq(orderRefunds.formKey, key));
      if (seen) return { seen };
    }
    const m = await measure(tx, input, kind, true);
    // The order's total is the mirror kept for the previous release (schema.ts); the payment's
    // `refunded` holds the amount back from a second refund until the gateway answers.
    await tx
      .update(orders)
      .set({ refundedTotal: sql`${orders.refundedTotal} + ${decimalText(m.amount)}::numeric` })
      .where(eq(orders.id, m.order.id));
    await tx
      .update(orderPayments)
      .set({ refunded: sql`${orderPayments.refunded} + ${decimalText(m.amount)}::numeric` })
      .where(eq(orderPayments.id, m.paymentId));
    // Its row is written now, 'pending' until the gateway answers, with the confirmation's key.
    const [row] = await tx
      .insert(orderRefunds)
      .values({
        orderId: m.order.id,
        paymentId: m.paymentId,
        kind,
        amount: toDollars(m.amount),
        tax: toDollars(m.tax),
        respstat: "pending",
        staffId: who.id,
        formKey: key || null,
      })
      .returning({ id: orderRefunds.id });
    return { ...m, refundId: row!.id };
  });
  if (reserved.seen) return answerGiven(db, reserved.seen);
  const reserve = reserved;

  const { order, amount, tax, retref, card } = reserve;
  let answer: ReturnAnswer;
  let unanswered = false;
  try {
    answer =
      kind === "void" ? await deps.gateway.voidAmount(retref) : await deps.gateway.refund(retref, decimalText(amount));
  } catch (err) {
    if (!(err instanceof GatewayUnavailable)) {
      countPayment(kind, "error");
      throw err;
    }
    deps.logger.warn({ err, orderRef: order.orderRef }, "Card gateway did not answer a refund");
    unanswered = true;
    answer = {
      respstat: "B",
      respcode: "",
      resptext: "The card gateway did not answer",
      retref: "",
      amount: decimalText(amount),
    };
  }
  countPayment(kind, unanswered ? "unavailable" : outcomeOf(answer.respstat));
  const accepted = answer.respstat === "A";
  const restocked = await db.transaction(async (tx) => {
    const settled = await settleRefund(
      tx,
      deps,
      { id: reserve.refundId, order, paymentId: reserve.paymentId, kind, amount, tax, card },
      answer,
      studio,
    );
    // Marked by hand meanwhile (server/studio/unanswered-refunds.ts): that answer stands.
    if (!settled) return null;
    const back = accepted ? await putBack(tx, order.id, input.restock ?? []) : [];
    await audit(tx, who, {
      action: `order.${kind}`,
      entity: "order",
      entityId: order.orderRef,
      before: { refundedTotal: toDollars(reserve.money.refunded) },
      after: {
        refundedTotal: toDollars(reserve.money.refunded + (accepted ? amount : 0)),
        amount: decimalText(amount),
        // The sales tax in it (domain/ledger.ts refundTaxOf).
        tax: decimalText(tax),
        card,
        accepted,
        restocked: back.map((l) => l.title),
        // Kept for the record; the history's sentence does not show them.
        gatewayText: answer.resptext,
        respstat: answer.respstat,
        retref: answer.retref,
      },
    });
    return back.map((l) => l.title);
  });
  if (restocked === null) {
    deps.logger.warn(
      { orderRef: order.orderRef, respstat: answer.respstat, retref: answer.retref },
      "Card gateway answered a refund already marked by hand",
    );
    const [row] = await db.select().from(orderRefunds).where(eq(orderRefunds.id, reserve.refundId));
    return answerGiven(db, row!);
  }
  if (!accepted) return { accepted: false, said: moneyBackRefused(kind, unanswered) };
  deps.mailer.kick();
  if (restocked.length > 0) deps.changes.publish();
  const stock = restocked.length > 0 ? ` Back in stock: ${restocked.join(", ")}.` : "";
  return {
    accepted: true,
    said: `${moneyBackDone(kind, toDollars(amount), card, toDollars(tax))}${stock} The buyer is mailed.`,
    restocked,
  };
}

/** A refund's 'pending' row as its settling needs it: amounts in cents. */
export type PendingRefund = {
  id: number;
  order: typeof orders.$inferSelect;
  paymentId: number;
  kind: MoneyBackKind;
  amount: Cents;
  tax: Cents;
  card: string;
};

/**
 * Settles a refund's 'pending' row with its answer: given back ('A'), the buyer is mailed;
 * refused or unanswered, its reservation is released on its payment and on the order, so it can
 * be given back again. Only a row still 'pending' is settled, by the row's own update, so the
 * gateway's late answer and a person's mark never both count: false when it was settled already,
 * and nothing is changed.
 */
export async function settleRefund(
  tx: Tx,
  deps: Pick<AppDeps, "config">,
  pending: PendingRefund,
  answer: Pick<ReturnAnswer, "respstat" | "resptext" | "retref">,
  studio: MailStudio,
): Promise<boolean> {
  const { order, amount } = pending;
  const [settled] = await tx
    .update(orderRefunds)
    .set({ respstat: answer.respstat, resptext: answer.resptext, retref: answer.retref || null })
    .where(and(eq(orderRefunds.id, pending.id), eq(orderRefunds.respstat, "pending")))
    .returning({ id: orderRefunds.id });
  if (!settled) return false;
  if (answer.respstat !== "A") {
    await tx
      .update(orders)
      .set({ refundedTotal: sql`${orders.refundedTotal} - ${decimalText(amount)}::numeric` })
      .where(eq(orders.id, order.id));
    await tx
      .update(orderPayments)
      .set({ refunded: sql`${orderPayments.refunded} - ${decimalText(amount)}::numeric` })
      .where(eq(orderPayments.id, pending.paymentId));
    return true;
  }
  await enqueueMail(tx, [
    moneyBackMail(
      order,
      { kind: pending.kind, amount: toDollars(amount), tax: toDollars(pending.tax) },
      pending.card,
      studio,
      orderPageUrl(deps.config, mailedOrderLink(order.id)),
    ),
  ]);
  return true;
}

/**
 * The answer a confirmation already had, for a second press of its Confirm: what was given back
 * (nothing again), that it is still being asked of the gateway, or that it was refused.
 */
async function answerGiven(db: Db, seen: RefundRow): Promise<MoneyBackOutcome> {
  if (seen.respstat === "pending")
    throw badRequest("key", "This is being given back right now: reload the page in a moment to see the answer.");
  const kind: MoneyBackKind = seen.kind === "void" ? "void" : "refund";
  if (seen.respstat !== "A") return { accepted: false, said: moneyBackRefused(kind, seen.respstat === "B") };
  const [order] = await db.select().from(orders).where(eq(orders.id, seen.orderId));
  const [payment] = seen.paymentId
    ? await db.select().from(orderPayments).where(eq(orderPayments.id, seen.paymentId))
    : [];
  const card = cardText(order!, payment !== undefined && payment.source !== "checkout");
  return {
    accepted: true,
    said: `${moneyBackDone(kind, seen.amount, card, seen.tax)} The buyer was mailed.`,
    restocked: [],
  };
}

/**
 * Marks the chosen lines of the order put back in stock and gives their stock back, each line at
 * most once however many refunds choose it (the mark is set only where none is yet).
 */
async function putBack(tx: Tx, orderId: number, chosen: number[]): Promise<Line[]> {
  const ids = [...new Set(chosen)].filter((n) => Number.isInteger(n) && n > 0 && n <= 2_147_483_647);
  if (ids.length === 0) return [];
  const lines = await tx
    .select()
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), inArray(orderLines.id, ids)));
  const eligible = lines.filter(restockable).map((l) => l.id);
  if (eligible.length === 0) return [];
  const marked = await tx
    .update(orderLines)
    .set({
      details: sql`coalesce(${orderLines.details}, '{}'::jsonb) || jsonb_build_object('restocked', ${new Date().toISOString()}::text)`,
    })
    .where(
      and(
        eq(orderLines.orderId, orderId),
        inArray(orderLines.id, eligible),
        isNull(sql`${orderLines.details}->>'restocked'`),
      ),
    )
    .returning();
  await giveStockBack(tx as unknown as Db, marked);
  return marked.sort((a, b) => a.id - b.id);
}
