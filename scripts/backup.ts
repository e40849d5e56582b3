/**
 * One file with everything of the shop, written while it runs (docs/backups.md):
 *
 *   npm run backup -- /var/backups/heartwood/heartwood-2026-05-01.hwbak
 *
 * On PostgreSQL (DATABASE_URL) it connects and reads one consistent snapshot. On PGlite, whose
 * files the running shop owns, it asks that shop to write the file through its socket in DATA_DIR
 * (server/staff/control-socket.ts), and opens the files itself only when no shop answers there.
 * The file appears under its name only once whole (it is written as FILE.partial first).
 */
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { shopBackup } from "../server/backup/in-shop.ts";
import { databaseOptions, openDatabase } from "../server/db/client.ts";
import { configOrExit } from "../server/env-file.ts";
import { createLogger } from "../server/logger.ts";
import type { CommandResult } from "../server/staff/commands.ts";
import { askRunningShop } from "../server/staff/control-socket.ts";

const USAGE = "Usage: npm run backup -- <file>   (e.g. /var/backups/heartwood/heartwood-2026-05-01.hwbak)";

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

function finish(result: CommandResult): never {
  for (const line of result.out) console.log(line);
  for (const line of result.err) console.error(line);
  process.exit(result.code);
}

const args = process.argv.slice(2);
if (args.length !== 1 || args[0]!.startsWith("-")) fail(USAGE, 2);
const file = path.resolve(args[0]!);
const folder = path.dirname(file);
if (!existsSync(folder) || !statSync(folder).isDirectory()) fail(`No folder ${folder} to write the backup into.`);
if (existsSync(file) && statSync(file).isDirectory()) fail(`${file} is a folder; name the backup's file.`);

// `.env` in the working folder, the environment winning; a bad setting ends here with one line.
const config = configOrExit();
if (!config.databaseUrl) {
  // PGlite: a running shop owns the files and writes the backup itself.
  const answer = await askRunningShop(config.dataDir, { command: "backup", file }).catch((err: Error) =>
    fail(`The running shop did not answer: ${err.message}`),
  );
  if (answer) finish(answer);
  const dbDir = path.join(config.dataDir, "db");
  if (!existsSync(dbDir)) fail(`No database at ${dbDir}: check DATA_DIR (or set DATABASE_URL).`);
}
const options = databaseOptions(config);
const database = await openDatabase(options.kind === "postgres" ? { ...options, max: 2 } : options).catch(
  (err: Error) => fail(err.message),
);
let result: CommandResult;
try {
  result = await shopBackup(database, createLogger("silent"))(file);
} finally {
  await database.close().catch(() => undefined);
}
finish(result);
