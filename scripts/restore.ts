/**
 * Brings a backup (npm run backup) back into the configured place (docs/backups.md):
 *
 *   npm run restore -- heartwood-2026-05-01.hwbak [--replace]
 *
 * The place is DATA_DIR's embedded database, or DATABASE_URL's PostgreSQL, read as the shop reads
 * its settings (.env in the working folder, the environment winning). The file is checked whole
 * before anything is written; the target must hold no rows unless --replace is given, which
 * empties it first (no question asked: it is for scripts too). A PGlite shop must be stopped.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { megabytes } from "../server/backup/format.ts";
import { loadBackup, RestoreError, verifyBackup } from "../server/backup/restore.ts";
import { restoreSummaryLines } from "../server/backup/summary.ts";
import { type Database, databaseOptions, openDatabase } from "../server/db/client.ts";
import { configOrExit } from "../server/env-file.ts";
import { shopAnswersOn } from "../server/staff/control-socket.ts";
import { whatRuns } from "../server/what-runs.ts";

const USAGE = "Usage: npm run restore -- <file> [--replace]";

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

const args = process.argv.slice(2);
const flags = args.filter((a) => a.startsWith("--"));
const files = args.filter((a) => !a.startsWith("--"));
const unknown = flags.filter((f) => f !== "--replace");
if (files.length !== 1 || unknown.length > 0)
  fail(unknown.length > 0 ? `Unknown option ${unknown.join(", ")}.\n${USAGE}` : USAGE, 2);
const file = path.resolve(files[0]!);
const replace = flags.includes("--replace");
if (!existsSync(file)) fail(`No file ${file}.`);

/** App processes whose lease on this database is live; 0 when the database has no shop's tables yet. */
async function liveProcesses(database: Database): Promise<number> {
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const [table] = await rows(sql`select to_regclass('public.process_leases') is not null as present`);
  if (!table?.present) return 0;
  const [live] = await rows(sql`select count(*)::int as n from process_leases where expires_at > now()`);
  return Number(live?.n ?? 0);
}

const config = configOrExit();
try {
  // Checked whole before anything is opened or written.
  const verified = await verifyBackup(file);
  const { header, trailer } = verified;
  console.log(
    `Checked ${file}: written ${header.createdAt}${header.studio ? ` by ${header.studio}` : ""} from ${header.database}, schema ${header.schema.last ?? "empty"}; ${trailer.values} files (${megabytes(trailer.valueBytes)}).`,
  );
  if (!config.databaseUrl && (await shopAnswersOn(config.dataDir)))
    fail(`A shop is running on ${path.resolve(config.dataDir)}; stop it before restoring into its database.`);
  const database = await openDatabase(databaseOptions(config)).catch((err: Error) => fail(err.message));
  try {
    // On PostgreSQL every running process renews its lease every few seconds
    // (server/checkout/stale-orders.ts): restoring under it would leave it serving what it cached.
    if (database.kind === "postgres" && (await liveProcesses(database)) > 0)
      fail(
        "A shop is running on this database (a process renewed its lease moments ago); stop every process before restoring into it.",
      );
    const summary = await loadBackup(database, file, verified, { replace });
    for (const line of restoreSummaryLines(summary, whatRuns(config)[0]!.replace(/^Database: /, ""))) console.log(line);
  } finally {
    await database.close().catch(() => undefined);
  }
} catch (err) {
  if (err instanceof RestoreError) fail(err.message);
  fail(`The restore failed: ${(err as Error).message}; nothing was restored.`);
}
