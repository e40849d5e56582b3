/** What `npm run backup` and `npm run restore` print when done. */
import { megabytes, seconds } from "./format.ts";
import type { RestoreSummary } from "./restore.ts";
import type { BackupSummary } from "./write.ts";

export function backupSummaryLines(s: BackupSummary): string[] {
  const waited = s.oneTransaction
    ? `read in one transaction of ${seconds(s.snapshotMs)}`
    : `the shop waited ${Math.round(s.snapshotMs)} ms for the snapshot, then at most ${Math.round(s.longestSliceMs)} ms a slice`;
  return [
    `Backup written to ${s.file}`,
    `${s.tables} tables, ${s.rows} rows, ${s.files} files (${megabytes(s.fileBytes)}); ${megabytes(s.compressedBytes)} compressed; ${seconds(s.ms)}; ${waited}${s.attempts > 1 ? ` (attempt ${s.attempts})` : ""}.`,
  ];
}

export function restoreSummaryLines(s: RestoreSummary, where: string): string[] {
  return [
    `Restored into ${where}`,
    `${s.tables} tables, ${s.rows} rows, ${s.files} files (${megabytes(s.fileBytes)}) in ${seconds(s.ms)}; every table's count checked.`,
    ...(s.skipped.length > 0 ? [`Left out, as this version has no such table: ${s.skipped.join(", ")}.`] : []),
  ];
}
