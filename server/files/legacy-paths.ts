/**
 * Rows written before the file store (enquiries' photos, queued mail's attachments) name files
 * by their path under DATA_DIR (`uploads/contact/<uuid>/1.jpg`). The move on start stores each
 * under that same path as its key (move-in.ts), so the store answers them too; the data folder
 * is asked only for a file the move has not stored yet (a process still running the old code
 * wrote it after this one started). New rows name store keys (`enquiries/<id>/photo-1.jpg`).
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { BlobStore } from "./blob-store.ts";

/** The bytes a row's `path` names: from the store, else from the data folder (never outside it); null when neither has them. */
export async function storedOrOnDisk(
  from: { files: BlobStore; dataDir: string },
  name: string,
): Promise<Buffer | null> {
  const stored = await from.files.get(name);
  if (stored) return stored.bytes;
  const root = path.resolve(from.dataDir);
  const file = path.resolve(root, name);
  if (!file.startsWith(root + path.sep)) return null;
  return readFile(file).catch(() => null);
}
