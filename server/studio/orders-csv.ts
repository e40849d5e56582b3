/**
 * The orders as a spreadsheet: one row per order line, the order's columns repeated on each (its
 * money from the ledger: the sales tax, what of it was given back, what was paid, given back and
 * is still due), then what the line is and what to build (a table's size, edge, base and top each
 * in a column of its own), so the workshop can sort and filter by any choice.
 */
import { asc, desc, eq, inArray } from "drizzle-orm";
import type { OrderMoney } from "../../domain/ledger.ts";
import { decimalText, toCents } from "../../domain/money.ts";
import { lineBuiltToOrder, lineShipWindow, lineToBuild, tableChoiceColumns } from "../../domain/order-lines.ts";
import { ORDER_STATUSES } from "../../domain/order-status.ts";
import type { Db } from "../db/client.ts";
import { orderLines, orders } from "../db/schema.ts";
import { moneyOfMany } from "../orders/ledger.ts";
import type { OrderFilter } from "./order-list.ts";

const ORDER_COLUMNS = [
  "order",
  "date",
  "status",
  "name",
  "email",
  "phone",
  "city",
  "region",
  "country",
  "subtotal",
  "shipping",
  "tax",
  "tax_refunded",
  "total",
  "refunded",
  "paid",
  "due",
  "carrier",
  "tracking",
] as const;

const LINE_COLUMNS = [
  "piece",
  "kind",
  "to_build",
  "size",
  "edge",
  "base",
  "top_finish",
  "quantity",
  "each",
  "line_total",
  "built_to_order",
  "ship_from",
  "ship_to",
] as const;

/** Every column, in order: the order's, then its line's. */
export const ORDERS_CSV_COLUMNS = [...ORDER_COLUMNS, ...LINE_COLUMNS];

/** A spreadsheet cell: quoted, and a leading = + - @ defused so a spreadsheet never runs it. */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

type Order = typeof orders.$inferSelect;

/** A numeric column's dollars as the spreadsheet shows them: "1250.00". */
const dollars = (n: number) => decimalText(toCents(n));
type Line = typeof orderLines.$inferSelect;

function orderCells(o: Order, money: OrderMoney): unknown[] {
  return [
    o.orderRef,
    o.createdAt.toISOString(),
    o.status,
    o.deliveryName,
    o.email,
    o.phone,
    o.address.city,
    o.address.region,
    o.address.country,
    dollars(o.subtotal),
    dollars(o.shippingTotal),
    // The ledger's figures (domain/ledger.ts), to the cent: the sales tax of the order and of
    // the charges the studio added, and what of it was given back with refunds and voids.
    decimalText(money.tax.comesTo),
    decimalText(money.tax.refunded),
    dollars(o.total),
    decimalText(money.refunded),
    decimalText(money.paid),
    decimalText(money.due),
    o.carrier,
    o.trackingNumber,
  ];
}

function lineCells(l: Line | null): unknown[] {
  if (!l) return LINE_COLUMNS.map(() => "");
  const table = l.kind === "divergence" && l.details ? tableChoiceColumns(l.details) : null;
  const window = lineShipWindow(l.details);
  return [
    l.title,
    l.kind,
    lineToBuild(l.kind, l.details),
    table?.size,
    table?.edge,
    table?.base,
    table?.top,
    l.quantity,
    dollars(l.unitPrice),
    dollars(l.total),
    lineBuiltToOrder(l.details) ? "yes" : "no",
    window?.from,
    window?.to,
  ];
}

/**
 * Every order the back office lists (or those of one status), newest first, one row per line in
 * the order they were bought.
 */
export async function ordersCsv(db: Db, filter: Pick<OrderFilter, "status"> = {}): Promise<string> {
  const rows = await db
    .select({ order: orders, line: orderLines })
    .from(orders)
    .leftJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(inArray(orders.status, filter.status ? [filter.status] : [...ORDER_STATUSES]))
    .orderBy(desc(orders.createdAt), desc(orders.id), asc(orderLines.id));
  const money = await moneyOfMany(
    db,
    rows.map((r) => r.order),
  );
  const body = rows.map((r) =>
    [...orderCells(r.order, money.get(r.order.id)!), ...lineCells(r.line)].map(csvCell).join(","),
  );
  return `${[ORDERS_CSV_COLUMNS.join(","), ...body].join("\r\n")}\r\n`;
}
