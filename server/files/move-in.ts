/**
 * Files kept under DATA_DIR before the file store (docs/product.md, "Files live with the data"),
 * and the pictures the first start draws there, are copied into the store on start, each under
 * the key of its path: `images/slabs/x.jpg`, `uploads/contact/<uuid>/1.jpg` (enquiries and mail
 * from before name these paths), `labels/<tracking>.pdf`. Nothing is deleted from disk
 * (docs/deploy.md).
 */
import { opendir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { getMimeType } from "hono/utils/mime";
import { sniffImage } from "../enquiries/images.ts";
import type { Logger } from "../logger.ts";
import { type BlobInfo, type BlobStore, blobKeyProblem } from "./blob-store.ts";

/** The folders under DATA_DIR whose files move in. */
export const MOVED_FOLDERS = ["images", "uploads", "labels"] as const;

/** Files read and stored at once: a few, so memory holds at most a few files' bytes. */
const PARALLEL = 3;

export type MoveSummary = {
  /** Files found under the folders. */
  found: number;
  /** Copied into the store now. */
  copied: number;
  /** Already stored, the same size. */
  present: number;
  /** Stored with other content, written there after the file on disk: the store's is kept. */
  kept: number;
  /** Not copied: half-written (`.tmp`) or a name that is no key. */
  skipped: number;
  /** The bytes copied. */
  bytes: number;
};

type Found = { key: string; size: number; modified: number };

/** Every file under `dir`, with the key of its path under `dataDir`, one at a time. */
async function* filesUnder(dataDir: string, dir: string): AsyncGenerator<Found | { skipped: string }> {
  const folder = await opendir(dir).catch(() => null);
  if (!folder) return;
  for await (const entry of folder) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      yield* filesUnder(dataDir, file);
      continue;
    }
    if (!entry.isFile()) continue;
    const key = path.relative(dataDir, file).split(path.sep).join("/");
    // A file another process is writing (seed/images/generate.ts writes `<name>.<pid>.tmp`, then renames).
    if (entry.name.endsWith(".tmp") || blobKeyProblem(key)) {
      yield { skipped: key };
      continue;
    }
    const info = await stat(file).catch(() => null);
    if (info) yield { key, size: info.size, modified: info.mtimeMs };
  }
}

/** A file's type by its name, or (a photo sent with an enquiry) by its bytes. */
function contentTypeOf(key: string, bytes: Uint8Array): string {
  const byName = getMimeType(key);
  if (byName) return byName;
  return sniffImage(bytes)?.contentType ?? "application/octet-stream";
}

/**
 * Copies one file under DATA_DIR into the store under `key`, the key of its path
 * (`images/slabs/x.jpg`), typed by its name or its bytes; says how many bytes it copied. The
 * start's move below and a first start's drawing (server/images/image-work.ts) both store this way.
 */
export async function copyFileIn(files: BlobStore, dataDir: string, key: string): Promise<number> {
  const bytes = await readFile(path.join(dataDir, ...key.split("/")));
  await files.put(key, bytes, contentTypeOf(key, bytes));
  return bytes.length;
}

/**
 * Copies every file under DATA_DIR's `MOVED_FOLDERS` that the store does not have yet. What is
 * stored is listed in one query (keys, sizes, dates) and each file on disk is only stat'ed, so a
 * restart that finds everything stored reads no file. A key stored with another size is copied
 * again only when the file on disk is newer than what is stored (it changed on disk since);
 * otherwise the store's, written through the store since, is kept. A few files at a time.
 */
export async function moveFilesIn(opts: { dataDir: string; files: BlobStore; logger: Logger }): Promise<MoveSummary> {
  const started = performance.now();
  const stored = new Map<string, BlobInfo>();
  for (const info of await opts.files.list("")) stored.set(info.key, info);
  const summary: MoveSummary = { found: 0, copied: 0, present: 0, kept: 0, skipped: 0, bytes: 0 };
  const keptKeys: string[] = [];

  const take = async (found: Found) => {
    const there = stored.get(found.key);
    if (there?.size === found.size) {
      summary.present += 1;
      return;
    }
    if (there && found.modified <= there.createdAt.getTime()) {
      summary.kept += 1;
      keptKeys.push(found.key);
      return;
    }
    summary.bytes += await copyFileIn(opts.files, opts.dataDir, found.key);
    summary.copied += 1;
  };

  for (const folder of MOVED_FOLDERS) {
    const walk = filesUnder(opts.dataDir, path.join(opts.dataDir, folder));
    // A few workers share the walk (an async generator hands each call of next() its own file).
    const worker = async () => {
      for (let next = await walk.next(); !next.done; next = await walk.next()) {
        summary.found += 1;
        if ("skipped" in next.value) summary.skipped += 1;
        else await take(next.value);
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
  }

  if (keptKeys.length)
    opts.logger.warn(
      { kept: keptKeys.length, first: keptKeys.slice(0, 5) },
      "Files on disk differ from the stored ones, which are newer: the stored ones are kept",
    );
  opts.logger.info(
    { ...summary, ms: Math.round(performance.now() - started) },
    summary.copied ? "Files moved into the file store" : "Files under the data folder are all in the file store",
  );
  return summary;
}
