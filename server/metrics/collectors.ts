/**
 * What `/metrics` reads when it is asked (server/metrics/metrics.ts): the work waiting in the
 * database, the image work, memory and the bounded caches, the process's life.
 */
import { sql } from "drizzle-orm";
import sharp from "sharp";
import packageJson from "../../package.json" with { type: "json" };
import type { Db } from "../db/client.ts";
import type { AppDeps } from "../deps.ts";
import { CachedBlobStore } from "../files/blob-cache.ts";
import { MEMORY_BOUNDS } from "../memory-bounds.ts";
import { LAST_BACKUP_SETTING } from "../studio/go-live.ts";
import type { Exposition } from "./exposition.ts";

const MB = 1024 * 1024;

/**
 * The tables delivered by server/jobs/worker.ts, and when a row's work was asked for: a mail
 * when it was queued; a subscription when it was signed up or taken off the list (a sign-up
 * again after an unsubscribe counts from the first sign-up: the table keeps no later time).
 */
export const JOB_TABLES = [
  { table: "mail_outbox", queuedAt: sql`created_at` },
  { table: "subscriptions", queuedAt: sql`greatest(created_at, unsubscribed_at)` },
] as const;

/** Rows of one job table by status, with its oldest undelivered row's age and its lag. */
export type QueueFigures = {
  tables: {
    table: string;
    /** Rows pending, being sent (claimed under a lease) and failed for good. */
    rows: { pending: number; sending: number; failed: number };
    /** Age of the oldest row still to deliver (pending or sending), 0 with none. */
    oldestSeconds: number;
    /** How late the due work is: now less the oldest due row's next attempt, 0 with none due. */
    lagSeconds: number;
  }[];
  /** Orders pending payment, and how long the oldest has been (checkout/stale-orders.ts settles them). */
  pendingOrders: { count: number; oldestSeconds: number };
  /** When `npm run backup` last wrote a backup (Unix seconds), 0 if never (server/studio/go-live.ts). */
  lastBackupSeconds: number;
};

type Row = { source: string; status: string; n: number; oldest: number | null; lag: number | null };

/**
 * One query for every figure: each table's undelivered rows through its (status,
 * next_attempt_at) index (delivered rows, the bulk, are never read), and the pending orders, which
 * the stale-order sweep reads as often.
 */
export async function readQueues(db: Db): Promise<QueueFigures> {
  const parts = JOB_TABLES.map(
    ({ table, queuedAt }) => sql`
      select ${table} as source, status, count(*)::int as n,
             extract(epoch from now() - min(${queuedAt}))::float8 as oldest,
             extract(epoch from now() - min(next_attempt_at) filter (where next_attempt_at <= now()))::float8 as lag
        from ${sql.identifier(table)}
       where status in ('pending', 'sending', 'failed')
       group by status`,
  );
  parts.push(sql`
      select 'orders' as source, 'pending' as status, count(*)::int as n,
             extract(epoch from now() - min(created_at))::float8 as oldest, null::float8 as lag
        from orders
       where status = 'pending'`);
  parts.push(sql`
      select 'backup' as source, 'written' as status, 0 as n,
             extract(epoch from (value::jsonb->>'at')::timestamptz)::float8 as oldest, null::float8 as lag
        from app_settings
       where name = ${LAST_BACKUP_SETTING} and value like '{%'`);
  const result = await db.execute(sql.join(parts, sql` union all `));
  const rows = (result as unknown as { rows: Row[] }).rows;
  const seconds = (v: number | null | undefined) => Math.max(0, Number(v ?? 0));
  const tables = JOB_TABLES.map(({ table }) => {
    const mine = rows.filter((r) => r.source === table);
    const of = (status: string) => mine.find((r) => r.status === status);
    const waiting = [of("pending"), of("sending")];
    return {
      table,
      rows: { pending: of("pending")?.n ?? 0, sending: of("sending")?.n ?? 0, failed: of("failed")?.n ?? 0 },
      oldestSeconds: Math.max(0, ...waiting.map((r) => seconds(r?.oldest))),
      lagSeconds: Math.max(0, ...waiting.map((r) => seconds(r?.lag))),
    };
  });
  const orders = rows.find((r) => r.source === "orders");
  const backup = rows.find((r) => r.source === "backup");
  return {
    tables,
    pendingOrders: { count: orders?.n ?? 0, oldestSeconds: seconds(orders?.oldest) },
    lastBackupSeconds: seconds(backup?.oldest),
  };
}

export function writeQueues(out: Exposition, figures: QueueFigures | null): void {
  out.gauge(
    "heartwood_queue_query_up",
    "1 when the database answered the query behind the outbox, job and pending-order figures (read at most every 5 s), 0 when it failed; the figures are left out then.",
    figures ? 1 : 0,
  );
  if (!figures) return;
  out.gauge(
    "heartwood_outbox_rows",
    "Rows of each outbox table (mail_outbox, subscriptions) still to deliver (pending; sending: claimed under a lease) or failed for good (failed, kept for a look).",
    figures.tables.flatMap((t) =>
      (["pending", "sending", "failed"] as const).map((status) => ({
        labels: { outbox: t.table, status },
        value: t.rows[status],
      })),
    ),
  );
  out.gauge(
    "heartwood_outbox_oldest_age_seconds",
    "Age of the oldest row of each outbox table still to deliver (pending or sending); 0 when none.",
    figures.tables.map((t) => ({ labels: { outbox: t.table }, value: t.oldestSeconds })),
  );
  out.gauge(
    "heartwood_job_lag_seconds",
    "How late each outbox's due work is: now less the oldest next attempt of a row due now; 0 when nothing is due.",
    figures.tables.map((t) => ({ labels: { outbox: t.table }, value: t.lagSeconds })),
  );
  out.gauge(
    "heartwood_pending_orders",
    "Orders waiting for their payment's outcome; a process that died mid-payment leaves one, which the stale-order sweep settles.",
    figures.pendingOrders.count,
  );
  out.gauge(
    "heartwood_last_backup_timestamp_seconds",
    "When npm run backup last wrote a backup of this shop (Unix time), 0 if never: alert when it is more than a day and a half old.",
    figures.lastBackupSeconds,
  );
  out.gauge(
    "heartwood_pending_order_oldest_age_seconds",
    "Age of the oldest order waiting for its payment's outcome; 0 when none. Past 10 minutes the sweep should have settled it.",
    figures.pendingOrders.oldestSeconds,
  );
}

/** The start's picture work in its own process (server/images/image-work.ts): what runs and since when. */
export class ImageWorkState {
  private run: { phase: "draw" | "variants"; since: number } | null = null;

  /** The work's process started; the function given back says it ended (a later start's end is its own). */
  began(phase: "draw" | "variants"): () => void {
    const run = { phase, since: Date.now() };
    this.run = run;
    return () => {
      if (this.run === run) this.run = null;
    };
  }

  write(out: Exposition, deps: Pick<AppDeps, "undrawn">): void {
    out.gauge(
      "heartwood_image_work_running",
      "1 while the start's picture work runs in its own process (drawing the demo's pictures, or making variants ahead), else 0.",
      this.run ? 1 : 0,
    );
    out.gauge(
      "heartwood_image_work_running_seconds",
      "How long the picture work now running has run (0 when none runs).",
      this.run ? (Date.now() - this.run.since) / 1000 : 0,
    );
    out.gauge(
      "heartwood_images_undrawn",
      "The demo's pictures a first start has not drawn yet (each answers a placeholder meanwhile).",
      deps.undrawn.size,
    );
  }
}

export function writeImages(out: Exposition, deps: Pick<AppDeps, "images">): void {
  const stats = deps.images.stats();
  out.gauge("heartwood_image_transforms_active", "Image variants being made for requests now.", stats.running);
  out.gauge(
    "heartwood_image_transforms_waiting",
    "Image variants waiting for a free slot; past 64, or 10 s of waiting, a request is answered 503.",
    stats.queued,
  );
  out.counter("heartwood_image_transforms_total", "Image variants made for requests.", [
    { value: stats.transformations },
  ]);
}

/** The process's memory and each bounded cache's bytes beside its bound (server/memory-bounds.ts). */
export function writeMemory(out: Exposition, deps: Pick<AppDeps, "cache" | "files" | "images">): void {
  const m = process.memoryUsage();
  out.gauge("process_resident_memory_bytes", "Resident memory of the process (RSS).", m.rss);
  out.gauge("nodejs_heap_size_used_bytes", "V8 heap in use.", m.heapUsed);
  out.gauge("nodejs_heap_size_total_bytes", "V8 heap allocated.", m.heapTotal);
  out.gauge(
    "nodejs_external_memory_bytes",
    "Memory of C++ objects bound to JavaScript ones (Buffers included).",
    m.external,
  );
  out.gauge(
    "nodejs_array_buffers_bytes",
    "Memory of ArrayBuffers and Buffers (part of the external memory).",
    m.arrayBuffers,
  );
  const held: { cache: keyof typeof MEMORY_BOUNDS; bytes: number | null }[] = [
    { cache: "responses", bytes: deps.cache.heldBytes() },
    { cache: "files", bytes: deps.files instanceof CachedBlobStore ? deps.files.heldSize() : null },
    { cache: "variants", bytes: deps.images.stats().memoryBytes },
    // libvips counts its memory in whole megabytes; all it holds, its operation cache included.
    { cache: "libvips", bytes: sharp.cache().memory.current * MB },
  ];
  const known = held.filter((h): h is { cache: keyof typeof MEMORY_BOUNDS; bytes: number } => h.bytes !== null);
  out.gauge(
    "cache_bytes",
    "Bytes each in-memory cache holds: responses (API answers), files (small stored files), variants (image variants), libvips (its tracked memory, in whole MB).",
    known.map((h) => ({ labels: { cache: h.cache }, value: h.bytes })),
  );
  out.gauge(
    "cache_bound_bytes",
    "The most each in-memory cache may hold (server/memory-bounds.ts).",
    known.map((h) => ({ labels: { cache: h.cache }, value: MEMORY_BOUNDS[h.cache] })),
  );
}

/** When this process started, in seconds since the epoch. */
const STARTED_AT = Math.round(Date.now() - process.uptime() * 1000) / 1000;

export function writeProcess(out: Exposition, deps: Pick<AppDeps, "lifecycle" | "database" | "gateway">): void {
  out.gauge("process_start_time_seconds", "When the process started, in seconds since the Unix epoch.", STARTED_AT);
  const cpu = process.cpuUsage();
  out.counter("process_cpu_seconds_total", "Processor time the process used, user and system.", [
    { value: (cpu.user + cpu.system) / 1e6 },
  ]);
  out.gauge(
    "heartwood_ready",
    "1 while the process takes visitors (what /readyz answers 200 for), 0 while it starts or stops.",
    deps.lifecycle.ready ? 1 : 0,
  );
  out.gauge("heartwood_build_info", "The shop's version and what it runs on; always 1.", [
    {
      labels: {
        version: packageJson.version,
        node: process.version,
        database: deps.database.kind,
        gateway: deps.gateway.name,
      },
      value: 1,
    },
  ]);
}
