import { createHash } from "node:crypto";
import { availableParallelism } from "node:os";
import path from "node:path";
import sharp from "sharp";
import type { BlobInfo, BlobStore } from "../files/blob-store.ts";
import { ApiError, notFound } from "../http/errors.ts";
import { MEMORY_BOUNDS } from "../memory-bounds.ts";
import { DiskCache } from "./disk-cache.ts";
import type { OptimizeRequest } from "./optimize-query.ts";
import { TransformQueue } from "./transform-queue.ts";
import { CONTENT_TYPES, encodeVariant, variantKey, variantName } from "./variant-encode.ts";

/**
 * sharp works on libuv's thread pool (UV_THREADPOOL_SIZE, 4 unless set), which file reads (the
 * variants on disk), hashing and gzip share: a transform holding every thread stalls them all.
 * Two threads stay free, and one core for the event loop.
 */
export function defaultConcurrency(): number {
  const poolThreads = Number(process.env.UV_THREADPOOL_SIZE) || 4;
  return Math.max(1, Math.min(availableParallelism() - 1, poolThreads - 2));
}

export type OptimizerOptions = {
  /** Transforms at once (default: defaultConcurrency()). */
  concurrency?: number;
  /** Transforms waiting for a slot before new ones get 503 (default 64). */
  maxQueue?: number;
  /** How long a request may wait for a slot before it gets 503 (default 10 s). */
  maxWaitMs?: number;
  /** How long one transform may run before it is stopped and answered 504 (default 10 s). */
  timeoutMs?: number;
  /** Bound of DATA_DIR/cache/images (default 512 MB); variants made ahead are not counted (missing()). */
  diskCacheBytes?: number;
  /** Bound of the in-memory variants (default MEMORY_BOUNDS.variants). */
  memoryBytes?: number;
};

export type OptimizedImage = { bytes: Uint8Array<ArrayBuffer>; etag: string; contentType: string };

/**
 * Where a variant made ahead is kept. `ahead`: the cache of what the pages ask for
 * (DATA_DIR/cache/images-ahead). `rendition`: a rendition of a stored picture (its first screens'
 * sizes), kept on this machine's disk apart from the cache (DATA_DIR/renditions).
 */
export type PrepareAs = "ahead" | "rendition";

/** A variant to make ahead elsewhere: what it is, its stored picture and its file's name (missing()). */
export type VariantToMake = { req: OptimizeRequest; as: PrepareAs; key: string; sha256: string; name: string };

/**
 * Resizes and re-encodes images with sharp. The sources are the stored pictures
 * (`images/<folder>/<file>` in the file store, server/files/); each variant is named after its
 * size, quality and format and its source's sha256, so a picture replaced under the same key
 * never serves an old variant. Results live in memory (bounded) and on this machine's disk
 * (bounded, least recently used evicted), so a variant is computed once per source;
 * concurrent identical requests share one transformation. Transforms wait in a bounded FIFO
 * (TransformQueue) and are stopped past a time limit, so no request can hold the server.
 *
 * Variants the pages will ask for are made ahead by the image-work process
 * (server/images/image-work.ts, planned by variant-plan.ts), which names them as this class does
 * (variant-encode.ts) and writes them into this machine's disk: missing() lists what it lacks.
 * They are kept apart, in DATA_DIR/cache/images-ahead, outside the least-recently-used bound, so
 * what was made ahead is never evicted by a stranger's sizes; that folder holds exactly the
 * planned variants (forgetAllBut() deletes the rest).
 *
 * Renditions are the few variants each item's card and page paint first. They live apart from
 * the cache, in DATA_DIR/renditions, so a cleared cache (DATA_DIR/cache) does not take them: the
 * first visitor of any item's page finds its first picture ready.
 */
export class ImageOptimizer {
  private memory = new Map<string, OptimizedImage>();
  private memoryBytes = 0;
  private inflight = new Map<string, Promise<OptimizedImage>>();
  private readonly disk: DiskCache;
  private readonly ahead: DiskCache;
  private readonly renditions: DiskCache;
  /** Names of the variants made ahead, and where they are kept, whoever makes them first. */
  private readonly planned = new Map<string, PrepareAs>();
  private readonly queue: TransformQueue;
  private readonly timeoutMs: number;
  private readonly maxMemoryBytes: number;
  /** How many transformations ran; tests use it to see that concurrent requests share one. */
  transformations = 0;
  private longestMs = 0;

  /** `files`: where the pictures are; `dataDir`: where this machine keeps the variants. */
  constructor(
    private readonly files: BlobStore,
    dataDir: string,
    options: OptimizerOptions = {},
  ) {
    this.disk = new DiskCache(path.join(dataDir, "cache", "images"), options.diskCacheBytes ?? 512 * 1024 * 1024);
    this.ahead = new DiskCache(path.join(dataDir, "cache", "images-ahead"), Number.POSITIVE_INFINITY);
    this.renditions = new DiskCache(path.join(dataDir, "renditions"), Number.POSITIVE_INFINITY);
    const concurrency = options.concurrency ?? defaultConcurrency();
    this.queue = new TransformQueue({
      concurrency,
      maxQueue: options.maxQueue ?? 64,
      maxWaitMs: options.maxWaitMs ?? 10_000,
    });
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.maxMemoryBytes = options.memoryBytes ?? MEMORY_BOUNDS.variants;
    // libvips threads per transform: together the transforms leave a core for everything else.
    sharp.concurrency(Math.max(1, Math.floor((availableParallelism() - 1) / concurrency)));
    // libvips's operation cache (50 MB and 100 operations by default) only helps a transform
    // repeated at once; the results are kept on disk above it. Kept small, its memory goes back.
    sharp.cache({ memory: MEMORY_BOUNDS.libvips / (1024 * 1024), items: 20, files: 0 });
  }

  /**
   * Running and waiting transforms, the most that ever ran at once, how many ran in all, the
   * slowest one, and the bytes of the variants held in memory (bounded by MEMORY_BOUNDS.variants).
   */
  stats() {
    return {
      ...this.queue.stats(),
      transformations: this.transformations,
      longestMs: this.longestMs,
      memoryBytes: this.memoryBytes,
    };
  }

  /** The bytes the disk cache holds, as far as this process knows (variants made ahead not included). */
  diskCacheBytes(): Promise<number> {
    return this.disk.size();
  }

  /** The bytes of the variants made ahead. */
  aheadBytes(): Promise<number> {
    return this.ahead.size();
  }

  async get(req: OptimizeRequest): Promise<OptimizedImage> {
    // The source's metadata is held in memory by the file store: no query for a hot picture.
    const source = await this.source(req);
    if (!source) throw notFound(`No image at images/${req.folder}/${req.fileName}`);
    const key = `${variantKey(req)}|${source.sha256}`;
    const hit = this.memory.get(key);
    if (hit) {
      // Refresh recency: Map keeps insertion order, so the oldest entry is evicted first.
      this.memory.delete(key);
      this.memory.set(key, hit);
      return hit;
    }
    const image = await (this.inflight.get(key) ?? this.start(key, req, source));
    this.remember(key, image);
    return image;
  }

  /** The bytes of the stored pictures' renditions. */
  renditionBytes(): Promise<number> {
    return this.renditions.size();
  }

  /** The image-work process wrote variants made ahead and renditions: they are counted anew. */
  madeElsewhere() {
    this.ahead.rescan();
    this.renditions.rescan();
  }

  /** The folder of this machine's disk where the variants kept `as` (PrepareAs) live. */
  dirOf(as: PrepareAs): string {
    return (as === "rendition" ? this.renditions : this.ahead).dir;
  }

  /**
   * Of the variants `reqs` to keep `as`, those that are on no disk of this machine yet and have a
   * stored picture (and how many have none), with what names them, for the image-work process to make
   * (server/images/image-work.ts). Each is recorded as planned, so a visitor
   * who asks for one first keeps it where it belongs; one found in another of the caches is
   * copied where it belongs instead.
   */
  async missing(reqs: OptimizeRequest[], as: PrepareAs): Promise<{ items: VariantToMake[]; withoutPicture: number }> {
    const out: VariantToMake[] = [];
    let withoutPicture = 0;
    for (const req of reqs) {
      const source = await this.source(req);
      if (!source) {
        withoutPicture += 1;
        continue;
      }
      const name = variantName(req, source);
      if (this.planned.get(name) !== "rendition") this.planned.set(name, as);
      if (await this.renditions.has(name)) continue;
      if (as === "ahead" && (await this.ahead.has(name))) continue;
      const earlier = (as === "rendition" ? await this.ahead.read(name) : null) ?? (await this.disk.read(name));
      if (earlier) {
        await (as === "rendition" ? this.renditions : this.ahead).write(name, earlier);
        continue;
      }
      out.push({ req, as, key: source.key, sha256: source.sha256, name });
    }
    return { items: out, withoutPicture };
  }

  /**
   * Deletes the variants kept `as` (PrepareAs) that are not named by `reqs` (pictures no page
   * shows any more, or stored no more); returns the bytes freed.
   */
  async forgetAllBut(reqs: OptimizeRequest[], as: PrepareAs = "ahead"): Promise<number> {
    const keep = new Set<string>();
    for (const req of reqs) {
      const source = await this.source(req);
      if (source) keep.add(variantName(req, source));
    }
    for (const [name, kept] of this.planned) if (kept === as && !keep.has(name)) this.planned.delete(name);
    return (as === "rendition" ? this.renditions : this.ahead).prune(keep);
  }

  private start(key: string, req: OptimizeRequest, source: BlobInfo): Promise<OptimizedImage> {
    const image = this.load(req, source).finally(() => this.inflight.delete(key));
    this.inflight.set(key, image);
    return image;
  }

  private remember(key: string, image: OptimizedImage) {
    if (this.memory.has(key) || image.bytes.length > this.maxMemoryBytes / 4) return;
    this.memory.set(key, image);
    this.memoryBytes += image.bytes.length;
    for (const [oldKey, old] of this.memory) {
      if (this.memoryBytes <= this.maxMemoryBytes) break;
      this.memory.delete(oldKey);
      this.memoryBytes -= old.bytes.length;
    }
  }

  /** The stored picture a request names, or null when there is none. */
  private source(req: OptimizeRequest): Promise<BlobInfo | null> {
    // parseOptimizeQuery allows only a known folder and a plain file name: always a valid key.
    return this.files.head(`images/${req.folder}/${req.fileName}`);
  }

  /** Where a variant just made is written: with the renditions, the variants made ahead, or the LRU cache. */
  private storeFor(name: string): DiskCache {
    const as = this.planned.get(name);
    return as === "rendition" ? this.renditions : as === "ahead" ? this.ahead : this.disk;
  }

  /** Reads the variant from disk, or makes it. */
  private async load(req: OptimizeRequest, source: BlobInfo): Promise<OptimizedImage> {
    let name = variantName(req, source);
    const fromDisk =
      (await this.renditions.read(name)) ?? (await this.ahead.read(name)) ?? (await this.disk.read(name));
    let bytes: Uint8Array<ArrayBuffer>;
    if (fromDisk) {
      bytes = new Uint8Array(fromDisk);
    } else {
      const stored = await this.files.get(source.key);
      if (!stored) throw notFound(`No image at ${source.key}`);
      // Replaced since its metadata was read: the variant is of the bytes read, and named so.
      if (stored.sha256 !== source.sha256) name = variantName(req, stored);
      bytes = await this.transform(stored.bytes, req);
      await this.storeFor(name).write(name, bytes);
    }
    return {
      bytes,
      etag: `"${createHash("sha1").update(bytes).digest("base64url")}"`,
      contentType: CONTENT_TYPES[req.format],
    };
  }

  /**
   * Encodes in a queue slot. The answer gives up at `timeoutMs`, but the slot is held until
   * sharp has stopped (its own timeout, in whole seconds), so the concurrency bound stays true.
   */
  private transform(source: Buffer, req: OptimizeRequest): Promise<Uint8Array<ArrayBuffer>> {
    return new Promise((resolve, reject) => {
      const task = async () => {
        this.transformations += 1;
        const started = performance.now();
        const timer = setTimeout(() => reject(transformTimeout()), this.timeoutMs);
        try {
          resolve(new Uint8Array(await this.encode(source, req)));
        } catch (err) {
          reject(transformFailure(err));
        } finally {
          clearTimeout(timer);
          this.longestMs = Math.max(this.longestMs, performance.now() - started);
        }
      };
      this.queue.run(task).catch(reject);
    });
  }

  private encode(source: Buffer, req: OptimizeRequest): Promise<Buffer> {
    return encodeVariant(source, req, this.timeoutMs);
  }
}

const transformTimeout = () =>
  new ApiError(504, "image_timeout", "The image took too long to prepare; try a smaller size", "filePath");

function transformFailure(err: unknown): ApiError {
  const message = err instanceof Error ? err.message : "";
  if (/timeout/i.test(message)) return transformTimeout();
  if (/pixel limit/i.test(message)) {
    return new ApiError(415, "unsupported_media", "The image is too large to optimise", "filePath");
  }
  return new ApiError(415, "unsupported_media", "The file is not an image that can be optimised", "filePath");
}
