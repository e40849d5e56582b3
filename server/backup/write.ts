/**
 * Writes the shop's backup (format.ts, docs/backups.md) while it runs, from one consistent
 * moment of the database:
 *
 * - PostgreSQL: everything is read in one REPEATABLE READ READ ONLY transaction, on a connection
 *   of its own, so a payment that commits meanwhile is wholly in or wholly out; the shop's other
 *   connections are not held up.
 * - PGlite (inside the running shop, or the script's own when no shop runs): one connection
 *   serves everything, and a transaction holds every other query of the shop until it ends. So the
 *   rows are read in one transaction (the snapshot: small, the shop waits for it), and the large
 *   values (the files' bytes, most of the size) are read after it, a slice at a time between the
 *   shop's own queries. Each value is read from the very row version the snapshot saw (its `ctid`
 *   and `xmin`): if a file was replaced or deleted in between, the attempt starts again, and after
 *   three such attempts the whole backup is read in one transaction.
 *
 * Memory stays bounded: rows are read in batches by key, values in 1 MB slices, and everything
 * streams through gzip into `FILE.partial`, which is synced and renamed to FILE once whole.
 */
import { createHash } from "node:crypto";
import { once } from "node:events";
import { createWriteStream, type WriteStream } from "node:fs";
import { open, rename, rm } from "node:fs/promises";
import path from "node:path";
import { createGzip, type Gzip } from "node:zlib";
import { type SQL, sql } from "drizzle-orm";
import type { Database, Db } from "../db/client.ts";
import {
  FORMAT,
  FORMAT_VERSION,
  type Header,
  LEFT_OUT,
  levelOf,
  SLICE_BYTES,
  type TableLine,
  type Trailer,
  type ValueLine,
} from "./format.ts";
import { appliedMigrations, listTables, type Runner, rows, type TableInfo, tableRef } from "./tables.ts";

const BATCH_ROWS = 500;
const CONFLICT_ATTEMPTS = 3;

export type BackupSummary = {
  file: string;
  tables: number;
  rows: number;
  files: number;
  fileBytes: number;
  compressedBytes: number;
  ms: number;
  /** PGlite: how long the shop's queries waited for the snapshot (and the longest single slice after it). */
  snapshotMs: number;
  longestSliceMs: number;
  /** Whether it was read in one transaction throughout (PostgreSQL always; PGlite after conflicts). */
  oneTransaction: boolean;
  attempts: number;
};

/** A large value to read after the snapshot: where its row version lies, and how long it is. */
type Pending = { table: string; column: string; row: string; ctid: string; xmin: string; size: number };

class Conflict extends Error {}

/** The file being written: lines in, gzip, `FILE.partial`; a running SHA-256 of the lines. */
class BackupFile {
  private readonly hash = createHash("sha256");
  private readonly gzip: Gzip;
  private readonly out: WriteStream;
  private readonly closed: Promise<void>;
  compressed = 0;

  constructor(readonly partial: string) {
    this.gzip = createGzip({ level: 4, chunkSize: 256 * 1024 });
    // Only the owner reads it: it holds the staff's password hashes and the customers' addresses.
    this.out = createWriteStream(partial, { mode: 0o600 });
    this.gzip.on("data", (chunk: Buffer) => {
      this.compressed += chunk.byteLength;
    });
    this.gzip.pipe(this.out);
    this.closed = new Promise((resolve, reject) => {
      this.out.once("close", resolve);
      this.out.once("error", reject);
      this.gzip.once("error", reject);
    });
  }

  /** Writes a line; every line but the trailer counts in the checksum. */
  async line(text: string, hashed = true) {
    const bytes = Buffer.from(`${text}\n`, "utf8");
    if (hashed) this.hash.update(bytes);
    if (!this.gzip.write(bytes)) await once(this.gzip, "drain");
  }

  digest = () => this.hash.digest("hex");

  async finish(file: string) {
    this.gzip.end();
    await this.closed;
    // On disk before it takes its name, and the name itself on disk once the folder is synced.
    await syncPath(this.partial);
    await rename(this.partial, file);
    await syncPath(path.dirname(file)).catch(() => undefined);
  }

  async abandon() {
    this.gzip.destroy();
    this.out.destroy();
    await this.closed.catch(() => undefined);
    await rm(this.partial, { force: true });
  }
}

async function syncPath(where: string) {
  const handle = await open(where, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** The transaction that sees one moment of the database and writes nothing. */
const SNAPSHOT = { isolationLevel: "repeatable read", accessMode: "read only" } as const;

/**
 * Writes the backup of `database` to `file` (through `file.partial`), and says what it holds.
 * `onConflict` hears when a PGlite attempt started again.
 */
export async function writeBackup(
  database: Pick<Database, "db" | "kind">,
  file: string,
  options: { onRetry?: (attempt: number) => void } = {},
): Promise<BackupSummary> {
  const started = performance.now();
  const target = path.resolve(file);
  for (let attempt = 1; ; attempt++) {
    // PostgreSQL reads everything in its snapshot (other connections go on); PGlite only the rows.
    const oneTransaction = database.kind === "postgres" || attempt > CONFLICT_ATTEMPTS;
    const out = new BackupFile(`${target}.partial`);
    try {
      const result = await writeOnce(database.db, database.kind, out, oneTransaction);
      await out.finish(target);
      return {
        ...result,
        file: target,
        compressedBytes: out.compressed,
        ms: performance.now() - started,
        oneTransaction,
        attempts: attempt,
      };
    } catch (err) {
      await out.abandon();
      if (!(err instanceof Conflict)) throw err;
      options.onRetry?.(attempt);
    }
  }
}

async function writeOnce(db: Db, kind: Database["kind"], out: BackupFile, oneTransaction: boolean) {
  const counts: Record<string, number> = {};
  let pending: Pending[] = [];
  let tableCount = 0;
  const values = { count: 0, bytes: 0, longestSliceMs: 0 };

  const snapshot = async (tx: Runner) => {
    const tables = await listTables(tx);
    const applied = await appliedMigrations(tx);
    const studio = tables.some((t) => t.name === "studio_config")
      ? ((await rows<{ name: string }>(tx, sql`select name from studio_config order by id limit 1`))[0]?.name ?? null)
      : null;
    const header: Header = {
      hwbak: FORMAT,
      version: FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      studio,
      database: kind,
      schema: levelOf(applied),
      leftOut: [...LEFT_OUT],
    };
    await out.line(JSON.stringify(header));
    const kept = tables.filter((t) => !(LEFT_OUT as readonly string[]).includes(t.name));
    tableCount = kept.length;
    for (const table of kept) counts[table.name] = await writeTable(tx, table, out, pending);
    const sequences = await rows<{ name: string; value: string | null }>(
      tx,
      sql`select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public' order by 1`,
    );
    await out.line(
      JSON.stringify({
        hwbak: "sequences",
        values: Object.fromEntries(sequences.map((s) => [s.name, s.value === null ? null : Number(s.value)])),
      }),
    );
  };

  let snapshotMs = 0;
  if (oneTransaction) {
    const t0 = performance.now();
    await db.transaction(async (tx) => {
      await snapshot(tx);
      for (const value of pending) await writeValue(tx, value, out, values);
    }, SNAPSHOT);
    snapshotMs = performance.now() - t0;
  } else {
    const t0 = performance.now();
    await db.transaction((tx) => snapshot(tx), SNAPSHOT);
    snapshotMs = performance.now() - t0;
    for (const value of pending) await writeValue(db, value, out, values);
  }
  pending = [];

  const trailer: Trailer = {
    hwbak: "end",
    tables: counts,
    values: values.count,
    valueBytes: values.bytes,
    sha256: out.digest(),
  };
  await out.line(JSON.stringify(trailer), false);
  return {
    tables: tableCount,
    rows: Object.values(counts).reduce((a, b) => a + b, 0),
    files: values.count,
    fileBytes: values.bytes,
    snapshotMs,
    longestSliceMs: values.longestSliceMs,
  };
}

/** A table's section: its line, then its rows in batches by key; its large values are noted for later. */
async function writeTable(tx: Runner, table: TableInfo, out: BackupFile, pending: Pending[]): Promise<number> {
  if (table.sliced.length > 0 && table.key.length === 0)
    throw new Error(`Table ${table.name} has large values but no primary key; it cannot be backed up by slices.`);
  const line: TableLine = {
    hwbak: "table",
    name: table.name,
    columns: table.columns,
    key: table.key,
    sliced: table.sliced,
  };
  await out.line(JSON.stringify(line));

  const col = (c: string) => sql`t.${sql.identifier(c)}`;
  // The row with each large value replaced by an empty one (null stays null); the value follows later.
  const selected = table.columns.map((c) =>
    table.sliced.includes(c)
      ? sql`case when ${col(c)} is null then null else '\\x'::bytea end as ${sql.identifier(c)}`
      : sql`${col(c)}`,
  );
  const lengths = table.sliced.map((c, i) => sql`octet_length(${col(c)}) as ${sql.identifier(`__l${i}`)}`);
  const keyed = table.key.length > 0;
  const cursor = keyed
    ? sql`json_build_object(${sql.join(
        table.key.map((k) => sql`${k}::text, ${col(k)}`),
        sql`, `,
      )})::text`
    : sql`t.ctid::text`;
  const order = keyed ? sql.join(table.key.map(col), sql`, `) : sql`t.ctid`;
  const outerOrder = keyed
    ? sql.join(
        table.key.map((k) => sql`s.${sql.identifier(k)}`),
        sql`, `,
      )
    : sql`s.__t`;
  const lengthNames = table.sliced.map((_, i) => `__l${i}`);
  // The helper columns are not part of the row: names of this file's own, never a table's column.
  const strip = sql.raw(`'{${["__c", "__t", "__x", ...lengthNames].join(",")}}'::text[]`);
  const helpers = sql.raw(["s.__c", "s.__t", "s.__x", ...lengthNames.map((n) => `s.${n}`)].join(", "));

  let after: string | null = null;
  let count = 0;
  for (;;) {
    const where: SQL =
      after === null
        ? sql`true`
        : keyed
          ? sql`(${order}) > (select ${sql.join(
              table.key.map((k) => sql`c.${sql.identifier(k)}`),
              sql`, `,
            )} from jsonb_populate_record(null::${tableRef(table.name)}, ${after}::jsonb) c)`
          : sql`t.ctid > ${after}::tid`;
    const batch = await rows<Record<string, string | number | null>>(
      tx,
      sql`select (to_jsonb(s) - ${strip})::text as __r, ${helpers}
        from (select ${sql.join([...selected, ...lengths], sql`, `)}, ${cursor} as __c, t.ctid::text as __t, t.xmin::text as __x
              from ${tableRef(table.name)} t where ${where} order by ${order} limit ${BATCH_ROWS}) s
        order by ${outerOrder}`,
    );
    for (const r of batch) {
      await out.line(String(r.__r));
      table.sliced.forEach((column, i) => {
        const size = r[`__l${i}`];
        if (size !== null && size !== undefined && Number(size) > 0)
          pending.push({
            table: table.name,
            column,
            row: String(r.__c),
            ctid: String(r.__t),
            xmin: String(r.__x),
            size: Number(size),
          });
      });
    }
    count += batch.length;
    if (batch.length < BATCH_ROWS) return count;
    after = String(batch.at(-1)!.__c);
  }
}

/** A large value's section: its line, then its bytes in base64 slices, each read from the snapshot's row version. */
async function writeValue(
  runner: Runner,
  value: Pending,
  out: BackupFile,
  totals: { count: number; bytes: number; longestSliceMs: number },
) {
  const line: ValueLine = {
    hwbak: "value",
    table: value.table,
    column: value.column,
    row: JSON.parse(value.row) as Record<string, unknown>,
    size: value.size,
  };
  await out.line(JSON.stringify(line));
  for (let offset = 0; offset < value.size; offset += SLICE_BYTES) {
    const t0 = performance.now();
    const [slice] = await rows<{ b: string }>(
      runner,
      sql`select encode(substring(t.${sql.identifier(value.column)} from ${offset + 1} for ${SLICE_BYTES}), 'base64') as b
        from ${tableRef(value.table)} t where t.ctid = ${value.ctid}::tid and t.xmin = ${value.xmin}::xid`,
    );
    totals.longestSliceMs = Math.max(totals.longestSliceMs, performance.now() - t0);
    // The row was changed or deleted since the snapshot: its bytes there are gone.
    if (!slice) throw new Conflict(`${value.table} ${value.row} changed while the backup was written`);
    // PostgreSQL's base64 breaks lines every 76 characters.
    await out.line(JSON.stringify(slice.b.replace(/\n/g, "")));
  }
  totals.count++;
  totals.bytes += value.size;
}
