/**
 * `npm run backup` beside a running PGlite shop: the shop owns the database's files, so the
 * script asks it, over its socket in DATA_DIR (server/staff/control-socket.ts), to write the
 * backup itself. One backup at a time; the answer is the lines the script prints.
 */
import path from "node:path";
import type { Database } from "../db/client.ts";
import type { Logger } from "../logger.ts";
import type { CommandResult } from "../staff/commands.ts";
import { recordBackup } from "../studio/go-live.ts";
import { backupSummaryLines } from "./summary.ts";
import { writeBackup } from "./write.ts";

export function shopBackup(database: Pick<Database, "db" | "kind">, logger: Logger) {
  let running = false;
  return async (file: string): Promise<CommandResult> => {
    if (!path.isAbsolute(file)) return { code: 2, out: [], err: ["The backup's file must be given as a full path."] };
    if (running) return { code: 1, out: [], err: ["A backup is being written already; try again when it is done."] };
    running = true;
    try {
      const summary = await writeBackup(database, file, {
        onRetry: (attempt) =>
          logger.info({ attempt }, "A file changed while the backup was read; the backup starts again"),
      });
      // Today's checklist and /metrics read when the last one was written.
      await recordBackup(database.db, {
        at: new Date().toISOString(),
        file: summary.file,
        bytes: summary.compressedBytes,
      }).catch((err: unknown) => logger.warn({ err }, "The backup was written but could not be noted in the database"));
      logger.info(
        {
          file: summary.file,
          rows: summary.rows,
          files: summary.files,
          ms: Math.round(summary.ms),
          snapshotMs: Math.round(summary.snapshotMs),
          longestSliceMs: Math.round(summary.longestSliceMs),
          attempts: summary.attempts,
        },
        "Backup written",
      );
      return { code: 0, out: backupSummaryLines(summary), err: [] };
    } catch (err) {
      logger.error({ err, file }, "The backup failed");
      return { code: 1, out: [], err: [`The backup failed: ${(err as Error).message}`] };
    } finally {
      running = false;
    }
  };
}
