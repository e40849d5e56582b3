import { createHash } from "node:crypto";
import { availableParallelism } from "node:os";
import path from "node:path";
import sharp from "sharp";
import type { BlobInfo, BlobStore } from "../files/blob-store.ts";
import { ApiError, notFound } from "../http/errors.ts";
import { DiskCache } from "./disk-cache.ts";
import { type Format, LIMITS, type OptimizeRequest, resizeOptions } from "./optimize-query.ts";
import { type Promote, TransformQueue } from "./transform-queue.ts";

const CONTENT_TYPES: Record<Format, string> = {
  webp: "image/webp",
  avif: "image/avif",
  jpeg: "image/jpeg",
  png: "image/png",
};

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
  /** Bound of DATA_DIR/cache/images (default 512 MB); variants made ahead are not counted (see prepare). */
  diskCacheBytes?: number;
  /** Bound of the in-memory variants (default 64 MB). */
  memoryBytes?: number;
};

export type OptimizedImage = { bytes: Uint8Array<ArrayBuffer>; etag: string; contentType: string };

/** What prepare() found: the variant was already on disk, was made now, or has no source picture. */
export type Prepared = "cached" | "made" | "missing";

/**
 * Where prepare() keeps a variant made ahead. `ahead`: the cache of what the pages ask for
 * (DATA_DIR/cache/images-ahead). `rendition`: a rendition of a stored picture, made when the
 * picture is stored and kept on this machine's disk apart from the cache (DATA_DIR/renditions).
 */
export type PrepareAs = "ahead" | "rendition";

type Inflight = { image: Promise<OptimizedImage>; promote?: Promote };

/**
 * Resizes and re-encodes images with sharp. The sources are the stored pictures
 * (`images/<folder>/<file>` in the file store, server/files/); each variant is named after its
 * size, quality and format and its source's sha256, so a picture replaced under the same key
 * never serves an old variant. Results live in memory (bounded) and on this machine's disk
 * (bounded, least recently used evicted), so a variant is computed once per source;
 * concurrent identical requests share one transformation. Transforms wait in a bounded FIFO
 * (TransformQueue) and are stopped past a time limit, so no request can hold the server.
 *
 * Variants the pages will ask for can be made ahead (prepare(), driven by warm-up.ts) in the
 * queue's background lane. They are kept apart, in DATA_DIR/cache/images-ahead, outside the
 * least-recently-used bound, so what was made ahead is never evicted by a stranger's sizes;
 * that folder holds exactly the planned variants (forgetAllBut() deletes the rest).
 *
 * Renditions (prepare(req, "rendition"), server/images/renditions.ts) are the few variants each
 * item's card and page paint first, made when its picture is stored. They live apart from the
 * cache, in DATA_DIR/renditions, so a cleared cache (DATA_DIR/cache) does not take them: the
 * first visitor of any item's page finds its first picture ready. A machine that finds them
 * missing (a new one; pictures another process stored) makes them in the background warm-up.
 */
export class ImageOptimizer {
  private memory = new Map<string, OptimizedImage>();
  private memoryBytes = 0;
  private inflight = new Map<string, Inflight>();
  private readonly disk: DiskCache;
  private readonly ahead: DiskCache;
  private readonly renditions: DiskCache;
  /** Names of the variants made ahead, and where they are kept, whoever makes them first. */
  private readonly planned = new Map<string, PrepareAs>();
  /** When a visitor last asked for a variant (ms since the epoch), or noted a request. */
  private lastVisitorAt = 0;
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
    this.maxMemoryBytes = options.memoryBytes ?? 64 * 1024 * 1024;
    // libvips threads per transform: together the transforms leave a core for everything else.
    sharp.concurrency(Math.max(1, Math.floor((availableParallelism() - 1) / concurrency)));
    // libvips's operation cache (50 MB and 100 operations by default) only helps a transform
    // repeated at once; the results are kept on disk above it. Kept small, its memory goes back.
    sharp.cache({ memory: 8, items: 20, files: 0 });
  }

  /**
   * Running and waiting transforms of visitors, the most that ever ran at once, the background
   * lane's (made ahead), how many ran in all and the slowest one.
   */
  stats() {
    return {
      ...this.queue.stats(),
      background: this.queue.background(),
      transformations: this.transformations,
      longestMs: this.longestMs,
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

  /** A visitor's request reached the server: background work waits for a quiet moment. */
  noteVisitor() {
    this.lastVisitorAt = Date.now();
  }

  /** Milliseconds since a visitor last asked for anything. */
  quietForMs(): number {
    return Date.now() - this.lastVisitorAt;
  }

  async get(req: OptimizeRequest): Promise<OptimizedImage> {
    this.noteVisitor();
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
    let pending = this.inflight.get(key);
    if (pending) {
      // Made ahead but still waiting for the background slot: it now goes as a visitor's would.
      pending.promote?.();
    } else {
      pending = this.start(key, req, source, false);
    }
    const image = await pending.image;
    this.remember(key, image);
    return image;
  }

  /** The bytes of the stored pictures' renditions. */
  renditionBytes(): Promise<number> {
    return this.renditions.size();
  }

  /**
   * Makes the variant ahead of need, in the background lane, unless it is on disk already, and
   * keeps it outside the LRU bound, `as` says where (PrepareAs). Never fills the memory cache.
   * `inVisitorsLane` takes a slot of the visitors' line instead: for work done before the
   * server listens, when no visitor can be kept waiting, so both lanes (both cores) can work.
   */
  async prepare(req: OptimizeRequest, as: PrepareAs = "ahead", inVisitorsLane = false): Promise<Prepared> {
    const source = await this.source(req);
    if (!source) return "missing";
    const key = `${variantKey(req)}|${source.sha256}`;
    const name = variantName(req, source);
    if (this.planned.get(name) !== "rendition") this.planned.set(name, as);
    if (await this.renditions.has(name)) return "cached";
    const store = as === "rendition" ? this.renditions : this.ahead;
    if (as === "ahead" && (await this.ahead.has(name))) return "cached";
    const earlier = (as === "rendition" ? await this.ahead.read(name) : null) ?? (await this.disk.read(name));
    if (earlier) {
      await store.write(name, earlier);
      return "cached";
    }
    const pending = this.inflight.get(key) ?? this.start(key, req, source, !inVisitorsLane);
    try {
      await pending.image;
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) return "missing";
      throw err;
    }
    return "made";
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

  private start(key: string, req: OptimizeRequest, source: BlobInfo, background: boolean): Inflight {
    const entry = {} as Inflight;
    entry.image = this.load(req, source, background ? entry : null).finally(() => this.inflight.delete(key));
    this.inflight.set(key, entry);
    return entry;
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

  /** Reads or makes the variant; `background` (the entry to promote) puts the transform in the background lane. */
  private async load(req: OptimizeRequest, source: BlobInfo, background: Inflight | null): Promise<OptimizedImage> {
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
      bytes = await this.transform(stored.bytes, req, background);
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
  private transform(
    source: Buffer,
    req: OptimizeRequest,
    background: Inflight | null,
  ): Promise<Uint8Array<ArrayBuffer>> {
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
      const queued = background
        ? this.queue.runInBackground(task, (promote) => {
            background.promote = promote;
          })
        : this.queue.run(task);
      queued.catch(reject);
    });
  }

  private encode(source: Buffer, req: OptimizeRequest): Promise<Buffer> {
    const pipeline = sharp(source, { failOn: "error", limitInputPixels: LIMITS.maxInputPixels })
      .timeout({ seconds: Math.max(1, Math.ceil(this.timeoutMs / 1000)) })
      .rotate()
      .resize(resizeOptions(req));
    return pipeline.toFormat(req.format, encoderOptions(req)).toBuffer();
  }
}

/** A variant's identity: file, size, quality and format. PNG ignores the quality, so every quality shares one. */
function variantKey(req: OptimizeRequest): string {
  const quality = req.format === "png" ? "" : req.quality;
  return `${req.folder}/${req.fileName}?w=${req.width ?? ""}&h=${req.height ?? ""}&q=${quality}&f=${req.format}`;
}

/**
 * The variant's file name in the disk caches: its identity and its source's sha256, so a picture
 * replaced under the same key gets new variants, and every machine names a variant alike.
 */
function variantName(req: OptimizeRequest, source: Pick<BlobInfo, "sha256">): string {
  const name = createHash("sha256")
    .update(`${variantKey(req)}|${source.sha256}`)
    .digest("hex");
  return `${name}.${req.format}`;
}

function encoderOptions(req: OptimizeRequest) {
  // AVIF at sharp's default effort (4) takes tens of seconds for 4 MP; effort 1 is about 20 times
  // faster for files a few per cent larger.
  if (req.format === "avif") return { quality: req.quality, effort: 1 };
  // A quality makes sharp quantise PNG to a palette, which took 8-13 s for 4 MP: PNG stays lossless.
  if (req.format === "png") return {};
  // WebP at effort 2 instead of sharp's default 4: a variant a visitor waits for is made in
  // 30-55 % less time (a slab's 800 px gallery picture 74 -> 51 ms, a 1920 px hero 158 -> 71 ms)
  // for files 2-6 % larger; the warm-up of every variant takes half as long.
  if (req.format === "webp") return { quality: req.quality, effort: 2 };
  return { quality: req.quality };
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
