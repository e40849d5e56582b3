/**
 * Abuse limits counted in the database (`rate_limits`), so every app process on it shares one
 * count per key: with N processes a client still gets the limit once, not N times. Windows are
 * fixed and measured on the database's clock, so processes whose clocks differ agree on when a
 * window has passed.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import type { Logger } from "../logger.ts";

export type LimitResult = {
  /** hit: this one is within the limit. peek: one more hit would be. */
  allowed: boolean;
  /** Seconds until the window ends (at least 1) when not allowed; 0 when allowed. */
  retryAfterSeconds: number;
  /** Hits counted in the current window, this one included. */
  count: number;
};

export type Limits = {
  /** Counts one hit on `key`: at most `max` are allowed in each window of `windowSeconds`. */
  hit(key: string, max: number, windowSeconds: number): Promise<LimitResult>;
  /** The current window's count for `key`, counting nothing. */
  peek(key: string, max: number, windowSeconds: number): Promise<LimitResult>;
  /** Forgets `key`'s count (e.g. declines forgiven after a payment goes through). */
  clear(key: string): Promise<void>;
  /** Deletes windows long over; resolves with how many. `hit` runs it now and then by itself. */
  sweep(): Promise<number>;
};

/** Rows are kept at least this long, and as long as the longest window this process has used. */
const KEEP_SECONDS = 24 * 60 * 60;
const SWEEP_EVERY_MS = 60_000;

type Row = { count: number; seconds_left: number };

function rowsOf(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

function result(count: number, secondsLeft: number, allowed: boolean): LimitResult {
  return { allowed, retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil(secondsLeft)), count };
}

export function createLimits(opts: { db: Db; logger: Logger }): Limits {
  const { db, logger } = opts;
  let longestWindow = 0;
  let lastSweep = 0;

  async function sweep(): Promise<number> {
    const keep = Math.max(KEEP_SECONDS, longestWindow);
    const gone = await db.execute(
      sql`delete from rate_limits where window_start < now() - make_interval(secs => ${keep}) returning key`,
    );
    return rowsOf(gone).length;
  }

  function sweepNowAndThen(): void {
    const now = Date.now();
    if (now - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now;
    // Off the request's path: a slow or failed clean-up must not hold up or fail a submission.
    sweep().catch((err: unknown) => logger.warn({ err }, "Old rate-limit windows not deleted; will retry"));
  }

  return {
    async hit(key, max, windowSeconds) {
      longestWindow = Math.max(longestWindow, windowSeconds);
      // One statement, so concurrent hits from any process are counted one after another by the
      // row lock: never two fresh windows, never a lost increment. In DO UPDATE, `r.` is the old row.
      const res = await db.execute(sql`
        insert into rate_limits as r (key, window_start, count)
        values (${key}, now(), 1)
        on conflict (key) do update set
          window_start = case when r.window_start + make_interval(secs => ${windowSeconds}) <= now()
                              then now() else r.window_start end,
          count = case when r.window_start + make_interval(secs => ${windowSeconds}) <= now()
                       then 1 else r.count + 1 end
        returning count, window_start,
          extract(epoch from (window_start + make_interval(secs => ${windowSeconds}) - now()))::float8 as seconds_left`);
      sweepNowAndThen();
      const row = rowsOf(res)[0]!;
      return result(row.count, row.seconds_left, row.count <= max);
    },

    async peek(key, max, windowSeconds) {
      const res = await db.execute(sql`
        select count,
          extract(epoch from (window_start + make_interval(secs => ${windowSeconds}) - now()))::float8 as seconds_left
        from rate_limits
        where key = ${key} and window_start + make_interval(secs => ${windowSeconds}) > now()`);
      const row = rowsOf(res)[0];
      if (!row) return result(0, 0, max > 0);
      return result(row.count, row.seconds_left, row.count < max);
    },

    async clear(key) {
      await db.execute(sql`delete from rate_limits where key = ${key}`);
    },

    sweep,
  };
}
