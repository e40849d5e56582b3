/**
 * A refund or void the card gateway never answered (the process stopped while it was asked, so
 * its row stayed 'pending' with its amount reserved): the studio checks its CardPointe account,
 * which has no inquiry for a refund, and says whether the money went back. Given back, it counts
 * and the buyer is mailed; not given back, its reservation is released so it can be given again.
 * Both are settled as the gateway's answer would be (order-refunds.ts settleRefund).
 */
import { and, eq } from "drizzle-orm";
import { type Cents, decimalText, toCents, toDollars } from "../../domain/money.ts";
import { cardText, type MoneyBackKind } from "../../domain/money-back.ts";
import {
  isUnanswered,
  isUnansweredAnswer,
  type UnansweredAnswer,
  unansweredDone,
  unansweredMark,
  unansweredQuestion,
} from "../../domain/unanswered-refunds.ts";
import type { Db } from "../db/client.ts";
import { orderPayments, orderRefunds, orders } from "../db/schema.ts";
import type { AppDeps } from "../deps.ts";
import { ApiError, badRequest } from "../http/errors.ts";
import type { MailStudio } from "../mail/buyer-mail.tsx";
import type { StaffAccount } from "../staff/accounts.ts";
import { audit } from "../staff/audit.ts";
import { type PendingRefund, settleRefund } from "./order-refunds.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type UnansweredInput = {
  /** The order's id. */
  id: number;
  /** The refund's row, as the page's form posts it. */
  refund: string;
  answer: string;
  /** Asked and confirmed: without it nothing changes, and the question is the answer. */
  confirm?: boolean;
};

export type UnansweredOutcome = { ask: string } | { done: string };

const conflict = (message: string) => new ApiError(409, "refund_answered", message, "refund");

/**
 * The order's refund row, checked to be one the gateway never answered: a row answered already
 * (a second press, a stale page) or one still young enough to be answered is refused, naming why.
 */
async function unansweredOf(tx: Tx, orderId: number, refundId: number, lock: boolean) {
  const readOrder = tx.select().from(orders).where(eq(orders.id, orderId));
  const [order] = lock ? await readOrder.for("update") : await readOrder;
  if (!order) throw badRequest("id", "No such order.");
  const readRow = tx
    .select()
    .from(orderRefunds)
    .where(and(eq(orderRefunds.id, refundId), eq(orderRefunds.orderId, orderId)));
  const [row] = lock ? await readRow.for("update") : await readRow;
  if (!row) throw badRequest("refund", "This order has no such refund.");
  const kind: MoneyBackKind = row.kind === "void" ? "void" : "refund";
  const amount: Cents = toCents(row.amount);
  if (row.respstat !== "pending")
    throw conflict(
      `Nothing was changed: this ${kind} is answered already, as ${row.respstat === "A" ? "given back" : "not given back"}.`,
    );
  if (!isUnanswered(row, new Date()))
    throw conflict(`This ${kind} is still being asked of the card gateway: reload the page in a few minutes.`);
  // A row of the previous release names no payment: it was of the checkout's charge.
  const [payment] = await tx
    .select()
    .from(orderPayments)
    .where(
      row.paymentId !== null
        ? eq(orderPayments.id, row.paymentId)
        : and(eq(orderPayments.orderId, orderId), eq(orderPayments.source, "checkout")),
    );
  if (!payment) throw badRequest("refund", "This order has no such refund.");
  const pending: PendingRefund = {
    id: row.id,
    order,
    paymentId: payment.id,
    kind,
    amount,
    tax: toCents(row.tax),
    card: cardText(order, payment.source !== "checkout"),
  };
  return pending;
}

/**
 * Records what the studio says became of a refund the gateway never answered: asked first (the
 * question is the answer), then, under the order's lock, settled as given back ('A', the buyer
 * mailed, the ledger counting it) or not ('C', its reservation released), with a resptext naming
 * who marked it, and written to the order's history.
 */
export async function answerUnansweredRefund(
  deps: Pick<AppDeps, "database" | "config" | "mailer">,
  who: StaffAccount,
  studio: MailStudio,
  input: UnansweredInput,
): Promise<UnansweredOutcome> {
  const refundId = Number(input.refund);
  if (!(Number.isInteger(refundId) && refundId > 0 && refundId <= 2_147_483_647))
    throw badRequest("refund", "This order has no such refund.");
  if (!isUnansweredAnswer(input.answer)) throw badRequest("answer", "Say whether the money was given back or not.");
  const answer: UnansweredAnswer = input.answer;
  const db = deps.database.db;

  if (!input.confirm) {
    const p = await db.transaction((tx) => unansweredOf(tx, input.id, refundId, false));
    return { ask: unansweredQuestion(p.kind, toDollars(p.amount), p.card, answer) };
  }

  const p = await db.transaction(async (tx) => {
    const pending = await unansweredOf(tx, input.id, refundId, true);
    const given = answer === "given";
    const settled = await settleRefund(
      tx,
      deps,
      pending,
      { respstat: given ? "A" : "C", resptext: unansweredMark(answer, who.name || who.email), retref: "" },
      studio,
    );
    // The row is locked and was 'pending': only a second settling could refuse it, and none can.
    if (!settled) throw conflict(`Nothing was changed: this ${pending.kind} is answered already.`);
    await audit(tx, who, {
      action: "order.refund-answered",
      entity: "order",
      entityId: pending.order.orderRef,
      before: { respstat: "pending" },
      after: {
        kind: pending.kind,
        amount: decimalText(pending.amount),
        tax: decimalText(pending.tax),
        card: pending.card,
        givenBack: given,
        refund: pending.id,
      },
    });
    return pending;
  });
  if (answer === "given") deps.mailer.kick();
  return { done: unansweredDone(p.kind, toDollars(p.amount), p.card, answer) };
}
