/**
 * Orders left 'pending' by a process that died mid-payment (killed, out of memory, the machine
 * lost) between taking the stock and recording the outcome. Nobody was told the order stands:
 * the buyer's request got no answer. Left alone, such an order would hold its stock for good.
 *
 * Every app process holds a lease (`process_leases`) that it renews every few seconds, and
 * stamps its pending orders and payment keys with its id. A process whose lease ran out is
 * dead, so its pending orders are settled as soon as that is seen: by the sweep (every few
 * seconds) or by a buyer repeating the payment (payment.ts). On PGlite, whose database belongs
 * to one process (a lock file makes sure), every other process's lease is dropped at start.
 *
 * Settling is what a lost gateway answer gets (charge.ts): the gateway is asked about our
 * order id, a charge that went through is voided, and the stock goes back with the order
 * removed. An order whose charge cannot be looked up or voided just now stays pending for the
 * next round: stock is never given back while a charge may stand. An order pending for longer
 * than any payment takes (STALE_AFTER_MS) is settled even if its process still lives.
 */
import { randomUUID } from "node:crypto";
import { and, eq, lt, ne, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { orders, processLeases } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import type { PaymentGateway } from "../payments/gateway.ts";
import { voidChargeOf } from "./charge.ts";
import { releasePendingOrder } from "./stock.ts";

/** Longer than a payment can take: the gateway's timeout, three look-ups and a label purchase. */
export const STALE_AFTER_MS = 10 * 60_000;

export type LeaseTiming = {
  /** A lease not renewed for this long is a dead process's. */
  ttlMs: number;
  /** How often the lease is renewed (well under ttlMs) and dead processes' orders are looked for. */
  renewMs: number;
};

const DEFAULT_TIMING: LeaseTiming = { ttlMs: 20_000, renewMs: 5_000 };

export type StaleOrders = {
  /** This process's id, stamped on the orders and payment keys it works on. */
  readonly processId: string;
  /** Whether the process with this id holds a live lease (a missing id is a process from before leases). */
  isAlive(processId: string | null): Promise<boolean>;
  /** Settles one pending order now (voids any charge, gives the stock back); false if its charge cannot be settled yet. */
  settle(order: { id: number; ref: string }): Promise<boolean>;
  /** Settles every dead process's pending orders now; resolves with how many were released. */
  sweep(): Promise<number>;
  /** Sweeps now and then every `renewMs`, in the background (the lease is renewed from creation on). */
  start(): void;
  /** Stops renewing and gives the lease up (on a clean shutdown, after the last payment). */
  stop(): Promise<void>;
};

export async function createStaleOrders(opts: {
  db: Db;
  kind: "pglite" | "postgres";
  gateway: PaymentGateway;
  logger: Logger;
  /** Called after stock was given back, so catalog answers are rebuilt. */
  stockChanged: () => void;
  timing?: Partial<LeaseTiming>;
}): Promise<StaleOrders> {
  const { db, gateway, logger } = opts;
  const timing = { ...DEFAULT_TIMING, ...opts.timing };
  const processId = randomUUID();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | null = null;

  const expiry = () => sql`now() + make_interval(secs => ${timing.ttlMs / 1000})`;
  // Nothing else can use a PGlite database: any other lease in it is from a process now gone.
  if (opts.kind === "pglite") await db.delete(processLeases).where(ne(processLeases.id, processId));
  await db.insert(processLeases).values({ id: processId, expiresAt: expiry() });

  async function renew(): Promise<void> {
    await db
      .insert(processLeases)
      .values({ id: processId, expiresAt: expiry() })
      .onConflictDoUpdate({ target: processLeases.id, set: { expiresAt: expiry() } });
    await db.delete(processLeases).where(lt(processLeases.expiresAt, sql`now() - interval '1 hour'`));
  }

  async function isAlive(id: string | null): Promise<boolean> {
    if (!id) return false;
    if (id === processId) return true;
    const [lease] = await db
      .select({ id: processLeases.id })
      .from(processLeases)
      .where(and(eq(processLeases.id, id), sql`${processLeases.expiresAt} > now()`));
    return lease !== undefined;
  }

  /** Voids any charge, then gives the stock back: "released", "gone" (not pending any more), or "unsettled". */
  async function settleOrder(order: { id: number; ref: string }): Promise<"released" | "gone" | "unsettled"> {
    if (!(await voidChargeOf(gateway, logger, order.ref))) return "unsettled";
    if (!(await releasePendingOrder(db, order.id))) return "gone";
    logger.warn({ orderRef: order.ref }, "Released a pending order left by a process that stopped mid-payment");
    opts.stockChanged();
    return "released";
  }

  async function round(): Promise<number> {
    // Measured on the database's clock, the one leases and created_at are written by.
    const liveProcess = sql`exists (select 1 from process_leases l where l.id = ${orders.processId} and l.expires_at > now())`;
    const tooOld = lt(orders.createdAt, sql`now() - make_interval(secs => ${STALE_AFTER_MS / 1000})`);
    const stale = await db
      .select({ id: orders.id, ref: orders.orderRef })
      .from(orders)
      .where(and(eq(orders.status, "pending"), or(sql`not ${liveProcess}`, tooOld)))
      .orderBy(orders.id);
    let released = 0;
    for (const order of stale) if ((await settleOrder(order)) === "released") released++;
    return released;
  }

  function sweep(): Promise<number> {
    running ??= round().finally(() => {
      running = null;
    });
    return running;
  }

  // The lease is renewed from creation on, whether or not this process sweeps.
  const renewal = setInterval(() => {
    renew().catch((err: unknown) => logger.error({ err }, "Lease renewal failed"));
  }, timing.renewMs);
  renewal.unref();
  const safeSweep = () => {
    sweep().catch((err: unknown) => logger.error({ err }, "Stale order round failed"));
  };

  return {
    processId,
    isAlive,
    settle: async (order) => (await settleOrder(order)) !== "unsettled",
    sweep,
    start() {
      if (timer) return;
      timer = setInterval(safeSweep, timing.renewMs);
      timer.unref();
      safeSweep();
    },
    async stop() {
      clearInterval(renewal);
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
      await db
        .delete(processLeases)
        .where(eq(processLeases.id, processId))
        .catch(() => undefined);
    },
  };
}
