/**
 * Orders left 'pending' by a process that died mid-payment (killed, out of memory, the machine
 * lost) between taking the stock and recording the outcome. Nobody was told the order stands:
 * the buyer's request got no answer. Left alone, such an order would hold its stock for good.
 *
 * Each is settled the way a lost gateway answer is (payment.ts): the gateway is asked about our
 * order id, a charge that went through is voided, and the stock goes back with the order
 * removed. An order whose charge cannot be looked up or voided just now stays pending for the
 * next round: stock is never given back while a charge may stand.
 *
 * Which orders are stale: those pending for longer than any payment takes (STALE_AFTER_MS),
 * since on PostgreSQL other processes may be mid-payment; and on PGlite, whose database belongs
 * to one process (a lock file makes sure), also every order written before this process
 * started. Rounds run from the start, in the background, and then every minute.
 */
import { and, eq, lt, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { orderLines, orders } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import type { PaymentGateway } from "../payments/gateway.ts";

/** Longer than a payment can take: the gateway's timeout, three look-ups and a label purchase. */
export const STALE_AFTER_MS = 10 * 60_000;

/**
 * Removes a pending order and gives its stock back, in one transaction; false when the order
 * is no longer pending (paid meanwhile, or released by someone else), in which case nothing
 * changes. The lines say what was taken from where.
 */
export async function releasePendingOrder(db: Db, orderId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(orders)
      .where(and(eq(orders.id, orderId), eq(orders.status, "pending")))
      .returning({ id: orders.id });
    if (gone.length === 0) return false;
    const lines = await tx.delete(orderLines).where(eq(orderLines.orderId, orderId)).returning();
    for (const line of lines) {
      if (line.kind === "divergence") {
        const sizeId = Number((line.details as { sizeId?: unknown } | null)?.sizeId);
        await tx.execute(sql`update divergence_sizes set stock = stock + ${line.quantity} where id = ${sizeId}`);
      } else {
        await tx.execute(sql`update products set stock = stock + ${line.quantity} where id = ${line.itemId}`);
      }
    }
    return true;
  });
}

export type StaleOrders = {
  /** Settles the stale pending orders now; resolves with how many were released. */
  sweep(): Promise<number>;
  /** Sweeps now and then every `intervalMs`, in the background. */
  start(intervalMs?: number): void;
  stop(): Promise<void>;
};

export function createStaleOrders(opts: {
  db: Db;
  kind: "pglite" | "postgres";
  gateway: PaymentGateway;
  logger: Logger;
  /** Called after stock was given back, so catalog answers are rebuilt. */
  stockChanged: () => void;
}): StaleOrders {
  const { db, gateway, logger } = opts;
  // Created before the server listens: on PGlite, any order older than this is a dead process's.
  const startedAt = new Date();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | null = null;

  /** Voids a charge made for the order, if any; false when the gateway cannot tell or void now. */
  async function voidCharge(ref: string): Promise<boolean> {
    try {
      const found = await gateway.inquireByOrderid(ref);
      if (found?.respstat === "A") {
        await gateway.void(found.retref);
        logger.warn(
          { orderRef: ref, retref: found.retref },
          "Voided the charge of an order its process never recorded",
        );
      }
      return true;
    } catch (err) {
      logger.warn({ orderRef: ref, err: (err as Error).message }, "Stale order: charge not settled yet; will retry");
      return false;
    }
  }

  async function round(): Promise<number> {
    // Measured on the database's clock, the one created_at was written by (PGlite runs on ours).
    const old = lt(orders.createdAt, sql`now() - make_interval(secs => ${STALE_AFTER_MS / 1000})`);
    const stale = await db
      .select({ id: orders.id, ref: orders.orderRef })
      .from(orders)
      .where(and(eq(orders.status, "pending"), opts.kind === "pglite" ? or(old, lt(orders.createdAt, startedAt)) : old))
      .orderBy(orders.id);
    let released = 0;
    for (const order of stale) {
      if (!(await voidCharge(order.ref))) continue;
      if (await releasePendingOrder(db, order.id)) {
        released++;
        logger.warn({ orderRef: order.ref }, "Released a pending order left by a process that stopped mid-payment");
      }
    }
    if (released > 0) opts.stockChanged();
    return released;
  }

  function sweep(): Promise<number> {
    running ??= round().finally(() => {
      running = null;
    });
    return running;
  }
  const safeSweep = () => {
    sweep().catch((err: unknown) => logger.error({ err }, "Stale order round failed"));
  };

  return {
    sweep,
    start(intervalMs = 60_000) {
      if (timer) return;
      timer = setInterval(safeSweep, intervalMs);
      timer.unref();
      safeSweep();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
  };
}
