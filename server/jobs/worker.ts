/**
 * Work that must not be lost, done after the answer: rows of a table written in the same
 * transaction as the thing they are about (mail to send, a subscription to push to Mailchimp),
 * delivered with retries. A row is claimed with a lease (status 'sending' until
 * `next_attempt_at`), so several app processes can work side by side and a crash mid-delivery
 * is retried once the lease runs out. Tables using this have the columns id, status ('pending',
 * 'sending', 'sent', 'failed'), attempts, next_attempt_at, last_error and sent_at.
 */
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import type { Logger } from "../logger.ts";

const LEASE_SECONDS = 300;
const MAX_ATTEMPTS = 12;

/** 30 s, 1 min, 2 min … capped at an hour. */
export const retryDelaySeconds = (attempts: number): number => Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));

export type JobWorker = {
  /** Delivers what is due now; resolves with the number delivered. */
  deliverDue(): Promise<number>;
  /** Asks for a delivery round soon (after new work was queued). */
  kick(): void;
  start(intervalMs?: number): void;
  stop(): Promise<void>;
};

export function createJobWorker<Row extends { id: number; attempts: number }>(opts: {
  db: Db;
  table: string;
  /** The columns to read for a delivery. */
  columns: SQL;
  deliver: (row: Row) => Promise<void>;
  /** What the logs call one row, e.g. "Mail". */
  label: string;
  logger: Logger;
}): JobWorker {
  const { db, logger } = opts;
  const table = sql.identifier(opts.table);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | null = null;
  let again = false;
  /** Set by stop(): the row being delivered is finished, the others claimed with it handed back. */
  let stopped = false;

  async function claim(): Promise<Row[]> {
    const result = await db.execute(sql`
      update ${table}
         set status = 'sending',
             attempts = attempts + 1,
             next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS})
       where id in (
         select id from ${table}
          where status in ('pending', 'sending') and next_attempt_at <= now()
          order by id
          limit 20
          for update skip locked)
      returning id, attempts, ${opts.columns}`);
    return (result as unknown as { rows: Row[] }).rows;
  }

  /** Hands rows claimed but not started back (a stop): due again at once, for this process's successor or another. */
  async function release(rows: Row[]): Promise<void> {
    if (rows.length === 0) return;
    const ids = sql.join(
      rows.map((r) => sql`${r.id}`),
      sql`, `,
    );
    await db.execute(sql`
      update ${table}
         set status = 'pending', attempts = attempts - 1, next_attempt_at = now()
       where status = 'sending' and id in (${ids})`);
    logger.info({ table: opts.table, released: rows.length }, `${opts.label}: claimed rows handed back on stopping`);
  }

  async function round(): Promise<number> {
    let done = 0;
    while (!stopped) {
      const rows = await claim();
      if (rows.length === 0) return done;
      for (const [i, row] of rows.entries()) {
        if (stopped) {
          await release(rows.slice(i));
          return done;
        }
        try {
          await opts.deliver(row);
          await db.execute(
            sql`update ${table} set status = 'sent', sent_at = now(), last_error = null where id = ${row.id}`,
          );
          done++;
        } catch (err) {
          const failed = row.attempts >= MAX_ATTEMPTS;
          const message = err instanceof Error ? err.message : String(err);
          const log = { table: opts.table, id: row.id, attempts: row.attempts, err: message };
          if (failed)
            logger.error(log, `${opts.label} failed for good after ${row.attempts} attempts; kept in the database`);
          else logger.warn(log, `${opts.label} not delivered; will retry`);
          await db.execute(sql`
            update ${table}
               set status = ${failed ? "failed" : "pending"},
                   last_error = ${message.slice(0, 1000)},
                   next_attempt_at = now() + make_interval(secs => ${retryDelaySeconds(row.attempts)})
             where id = ${row.id}`);
        }
      }
    }
    return done;
  }

  async function deliverDue(): Promise<number> {
    if (stopped) return 0;
    if (running) {
      again = true;
      return running;
    }
    running = round().finally(() => {
      running = null;
    });
    const n = await running;
    if (again) {
      again = false;
      return n + (await deliverDue());
    }
    return n;
  }

  const safeRound = () =>
    deliverDue().catch((err) => logger.error({ err, table: opts.table }, "Delivery round failed"));

  return {
    deliverDue,
    kick: () => {
      setImmediate(safeRound);
    },
    start(intervalMs = 15_000) {
      if (timer) return;
      timer = setInterval(safeRound, intervalMs);
      timer.unref();
      void safeRound();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
  };
}
