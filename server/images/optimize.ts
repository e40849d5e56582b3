import { createHash } from "node:crypto";
import { stat } from "node:fs/promises";
import { availableParallelism } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { ApiError, badRequest, notFound } from "../http/errors.ts";
import { DiskCache } from "./disk-cache.ts";
import { type Format, LIMITS, type OptimizeRequest, resizeOptions } from "./optimize-query.ts";
import { TransformQueue } from "./transform-queue.ts";

const CONTENT_TYPES: Record<Format, string> = {
  webp: "image/webp",
  avif: "image/avif",
  jpeg: "image/jpeg",
  png: "image/png",
};

/**
 * sharp works on libuv's thread pool (UV_THREADPOOL_SIZE, 4 unless set), which file reads for
 * /images/* and gzip share: a transform holding every thread stalls them all. Two threads stay
 * free, and one core for the event loop.
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
  /** Bound of DATA_DIR/cache/images (default 512 MB). */
  diskCacheBytes?: number;
  /** Bound of the in-memory variants (default 64 MB). */
  memoryBytes?: number;
};

export type OptimizedImage = { bytes: Uint8Array<ArrayBuffer>; etag: string; contentType: string };

/**
 * Resizes and re-encodes images with sharp. Results live in memory (bounded) and on disk
 * (bounded, least recently used evicted), so a variant is computed once per source file;
 * concurrent identical requests share one transformation. Transforms wait in a bounded FIFO
 * (TransformQueue) and are stopped past a time limit, so no request can hold the server.
 */
export class ImageOptimizer {
  private memory = new Map<string, OptimizedImage>();
  private memoryBytes = 0;
  private inflight = new Map<string, Promise<OptimizedImage>>();
  private readonly imagesRoot: string;
  private readonly disk: DiskCache;
  private readonly queue: TransformQueue;
  private readonly timeoutMs: number;
  private readonly maxMemoryBytes: number;
  /** How many transformations ran; tests use it to see that concurrent requests share one. */
  transformations = 0;
  private longestMs = 0;

  constructor(dataDir: string, options: OptimizerOptions = {}) {
    this.imagesRoot = path.join(dataDir, "images");
    this.disk = new DiskCache(path.join(dataDir, "cache", "images"), options.diskCacheBytes ?? 512 * 1024 * 1024);
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
  }

  /** Running and waiting transforms, the most that ever ran at once, and the slowest one. */
  stats() {
    return { ...this.queue.stats(), transformations: this.transformations, longestMs: this.longestMs };
  }

  /** The bytes the disk cache holds, as far as this process knows. */
  diskCacheBytes(): Promise<number> {
    return this.disk.size();
  }

  async get(req: OptimizeRequest): Promise<OptimizedImage> {
    // PNG ignores the quality, so every quality shares one variant.
    const quality = req.format === "png" ? "" : req.quality;
    const key = `${req.folder}/${req.fileName}?w=${req.width ?? ""}&h=${req.height ?? ""}&q=${quality}&f=${req.format}`;
    const hit = this.memory.get(key);
    if (hit) {
      // Refresh recency: Map keeps insertion order, so the oldest entry is evicted first.
      this.memory.delete(key);
      this.memory.set(key, hit);
      return hit;
    }
    let pending = this.inflight.get(key);
    if (!pending) {
      pending = this.load(key, req).finally(() => this.inflight.delete(key));
      this.inflight.set(key, pending);
    }
    const image = await pending;
    this.remember(key, image);
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

  private async load(key: string, req: OptimizeRequest): Promise<OptimizedImage> {
    const source = path.join(this.imagesRoot, req.folder, req.fileName);
    if (!source.startsWith(this.imagesRoot + path.sep)) throw badRequest("filePath", "filePath is outside images/");
    const info = await stat(source).catch(() => null);
    if (!info?.isFile()) throw notFound(`No image at images/${req.folder}/${req.fileName}`);

    // The source's size and mtime are part of the name, so a replaced file never serves stale bytes.
    const name = `${createHash("sha256").update(`${key}|${info.size}|${info.mtimeMs}`).digest("hex")}.${req.format}`;
    const fromDisk = await this.disk.read(name);
    const bytes = fromDisk ? new Uint8Array(fromDisk) : await this.transform(source, req);
    if (!fromDisk) await this.disk.write(name, bytes);
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
  private transform(source: string, req: OptimizeRequest): Promise<Uint8Array<ArrayBuffer>> {
    return new Promise((resolve, reject) => {
      this.queue
        .run(async () => {
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
        })
        .catch(reject);
    });
  }

  private encode(source: string, req: OptimizeRequest): Promise<Buffer> {
    const pipeline = sharp(source, { failOn: "error", limitInputPixels: LIMITS.maxInputPixels })
      .timeout({ seconds: Math.max(1, Math.ceil(this.timeoutMs / 1000)) })
      .rotate()
      .resize(resizeOptions(req));
    return pipeline.toFormat(req.format, encoderOptions(req)).toBuffer();
  }
}

function encoderOptions(req: OptimizeRequest) {
  // AVIF at sharp's default effort (4) takes tens of seconds for 4 MP; effort 1 is about 20 times
  // faster for files a few per cent larger.
  if (req.format === "avif") return { quality: req.quality, effort: 1 };
  // A quality makes sharp quantise PNG to a palette, which took 8-13 s for 4 MP: PNG stays lossless.
  if (req.format === "png") return {};
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
