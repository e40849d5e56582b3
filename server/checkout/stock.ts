/**
 * Stock taken with a pending order, and given back with it (docs/architecture.md "Data").
 * A take short of units that payments in flight hold waits for their outcome (takeStock).
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
import type { OrderLineDetails } from "../../domain/order-records.ts";
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

/** A stored order line, as far as its stock goes. */
type StockedLine = { kind: string; itemId: number; details: OrderLineDetails | null };

const builtToOrderLine = (line: Pick<StockedLine, "details">) => line.details?.builtToOrder === true;

/** The stock row a stored order line took from. */
function stockRefOfLine(line: StockedLine): { table: StockTable; id: number } {
  if (line.kind === "divergence") return { table: "divergence_sizes", id: Number(line.details?.sizeId) };
  return { table: "products", id: line.itemId };
}

/** Thrown inside the transaction when a row has too little stock; answered once it has rolled back. */
class ShortOfStock extends Error {
  constructor(readonly take: StockTake) {
    super(`Short of stock: ${take.table} ${take.id}`);
  }
}

async function stockOf(db: Db, take: StockTake): Promise<number> {
  const [row] = (
    (await db.execute(sql`select stock from ${tableSql(take.table)} where id = ${take.id}`)) as unknown as {
      rows: { stock: number }[];
    }
  ).rows;
  return row?.stock ?? 0;
}

/**
 * A row's stock now, and how many of its units pending orders (payments in flight) hold: read in
 * one statement, so both come from one moment (read apart, a unit given back or taken between
 * the two reads would be counted nowhere, and a held unit answered as sold out).
 */
async function rowState(db: Db, take: StockTake): Promise<{ stock: number; held: number }> {
  const line =
    take.table === "products"
      ? sql`l.kind = 'product' and l.item_id = ${take.id}`
      : sql`l.kind = 'divergence' and l.details->>'sizeId' = ${String(take.id)}`;
  const result = (await db.execute(sql`
    select
      coalesce((select stock from ${tableSql(take.table)} where id = ${take.id}), 0)::int as stock,
      (select coalesce(sum(l.quantity), 0)::int from order_lines l join orders o on o.id = l.order_id
        where o.status = 'pending' and ${line} and (l.details->>'builtToOrder') is distinct from 'true') as held
  `)) as unknown as { rows: { stock: number; held: number }[] };
  const row = result.rows[0];
  return { stock: Number(row?.stock ?? 0), held: Number(row?.held ?? 0) };
}

/** The 409 code of a row whose units other payments in flight hold: it may come back within a minute. */
export const BEING_PAID_FOR = "being_paid_for";

const beingPaidFor = (take: StockTake) =>
  new ApiError(
    409,
    BEING_PAID_FOR,
    `Someone is paying for ${take.title} right now. If their payment does not go through it will be back in a minute: please try again.`,
    "products",
  );

const soldOut = (take: StockTake) =>
  new ApiError(
    409,
    "sold_out",
    `Sorry, ${take.title} has just sold out${take.quantity > 1 ? " in that quantity" : ""}. Please update your cart.`,
    "products",
  );

/**
 * Payments short of a row wait here in the order they came, one looking at the row at a time
 * (per database, in this process): when a payment in flight gives its unit back, the buyer who
 * has waited longest tries for it first, and thirty waiting buyers do not ask the database
 * thirty times over.
 */
const waitingLines = new WeakMap<Db, Map<string, (() => void)[]>>();

/** Joins the row's line; resolves with a leave function once first in it, or null at `deadline`. */
function joinLine(db: Db, row: string, deadline: number): Promise<(() => void) | null> {
  const rows = waitingLines.get(db) ?? new Map<string, (() => void)[]>();
  waitingLines.set(db, rows);
  const line = rows.get(row) ?? [];
  rows.set(row, line);
  return new Promise((resolve) => {
    const leave = () => {
      const at = line.indexOf(turn);
      if (at < 0) return;
      line.splice(at, 1);
      if (line.length === 0) rows.delete(row);
      else if (at === 0) line[0]!();
    };
    const timer = setTimeout(
      () => {
        leave();
        resolve(null);
      },
      Math.max(0, deadline - Date.now()),
    );
    const turn = () => {
      clearTimeout(timer);
      resolve(leave);
    };
    line.push(turn);
    if (line.length === 1) turn();
  });
}

/** Wakes whoever waits on a database's rows: stock was given back in this process. */
const wakers = new WeakMap<Db, Set<() => void>>();
function stockGivenBack(db: Db) {
  for (const wake of wakers.get(db) ?? []) wake();
}

/** Resolves after `ms`, or sooner when this process gives stock back. */
function pause(db: Db, ms: number): Promise<void> {
  const waiting = wakers.get(db) ?? new Set<() => void>();
  wakers.set(db, waiting);
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      waiting.delete(done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    waiting.add(done);
  });
}

/** How often the first in a row's line looks at the row again (other processes give stock back too). */
const LOOK_EVERY_MS = 50;

/**
 * Until the row can serve the take (stock given back), can never serve it (the units were sold)
 * or `deadline`: polled outside any transaction, so nothing is locked meanwhile.
 */
async function untilSettled(db: Db, take: StockTake, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    await pause(db, Math.min(LOOK_EVERY_MS, deadline - Date.now()));
    const { stock, held } = await rowState(db, take);
    if (stock >= take.quantity || stock + held < take.quantity) return;
  }
}

/** The checkout's wait for payments in flight, unless configured (PAYMENT_WAIT_MS). */
export const WAIT_FOR_PAYMENTS_MS = 8_000;

export type TakeStockOptions = {
  /** A stock take's transaction was run again after a deadlock. */
  onRetry?: (err: unknown, attempt: number) => void;
  /**
   * How long a take short of stock only because payments in flight hold it waits for their
   * outcome, in milliseconds (0: not at all).
   */
  waitForPaymentsMs?: number;
};

/**
 * Takes the stock of every line and runs `writeOrder` in the same transaction: all of it or
 * none. A Divergence size with none left is built to order: `writeOrder` is told which lines
 * those are. A row short of stock is a 409 'sold_out' when its units are sold; when payments
 * in flight (pending orders) hold what this take needs, it waits for their outcome (up to
 * `waitForPaymentsMs`, holding no transaction or lock) and takes the units they give back, or
 * is a 409 'being_paid_for' if they still hold them.
 */
export async function takeStock<T>(
  db: Db,
  lines: PricedLine[],
  writeOrder: (tx: Db, builtToOrder: (line: PricedLine) => boolean) => Promise<T>,
  options: TakeStockOptions = {},
): Promise<T> {
  const takes = stockTakes(lines);
  const deadline = Date.now() + (options.waitForPaymentsMs ?? 0);
  /** This take's place at the front of a row's line, while it waits on that row. */
  let place: { row: string; leave: () => void } | null = null;
  let lastTry = false;
  try {
    for (;;) {
      let short: StockTake;
      try {
        return await takeOnce(db, takes, writeOrder, options.onRetry);
      } catch (err) {
        if (!(err instanceof ShortOfStock)) throw err;
        short = err.take;
      }
      const row = `${short.table}:${short.id}`;
      if (place && place.row !== row) {
        place.leave();
        place = null;
      }
      const { stock, held } = await rowState(db, short);
      if (stock + held < short.quantity) throw soldOut(short);
      const late = Date.now() >= deadline;
      // Given back since the take: try again (once more only, past the deadline).
      if (stock >= short.quantity && !(late && lastTry)) {
        lastTry = late;
        continue;
      }
      if (late) throw held > 0 ? beingPaidFor(short) : soldOut(short);
      if (!place) {
        const leave = await joinLine(db, row, deadline);
        if (!leave) continue; // the deadline came while others were ahead: one last look
        place = { row, leave };
      }
      await untilSettled(db, short, deadline);
    }
  } finally {
    place?.leave();
  }
}

/** One try at every take, with the order written, in one transaction (run again past deadlocks). */
function takeOnce<T>(
  db: Db,
  takes: StockTake[],
  writeOrder: (tx: Db, builtToOrder: (line: PricedLine) => boolean) => Promise<T>,
  onRetry?: (err: unknown, attempt: number) => void,
): Promise<T> {
  return retryConflicts(
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
  ).then((released) => {
    if (released) stockGivenBack(db);
    return released;
  });
}

type StoredLine = StockedLine & { quantity: number; title: string };

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
