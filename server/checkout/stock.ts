/**
 * Stock taken with a pending order, and given back with it (docs/architecture.md "Data").
 *
 * Rows are always locked in one order, by table then id, whatever order the cart lists them
 * in: two checkouts of [X, Y] and [Y, X] then queue behind each other instead of deadlocking.
 * A transaction PostgreSQL still picks as a deadlock victim (another writer, say) is run again
 * (server/db/retry.ts), so no buyer sees a 500 and no release is left half done.
 *
 * A Divergence size with no stock left is built to order (docs/decisions/005): its lines take
 * nothing, are marked `builtToOrder`, and give nothing back when released.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { retryConflicts } from "../db/retry.ts";
import { orderLines, orders } from "../db/schema.ts";
import { ApiError } from "../http/errors.ts";
import type { PricedLine } from "./pricing.ts";

type StockTable = "products" | "divergence_sizes";
type StockTake = { table: StockTable; id: number; quantity: number; title: string };

const tableOrder: Record<StockTable, number> = { divergence_sizes: 0, products: 1 };

/** One take per stock row (lines of the same row added up), in lock order. */
export function stockTakes(lines: Pick<PricedLine, "stockRef" | "quantity" | "title">[]): StockTake[] {
  const byRow = new Map<string, StockTake>();
  for (const l of lines) {
    if (!l.stockRef) continue; // a quote's line: made for this buyer, from no stock
    const key = `${l.stockRef.table}:${l.stockRef.id}`;
    const take = byRow.get(key);
    if (take) take.quantity += l.quantity;
    else byRow.set(key, { table: l.stockRef.table, id: l.stockRef.id, quantity: l.quantity, title: l.title });
  }
  return [...byRow.values()].sort((a, b) => tableOrder[a.table] - tableOrder[b.table] || a.id - b.id);
}

const tableSql = (table: StockTable) => (table === "products" ? sql`products` : sql`divergence_sizes`);

const builtToOrderLine = (line: { details: unknown }) =>
  (line.details as { builtToOrder?: unknown } | null)?.builtToOrder === true;

/** The stock row a stored order line took from. */
function stockRefOfLine(line: { kind: string; itemId: number; details: unknown }): { table: StockTable; id: number } {
  if (line.kind === "divergence")
    return { table: "divergence_sizes", id: Number((line.details as { sizeId?: unknown } | null)?.sizeId) };
  return { table: "products", id: line.itemId };
}

/** Thrown inside the transaction when a row has too little stock; answered once it has rolled back. */
class ShortOfStock extends Error {
  constructor(readonly take: StockTake) {
    super(`Short of stock: ${take.table} ${take.id}`);
  }
}

/** How many units of a row pending orders (checkouts being paid) hold right now. */
async function heldByPendingOrders(db: Db, take: StockTake): Promise<number> {
  const kind = take.table === "products" ? "product" : "divergence";
  const lines = await db
    .select({
      kind: orderLines.kind,
      itemId: orderLines.itemId,
      quantity: orderLines.quantity,
      details: orderLines.details,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orders.status, "pending"), eq(orderLines.kind, kind)));
  return lines
    .filter((l) => {
      if (builtToOrderLine(l)) return false;
      const ref = stockRefOfLine(l);
      return ref.table === take.table && ref.id === take.id;
    })
    .reduce((sum, l) => sum + l.quantity, 0);
}

/**
 * The refusal for a row short of stock: 'sold out' when the units are gone, or 'reserved' when
 * other checkouts in progress hold what this buyer asked for (it may come back within a minute).
 */
async function stockOf(db: Db, take: StockTake): Promise<number> {
  const [row] = (
    (await db.execute(sql`select stock from ${tableSql(take.table)} where id = ${take.id}`)) as unknown as {
      rows: { stock: number }[];
    }
  ).rows;
  return row?.stock ?? 0;
}

async function shortOfStockError(db: Db, take: StockTake, asked: number): Promise<ApiError> {
  const stock = await stockOf(db, take);
  const held = await heldByPendingOrders(db, take);
  if (held > 0 && stock + held >= asked)
    return new ApiError(
      409,
      "reserved",
      `Sorry, ${take.title} is reserved in another checkout — try again in a minute.`,
      "products",
    );
  return new ApiError(
    409,
    "sold_out",
    `Sorry, ${take.title} has just sold out${asked > 1 ? " in that quantity" : ""}. Please update your cart.`,
    "products",
  );
}

/**
 * Takes the stock of every line and runs `writeOrder` in the same transaction: all of it or
 * none. A row short of stock is a 409 ('sold_out', or 'reserved' while others' checkouts hold
 * it), except a Divergence size with none left, which is built to order: `writeOrder` is told
 * which lines those are.
 */
export async function takeStock<T>(
  db: Db,
  lines: PricedLine[],
  writeOrder: (tx: Db, builtToOrder: (line: PricedLine) => boolean) => Promise<T>,
  onRetry?: (err: unknown, attempt: number) => void,
): Promise<T> {
  const takes = stockTakes(lines);
  try {
    return await retryConflicts(
      () =>
        db.transaction(async (tx) => {
          const toOrder = new Set<string>();
          for (const take of takes) {
            const taken = await tx.execute(
              sql`update ${tableSql(take.table)} set stock = stock - ${take.quantity} where id = ${take.id} and stock >= ${take.quantity} returning id`,
            );
            if ((taken as unknown as { rows: unknown[] }).rows.length > 0) continue;
            if (take.table === "divergence_sizes" && (await stockOf(tx as unknown as Db, take)) <= 0) {
              toOrder.add(`${take.table}:${take.id}`);
              continue;
            }
            throw new ShortOfStock(take);
          }
          return writeOrder(
            tx as unknown as Db,
            (l) => l.stockRef !== null && toOrder.has(`${l.stockRef.table}:${l.stockRef.id}`),
          );
        }),
      { onRetry },
    );
  } catch (err) {
    if (err instanceof ShortOfStock) throw await shortOfStockError(db, err.take, err.take.quantity);
    throw err;
  }
}

/**
 * Removes a pending order and gives its stock back, in one transaction (retried past deadlocks);
 * false when the order is no longer pending (paid meanwhile, or released by someone else), in
 * which case nothing changes.
 */
export async function releasePendingOrder(db: Db, orderId: number): Promise<boolean> {
  return retryConflicts(() =>
    db.transaction(async (tx) => {
      const gone = await tx
        .delete(orders)
        .where(and(eq(orders.id, orderId), eq(orders.status, "pending")))
        .returning({ id: orders.id });
      if (gone.length === 0) return false;
      const lines = await tx.delete(orderLines).where(eq(orderLines.orderId, orderId)).returning();
      await giveStockBack(tx as unknown as Db, lines);
      return true;
    }),
  );
}

type StoredLine = { kind: string; itemId: number; quantity: number; title: string; details: unknown };

/** Whether a stored order line took stock when it was ordered (a quote's or a built-to-order line did not). */
export const tookStock = (line: Pick<StoredLine, "kind" | "details">) =>
  !builtToOrderLine(line) && line.kind !== "quote";

/**
 * Gives back the stock stored order lines took, inside the caller's transaction (rows locked in
 * the same order as when taken); lines that took none are passed over.
 */
export async function giveStockBack(tx: Db, lines: StoredLine[]): Promise<void> {
  const takes = stockTakes(
    lines.filter(tookStock).map((l) => ({ stockRef: stockRefOfLine(l), quantity: l.quantity, title: l.title })),
  );
  for (const take of takes)
    await tx.execute(sql`update ${tableSql(take.table)} set stock = stock + ${take.quantity} where id = ${take.id}`);
}
