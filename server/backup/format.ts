/**
 * The backup file (docs/backups.md): one gzip-compressed text of JSON lines, the same whichever
 * database wrote it, so a backup of an embedded (PGlite) shop restores into PostgreSQL and back.
 *
 *   {"hwbak":"heartwood-backup","version":1,...}         the header: format, schema level, time, studio
 *   {"hwbak":"table","name":"orders","columns":[...],...}  a table's section, then one line per row:
 *   {"id": 1, "email": "...", ...}                         a row as PostgreSQL's to_jsonb writes it
 *   {"hwbak":"sequences","values":{...}}                   where each sequence stood
 *   {"hwbak":"value","table":"blobs","column":"data",...}  a large value (a file's bytes), then
 *   "3q2+7w..."                                            its bytes in base64, one slice a line
 *   {"hwbak":"end","tables":{...},"sha256":"..."}          the trailer: counts and a checksum
 *
 * Large values are not in their rows (the row carries an empty value in their place): they follow
 * every table, in slices, so neither the writer nor the reader ever holds a whole file.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

export const FORMAT = "heartwood-backup";
export const FORMAT_VERSION = 1;
/** The mark every line of the file's own (not a row, not a slice) starts with. */
export const MARK = '{"hwbak":';

/**
 * Tables whose rows are left out: counters and leases of the processes that ran, and sign-in
 * sessions (everyone signs in again on a restored shop; a copy of the file opens no session).
 */
export const LEFT_OUT = ["process_leases", "rate_limits", "staff_sessions"] as const;

/** Bytes of a large value per line (1 MB before base64). */
export const SLICE_BYTES = 1024 * 1024;

/** The schema's level: how many of the app's migrations had run, and the last one. */
export type SchemaLevel = { migrations: number; last: string | null; lastWhen: number | null };

export type Header = {
  hwbak: typeof FORMAT;
  version: number;
  createdAt: string;
  studio: string | null;
  /** The database the backup was read from. */
  database: "pglite" | "postgres";
  schema: SchemaLevel;
  leftOut: string[];
};

export type TableLine = {
  hwbak: "table";
  name: string;
  columns: string[];
  key: string[];
  /** Columns whose values follow as `value` sections; the rows carry them empty. */
  sliced: string[];
};

export type SequencesLine = { hwbak: "sequences"; values: Record<string, number | null> };

export type ValueLine = {
  hwbak: "value";
  table: string;
  column: string;
  /** The row's key columns, as in its row line. */
  row: Record<string, unknown>;
  size: number;
};

export type Trailer = {
  hwbak: "end";
  tables: Record<string, number>;
  values: number;
  valueBytes: number;
  /** SHA-256 of every line before this one, newline included. */
  sha256: string;
};

export type Line = Header | TableLine | SequencesLine | ValueLine | Trailer;

/** One line of the journal drizzle-kit writes beside the migrations. */
type JournalEntry = { idx: number; when: number; tag: string };

export const migrationsFolder = () => path.resolve(process.env.MIGRATIONS_DIR || "server/db/migrations");

/** The migrations this code has, in order. */
export function codeMigrations(folder = migrationsFolder()): JournalEntry[] {
  const journal = JSON.parse(readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

/** The level of a database whose migrations table lists `applied` (their `created_at`, in order). */
export function levelOf(applied: number[], known = codeMigrations()): SchemaLevel {
  const lastWhen = applied.length > 0 ? Math.max(...applied) : null;
  const last = lastWhen === null ? null : (known.find((m) => m.when === lastWhen)?.tag ?? null);
  return { migrations: applied.length, last, lastWhen };
}

/**
 * Why this code cannot restore a backup of `level`, or null when it can: a backup written by a
 * newer schema than the code knows is refused, an older one is fine.
 */
export function levelProblem(level: SchemaLevel, known = codeMigrations()): string | null {
  const newest = known.at(-1);
  const ours = `${known.length} migrations, up to ${newest?.tag ?? "none"}`;
  if (level.migrations > known.length)
    return `This backup was written by a newer version of the shop (${level.migrations} migrations); this one knows ${ours}. Update the shop, then restore.`;
  if (level.lastWhen !== null && !known.some((m) => m.when === level.lastWhen))
    return `This backup was written by a newer or different version of the shop (its last migration, of ${new Date(level.lastWhen).toISOString()}, is not one this version has; it knows ${ours}). Update the shop, then restore.`;
  return null;
}

/** Bytes a base64 text stands for. */
export function base64Bytes(b64: string): number {
  const padding = b64.endsWith("==") ? 2 : b64.endsWith("=") ? 1 : 0;
  return (b64.length / 4) * 3 - padding;
}

export const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
