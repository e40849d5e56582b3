/**
 * Brings a backup (format.ts, docs/backups.md) back into a database, PGlite or PostgreSQL,
 * whichever wrote it:
 *
 * 1. The whole file is read once and checked (`verifyBackup`) before anything is written: its
 *    header, every section, each value's size, the trailer's counts and its SHA-256. A damaged or
 *    cut-off file, or one from a newer schema than this code knows, is refused in one line.
 * 2. The target must hold no rows, unless `replace` is asked for, which empties it in the same
 *    transaction as the load (a failed load leaves what was there).
 * 3. The schema is made by the app's own migrations: up to the backup's level first, so the rows
 *    fit the tables they were read from, then the rest after loading, so later migrations treat
 *    the restored rows as they would have treated the shop's.
 * 4. The rows are loaded in one transaction (tables in the file's order, parents first), the
 *    files' bytes appended in slices, every sequence set past the restored ids, and each table's
 *    count checked against the trailer before it commits.
 *
 * Columns the backup has that the schema no longer has are left out; columns it lacks take their
 * defaults. Memory stays bounded: rows go in batches, values in slices of at most 8 MB.
 */

import { createHash } from "node:crypto";
import { copyFileSync, createReadStream, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { StringDecoder } from "node:string_decoder";
import { createGunzip } from "node:zlib";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import {
  base64Bytes,
  codeMigrations,
  FORMAT,
  FORMAT_VERSION,
  type Header,
  type Line,
  levelOf,
  levelProblem,
  MARK,
  migrationsFolder,
  type TableLine,
  type Trailer,
  type ValueLine,
} from "./format.ts";
import { appliedMigrations, listTables, type Runner, rows, tableRef, tablesWithRows } from "./tables.ts";

/** A refusal to restore, said in one line. */
export class RestoreError extends Error {}

const BATCH_ROWS = 500;
const BATCH_CHARS = 4 * 1024 * 1024;
const APPEND_BYTES = 8 * 1024 * 1024;

type Handler = (line: string) => Promise<void> | void;

/** Calls `handle` with each line of the gzip-compressed file, in order; a broken gzip stream throws. */
async function eachLine(file: string, handle: Handler): Promise<void> {
  const decoder = new StringDecoder("utf8");
  let rest = "";
  // The handler's own error, which the pipeline would otherwise report as its abort.
  let refused: unknown = null;
  const take = async (line: string) => {
    try {
      await handle(line);
    } catch (err) {
      refused = err;
      throw err;
    }
  };
  try {
    await pipeline(createReadStream(file), createGunzip(), async (source: AsyncIterable<Buffer>) => {
      for await (const chunk of source) {
        rest += decoder.write(chunk);
        let end = rest.indexOf("\n");
        while (end >= 0) {
          const line = rest.slice(0, end);
          rest = rest.slice(end + 1);
          await take(line);
          end = rest.indexOf("\n");
        }
      }
      rest += decoder.end();
      // Every line ends with a newline: text after the last one is a line cut off.
      if (rest !== "") await take(rest);
    });
  } catch (err) {
    throw refused ?? err;
  }
}

const ownLine = (line: string): Line | null => (line.startsWith(MARK) ? (JSON.parse(line) as Line) : null);

export type Verified = { header: Header; trailer: Trailer };

/**
 * Reads the whole file and checks it, writing nothing: a file that is not a backup, is damaged,
 * cut off, or from a newer schema than this code knows throws a RestoreError saying so.
 */
export async function verifyBackup(file: string): Promise<Verified> {
  const hash = createHash("sha256");
  const counts: Record<string, number> = {};
  let header: Header | null = null;
  let trailer: Trailer | null = null;
  let table: string | null = null;
  let value: { line: ValueLine; bytes: number } | null = null;
  let values = 0;
  let valueBytes = 0;
  let lineNo = 0;

  const endValue = () => {
    if (!value) return;
    if (value.bytes !== value.line.size)
      throw new RestoreError(
        `The backup file is damaged: a file of ${value.line.table} has ${value.bytes} bytes, not ${value.line.size}.`,
      );
    values++;
    valueBytes += value.bytes;
    value = null;
  };

  try {
    await eachLine(file, (line) => {
      lineNo++;
      if (trailer) throw new RestoreError("The backup file is damaged: it goes on after its last line.");
      if (line.startsWith('"')) {
        if (!value) throw new RestoreError(`The backup file is damaged (line ${lineNo}: bytes outside a file).`);
        value.bytes += base64Bytes(JSON.parse(line) as string);
        hash.update(`${line}\n`);
        return;
      }
      endValue();
      const own = ownLine(line);
      if (!header) {
        if (own?.hwbak !== FORMAT) throw new RestoreError("This is not a Heartwood backup file.");
        header = own;
        if (header.version > FORMAT_VERSION)
          throw new RestoreError(
            `This backup is in format ${header.version}; this version of the shop reads format ${FORMAT_VERSION} and older. Update the shop, then restore.`,
          );
        const problem = levelProblem(header.schema);
        if (problem) throw new RestoreError(problem);
      } else if (!own) {
        if (!table || !line.startsWith("{"))
          throw new RestoreError(`The backup file is damaged (line ${lineNo} is not a row of a table).`);
        counts[table] = (counts[table] ?? 0) + 1;
      } else if (own.hwbak === "table") {
        table = own.name;
        counts[table] = 0;
      } else if (own.hwbak === "sequences") {
        table = null;
      } else if (own.hwbak === "value") {
        table = null;
        value = { line: own, bytes: 0 };
      } else if (own.hwbak === "end") {
        trailer = own;
        return;
      } else {
        throw new RestoreError(`The backup file is damaged (line ${lineNo} is of no known kind).`);
      }
      hash.update(`${line}\n`);
    });
  } catch (err) {
    if (err instanceof RestoreError) throw err;
    const why = err instanceof SyntaxError ? `line ${lineNo + 1} is not JSON` : (err as Error).message;
    throw new RestoreError(`The backup file is damaged or incomplete (${why}); nothing was restored.`);
  }
  if (!header) throw new RestoreError("The backup file is empty.");
  const end = trailer as Trailer | null;
  if (!end)
    throw new RestoreError(
      "The backup file is incomplete: it ends before its last line (a backup cut off while written or copied).",
    );
  const h = hash.digest("hex");
  if (h !== end.sha256) throw new RestoreError("The backup file is damaged: its checksum does not match its content.");
  const wrong = Object.keys({ ...counts, ...end.tables }).find((t) => counts[t] !== end.tables[t]);
  if (wrong)
    throw new RestoreError(
      `The backup file is damaged: table ${wrong} has ${counts[wrong] ?? 0} rows, its trailer says ${end.tables[wrong] ?? 0}.`,
    );
  if (values !== end.values || valueBytes !== end.valueBytes)
    throw new RestoreError("The backup file is damaged: its files do not add up to what its trailer says.");
  return { header, trailer: end };
}

export type RestoreSummary = {
  tables: number;
  rows: number;
  files: number;
  fileBytes: number;
  ms: number;
  /** Tables in the backup this schema no longer has (their rows were not loaded). */
  skipped: string[];
};

/**
 * Applies the app's migrations up to the first `count` only (a backup's level), from a copy of
 * the migrations folder whose journal stops there.
 */
async function migrateTo(database: Database, count: number) {
  const known = codeMigrations();
  if (count >= known.length) return database.migrate();
  const from = migrationsFolder();
  const folder = mkdtempSync(path.join(tmpdir(), "heartwood-migrations-"));
  const saved = process.env.MIGRATIONS_DIR;
  try {
    mkdirSync(path.join(folder, "meta"));
    const entries = known.slice(0, count);
    writeFileSync(
      path.join(folder, "meta", "_journal.json"),
      JSON.stringify({ version: "7", dialect: "postgresql", entries }),
    );
    for (const m of entries) copyFileSync(path.join(from, `${m.tag}.sql`), path.join(folder, `${m.tag}.sql`));
    process.env.MIGRATIONS_DIR = folder;
    await database.migrate();
  } finally {
    if (saved === undefined) delete process.env.MIGRATIONS_DIR;
    else process.env.MIGRATIONS_DIR = saved;
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * Loads a verified backup into `database`: refused when it holds rows, unless `replace`.
 * The schema is migrated to the code's level at the end.
 */
export async function loadBackup(
  database: Database,
  file: string,
  verified: Verified,
  options: { replace?: boolean } = {},
): Promise<RestoreSummary> {
  const started = performance.now();
  const { header, trailer } = verified;
  const before = await listTables(database.db);
  const full = await tablesWithRows(database.db, before);
  if (full.length > 0 && !options.replace)
    throw new RestoreError(
      `The target already holds data (rows in ${full.length} tables, e.g. ${full.slice(0, 3).join(", ")}). Restore into an empty place, or add --replace to empty it first.`,
    );
  const level = levelOf(await appliedMigrations(database.db));
  if (level.migrations < header.schema.migrations) await migrateTo(database, header.schema.migrations);

  const loaded = await database.db.transaction(async (tx) => {
    const tables = await listTables(tx);
    if (options.replace && tables.length > 0)
      await tx.execute(
        sql`truncate table ${sql.join(
          tables.map((t) => tableRef(t.name)),
          sql`, `,
        )} restart identity cascade`,
      );
    return loadRows(tx, file, tables);
  });

  // Columns and data the later migrations add, as they would have on the running shop.
  await database.migrate();
  const tables = Object.keys(trailer.tables).filter((t) => !loaded.skipped.includes(t));
  return {
    tables: tables.length,
    rows: tables.reduce((sum, t) => sum + (trailer.tables[t] ?? 0), 0),
    files: trailer.values,
    fileBytes: trailer.valueBytes,
    ms: performance.now() - started,
    skipped: loaded.skipped,
  };
}

async function loadRows(tx: Runner, file: string, tables: Awaited<ReturnType<typeof listTables>>) {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const skipped: string[] = [];
  let current: { line: TableLine; columns: string[] } | null = null;
  let batch: string[] = [];
  let batchChars = 0;
  let sequences: Record<string, number | null> = {};
  let value: { line: ValueLine; parts: Buffer[]; held: number; appended: number } | null = null;
  let trailer: Trailer | null = null;

  const flushRows = async () => {
    if (!current || batch.length === 0) return;
    const cols = sql.join(
      current.columns.map((c) => sql.identifier(c)),
      sql`, `,
    );
    await tx.execute(
      sql`insert into ${tableRef(current.line.name)} (${cols})
        select ${cols} from jsonb_populate_recordset(null::${tableRef(current.line.name)}, ${`[${batch.join(",")}]`}::jsonb)`,
    );
    batch = [];
    batchChars = 0;
  };

  const append = async () => {
    if (!value || value.parts.length === 0) return;
    const { line } = value;
    const bytes = Buffer.concat(value.parts);
    value.parts = [];
    value.held = 0;
    const keyCols = Object.keys(line.row);
    const [done] = await rows<{ n: number }>(
      tx,
      sql`update ${tableRef(line.table)} t set ${sql.identifier(line.column)} = t.${sql.identifier(line.column)} || decode(${bytes.toString("base64")}, 'base64')
        where (${sql.join(
          keyCols.map((k) => sql`t.${sql.identifier(k)}`),
          sql`, `,
        )}) = (select ${sql.join(
          keyCols.map((k) => sql`c.${sql.identifier(k)}`),
          sql`, `,
        )} from jsonb_populate_record(null::${tableRef(line.table)}, ${JSON.stringify(line.row)}::jsonb) c)
        returning octet_length(t.${sql.identifier(line.column)}) as n`,
    );
    if (!done) throw new RestoreError(`A file's row of ${line.table} is missing after loading its rows.`);
    value.appended = Number(done.n);
  };

  const endValue = async () => {
    if (!value) return;
    await append();
    if (value.appended !== value.line.size)
      throw new RestoreError(
        `A file of ${value.line.table} was restored with ${value.appended} bytes, not ${value.line.size}.`,
      );
    value = null;
  };

  await eachLine(file, async (line) => {
    if (line.startsWith('"')) {
      if (!value || skipped.includes(value.line.table)) return;
      const bytes = Buffer.from(JSON.parse(line) as string, "base64");
      value.parts.push(bytes);
      value.held += bytes.byteLength;
      if (value.held >= APPEND_BYTES) await append();
      return;
    }
    await endValue();
    const own = ownLine(line);
    if (!own) {
      if (!current) return;
      batch.push(line);
      batchChars += line.length;
      if (batch.length >= BATCH_ROWS || batchChars >= BATCH_CHARS) await flushRows();
      return;
    }
    await flushRows();
    current = null;
    if (own.hwbak === "table") {
      const there = byName.get(own.name);
      if (!there) {
        skipped.push(own.name);
        return;
      }
      current = { line: own, columns: own.columns.filter((c) => there.columns.includes(c)) };
    } else if (own.hwbak === "sequences") {
      sequences = own.values;
    } else if (own.hwbak === "value") {
      if (!skipped.includes(own.table)) value = { line: own, parts: [], held: 0, appended: 0 };
    } else if (own.hwbak === "end") {
      trailer = own;
    }
  });
  await endValue();
  await flushRows();
  const end = trailer as Trailer | null;
  if (!end) throw new RestoreError("The backup file ended early while loading; nothing was restored.");

  await setSequences(tx, sequences);

  for (const [name, expected] of Object.entries(end.tables)) {
    if (skipped.includes(name)) continue;
    const [counted] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from ${tableRef(name)}`);
    if (Number(counted?.n) !== expected)
      throw new RestoreError(
        `Table ${name} has ${counted?.n} rows after loading, the backup ${expected}; nothing was restored.`,
      );
  }
  return { skipped };
}

/** Every sequence set past the ids its column holds now (and no lower than where the backup's stood). */
async function setSequences(tx: Runner, values: Record<string, number | null>) {
  const owned = await rows<{ seq: string; tbl: string | null; col: string | null }>(
    tx,
    sql`select s.relname as seq, t.relname as tbl, a.attname as col
      from pg_class s join pg_namespace n on n.oid = s.relnamespace
        left join pg_depend d on d.objid = s.oid and d.classid = 'pg_class'::regclass
          and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')
        left join pg_class t on t.oid = d.refobjid
        left join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
      where s.relkind = 'S' and n.nspname = 'public'`,
  );
  for (const s of owned) {
    const seq = sql`${`public.${quoteIdent(s.seq)}`}::regclass`;
    const highest =
      s.tbl && s.col ? sql`(select max(${sql.identifier(s.col)})::bigint from ${tableRef(s.tbl)})` : sql`null::bigint`;
    const fromBackup = values[s.seq] ?? null;
    await tx.execute(
      sql`select case when v > 0 then setval(${seq}, v, true) else setval(${seq}, 1, false) end
        from (select greatest(coalesce(${fromBackup}::bigint, 0), coalesce(${highest}, 0)) as v) x`,
    );
  }
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
