/**
 * An order's ledger as stored (order_payments, order_refunds, order_charges) and its money
 * (domain/ledger.ts orderMoney): for one order, or for many at once (lists, the CSV) in three
 * queries whatever their number. Numeric columns become cents here, at the edge.
 */
import { asc, eq, inArray } from "drizzle-orm";
import { type LedgerPayment, type LedgerRows, type OrderMoney, orderMoney } from "../../domain/ledger.ts";
import { toCents } from "../../domain/money.ts";
import { CANCELLED } from "../../domain/order-status.ts";
import { type OrderTax, storedTax } from "../../domain/tax.ts";
import type { Db } from "../db/client.ts";
import { orderCharges, orderPayments, orderRefunds, type orders } from "../db/schema.ts";

type Reader = Pick<Db, "select">;
type OrderRow = Pick<typeof orders.$inferSelect, "id" | "total" | "status"> &
  Partial<Pick<typeof orders.$inferSelect, "source" | "deposit" | "paymentRef" | "tax">>;
type PaymentRow = typeof orderPayments.$inferSelect;
type RefundRow = typeof orderRefunds.$inferSelect;
type ChargeRow = typeof orderCharges.$inferSelect;

/**
 * The checkout's charge of an order the previous release made paid during an upgrade (it wrote
 * no ledger row for it): read from the order's own record of it, as the migration backfills it.
 */
function unrecordedCheckout(order: OrderRow, payments: readonly PaymentRow[]): LedgerPayment[] {
  const paidAtCheckout = order.source === "checkout" && order.paymentRef && order.status !== "pending";
  if (!paidAtCheckout || payments.some((p) => p.source === "checkout")) return [];
  const amount = toCents(order.deposit ?? order.total);
  return [{ id: 0, amount, status: "approved", method: "card", source: "checkout" }];
}

/** An order's stored rows as the ledger reads them. */
export function ledgerRows(
  order: OrderRow,
  payments: readonly PaymentRow[],
  refunds: readonly RefundRow[],
  charges: readonly ChargeRow[],
): LedgerRows {
  return {
    total: toCents(order.total),
    tax: toCents(order.tax ?? 0),
    charges: charges.map((c) => ({ amount: toCents(c.amount), tax: toCents(c.tax) })),
    payments: [
      ...unrecordedCheckout(order, payments),
      ...payments.map((p) => ({
        id: p.id,
        amount: toCents(p.amount),
        status: p.status,
        method: p.method,
        source: p.source,
        tax: toCents(p.tax),
        reserved: toCents(p.refunded),
      })),
    ],
    refunds: refunds.map((r) => ({
      paymentId: r.paymentId,
      kind: r.kind,
      amount: toCents(r.amount),
      tax: toCents(r.tax),
      accepted: r.respstat === "A",
    })),
    cancelled: order.status === CANCELLED,
  };
}

/** An order's ledger rows, each kind oldest first. */
export async function loadLedger(db: Reader, orderId: number) {
  const [payments, refunds, charges] = await Promise.all([
    db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId)).orderBy(asc(orderPayments.id)),
    db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId)).orderBy(asc(orderRefunds.id)),
    db.select().from(orderCharges).where(eq(orderCharges.orderId, orderId)).orderBy(asc(orderCharges.id)),
  ]);
  return { payments, refunds, charges };
}

/** One order's money. Inside a transaction that locked the order, it is the money as it stands. */
export async function moneyOf(db: Reader, order: OrderRow): Promise<OrderMoney> {
  const rows = await loadLedger(db, order.id);
  return orderMoney(ledgerRows(order, rows.payments, rows.refunds, rows.charges));
}

const SLICE = 5000;

/** Many orders' money, by order id, in three queries (for each 5,000 orders). */
export async function moneyOfMany(db: Reader, list: readonly OrderRow[]): Promise<Map<number, OrderMoney>> {
  const ids = [...new Set(list.map((o) => o.id))];
  const out = new Map<number, OrderMoney>();
  if (ids.length === 0) return out;
  const payments: PaymentRow[] = [];
  const refunds: RefundRow[] = [];
  const charges: ChargeRow[] = [];
  // In slices, so a spreadsheet of every order stays within a query's parameters.
  for (let i = 0; i < ids.length; i += SLICE) {
    const some = ids.slice(i, i + SLICE);
    const [p, r, c] = await Promise.all([
      db.select().from(orderPayments).where(inArray(orderPayments.orderId, some)).orderBy(asc(orderPayments.id)),
      db.select().from(orderRefunds).where(inArray(orderRefunds.orderId, some)).orderBy(asc(orderRefunds.id)),
      db.select().from(orderCharges).where(inArray(orderCharges.orderId, some)).orderBy(asc(orderCharges.id)),
    ]);
    payments.push(...p);
    refunds.push(...r);
    charges.push(...c);
  }
  const byOrder = <T extends { orderId: number }>(rows: T[]) => {
    const m = new Map<number, T[]>();
    for (const r of rows) {
      const those = m.get(r.orderId);
      if (those) those.push(r);
      else m.set(r.orderId, [r]);
    }
    return m;
  };
  const [p, r, c] = [byOrder(payments), byOrder(refunds), byOrder(charges)];
  for (const o of list)
    out.set(o.id, orderMoney(ledgerRows(o, p.get(o.id) ?? [], r.get(o.id) ?? [], c.get(o.id) ?? [])));
  return out;
}

/**
 * The ledger row of an order's checkout charge (whole or deposit), as the checkout writes it when
 * the order turns paid; a refund of an order the previous release made paid writes the same
 * (server/studio/order-refunds.ts), as migration 0017 did for the orders before it.
 */
export const checkoutPaymentRow = (charge: {
  orderId: number;
  orderRef: string;
  /** Dollars, as the numeric column takes them. */
  amount: number;
  /** The sales tax in it, in dollars. */
  tax: number;
  retref: string;
  resptext?: string;
  at: Date;
}) => ({
  orderId: charge.orderId,
  key: `checkout-${charge.orderRef}`,
  ref: charge.orderRef,
  amount: charge.amount,
  tax: charge.tax,
  status: "approved",
  retref: charge.retref,
  resptext: charge.resptext ?? "",
  method: "card",
  source: "checkout",
  createdAt: charge.at,
  settledAt: charge.at,
});

/** An order's sales tax as stored, with the rule it was worked out by and its base (domain/tax.ts). */
export const orderTax = (
  order: Pick<typeof orders.$inferSelect, "taxRule" | "tax" | "subtotal" | "shippingTotal">,
): OrderTax => storedTax(order.taxRule, toCents(order.tax), toCents(order.subtotal), toCents(order.shippingTotal));
