/**
 * Orders as the studio finds them: the orders page's list, a page at a time, newest first,
 * filtered by status and searched by reference, e-mail, name or tracking number; and one order
 * as its page shows it. Each comes with its money from the ledger (domain/ledger.ts): what it
 * comes to, what was paid, given back and is still due. An order whose checkout is still running
 * (or whose payment failed) is not the studio's to see or work.
 */
import { and, asc, desc, eq, ilike, inArray, or } from "drizzle-orm";
import { orderMoney } from "../../domain/ledger.ts";
import { ORDER_STATUSES, type OrderStatus } from "../../domain/order-status.ts";
import type { Db } from "../db/client.ts";
import { orderLines, orders } from "../db/schema.ts";
import { ledgerRows, loadLedger, moneyOfMany } from "../orders/ledger.ts";
import { escapeLike } from "../search/search.ts";

const PAGE_SIZE = 50;

/** An order's states while its checkout runs (or after its payment failed): not yet the studio's to work. */
export const CHECKOUT_STATES = ["pending", "failed"];

export type OrderFilter = { status?: OrderStatus; q?: string; page?: number };

export async function listOrders(db: Db, filter: OrderFilter = {}) {
  const q = (filter.q ?? "").trim().slice(0, 100);
  const like = `%${escapeLike(q)}%`;
  const where = and(
    inArray(orders.status, filter.status ? [filter.status] : [...ORDER_STATUSES]),
    q
      ? or(
          ilike(orders.orderRef, like),
          ilike(orders.email, like),
          ilike(orders.deliveryName, like),
          ilike(orders.trackingNumber, like),
        )
      : undefined,
  );
  const page = Math.max(1, filter.page ?? 1);
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(PAGE_SIZE + 1)
    .offset((page - 1) * PAGE_SIZE);
  return {
    // Each with its money from the ledger: what is still due (a balance after a deposit, a
    // delivery charge) and what was given back.
    orders: await withMoney(db, rows.slice(0, PAGE_SIZE)),
    page,
    more: rows.length > PAGE_SIZE,
  };
}

/** Orders with their money from the ledger, in cents (three queries for the lot). */
async function withMoney(db: Db, list: (typeof orders.$inferSelect)[]) {
  const money = await moneyOfMany(db, list);
  return list.map((o) => {
    const { comesTo, paid, refunded, due } = money.get(o.id)!;
    return { ...o, money: { comesTo, paid, refunded, due } };
  });
}

/** An order as the studio's page shows it: its lines, its ledger (payments, refunds, charges) and its money. */
export async function getOrder(db: Db, id: number) {
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  if (!order || CHECKOUT_STATES.includes(order.status)) return null;
  const [lines, ledger] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, id)).orderBy(asc(orderLines.id)),
    loadLedger(db, id),
  ]);
  const money = orderMoney(ledgerRows(order, ledger.payments, ledger.refunds, ledger.charges));
  const rows = new Map(ledger.payments.map((p) => [p.id, p]));
  const checkout = ledger.payments.find((p) => p.source === "checkout" && p.status === "approved");
  return {
    order,
    lines,
    /** Each refund and void tried, and whether it was of the checkout's charge. */
    refunds: ledger.refunds.map((r) => ({ ...r, ofCheckout: r.paymentId === null || r.paymentId === checkout?.id })),
    charges: ledger.charges,
    /** Each payment that went through, in cents: what was given back of it and what still can be. */
    payments: money.payments.map((p) => {
      // No row: the checkout's charge of an order the previous release made paid (ledger.ts).
      const row = rows.get(p.id);
      const at = row ? (row.settledAt ?? row.createdAt) : (order.paidAt ?? order.createdAt);
      return { ...p, reference: row?.reference ?? null, at };
    }),
    /** The order's money from its ledger, in cents (domain/ledger.ts). */
    money,
  };
}

export type OrderDetail = NonNullable<Awaited<ReturnType<typeof getOrder>>>;
