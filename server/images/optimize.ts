import { createHash } from "node:crypto";
import { mkdir, readFile, rename, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { z } from "zod";
import { IMAGE_FOLDERS } from "../../domain/image-folders.ts";
import { ApiError, badRequest, notFound } from "../http/errors.ts";
import { parseOr400 } from "../http/validate.ts";

const FOLDERS = new Set<string>(IMAGE_FOLDERS);

const FORMATS = ["webp", "avif", "jpeg", "png"] as const;
type Format = (typeof FORMATS)[number];
const CONTENT_TYPES: Record<Format, string> = {
  webp: "image/webp",
  avif: "image/avif",
  jpeg: "image/jpeg",
  png: "image/png",
};

const dimension = (max: number) =>
  z
    .string()
    .regex(/^\d{1,5}$/, "must be a whole number")
    .transform(Number)
    .pipe(z.number().int().min(1).max(max));

const querySchema = z.object({
  filePath: z.string().min(1).max(300),
  width: dimension(4000).optional(),
  height: dimension(4000).optional(),
  quality: dimension(100).optional(),
  format: z.enum(FORMATS).optional(),
});

export type OptimizeRequest = {
  folder: string;
  fileName: string;
  width: number | undefined;
  height: number | undefined;
  quality: number;
  format: Format;
};

/** Validates the optimiser's query; any path that could leave images/<known folder>/ is a 400. */
export function parseOptimizeQuery(query: Record<string, string>): OptimizeRequest {
  const q = parseOr400(querySchema, query);
  const parts = q.filePath.split("/");
  const [root, folder, fileName, ...rest] = parts;
  if (root !== "images" || !folder || !fileName || rest.length > 0) {
    throw badRequest("filePath", "filePath must look like images/{folder}/{fileName}");
  }
  if (!FOLDERS.has(folder)) throw badRequest("filePath", `Unknown image folder '${folder}'`);
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(fileName) || fileName.includes("..")) {
    throw badRequest("filePath", "filePath has an invalid file name");
  }
  return {
    folder,
    fileName,
    width: q.width,
    height: q.height,
    quality: q.quality ?? 80,
    format: q.format ?? "webp",
  };
}

export type OptimizedImage = { bytes: Uint8Array<ArrayBuffer>; etag: string; contentType: string };

/**
 * Resizes and re-encodes images with sharp. Results live in memory (bounded) and on disk, so
 * a given variant is computed once per source file; concurrent identical requests share one
 * transformation.
 */
export class ImageOptimizer {
  private memory = new Map<string, OptimizedImage>();
  private memoryBytes = 0;
  private inflight = new Map<string, Promise<OptimizedImage>>();
  private readonly imagesRoot: string;
  private readonly cacheDir: string;
  /** How many transformations ran; tests use it to see that concurrent requests share one. */
  transformations = 0;

  constructor(
    dataDir: string,
    private readonly maxMemoryBytes = 64 * 1024 * 1024,
  ) {
    this.imagesRoot = path.join(dataDir, "images");
    this.cacheDir = path.join(dataDir, "cache", "images");
  }

  async get(req: OptimizeRequest): Promise<OptimizedImage> {
    const key = `${req.folder}/${req.fileName}?w=${req.width ?? ""}&h=${req.height ?? ""}&q=${req.quality}&f=${req.format}`;
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
    const name = createHash("sha256").update(`${key}|${info.size}|${info.mtimeMs}`).digest("hex");
    const cached = path.join(this.cacheDir, `${name}.${req.format}`);
    const fromDisk = await readFile(cached).catch(() => null);
    const bytes = fromDisk ? new Uint8Array(fromDisk) : await this.transform(source, req, cached);
    return {
      bytes,
      etag: `"${createHash("sha1").update(bytes).digest("base64url")}"`,
      contentType: CONTENT_TYPES[req.format],
    };
  }

  private async transform(source: string, req: OptimizeRequest, target: string): Promise<Uint8Array<ArrayBuffer>> {
    this.transformations += 1;
    let out: Buffer;
    try {
      const pipeline = sharp(source, { failOn: "error" })
        .rotate()
        .resize({ width: req.width, height: req.height, fit: req.width && req.height ? "cover" : "inside" });
      out = await pipeline.toFormat(req.format, { quality: req.quality }).toBuffer();
    } catch {
      throw new ApiError(415, "unsupported_media", "The file is not an image that can be optimised", "filePath");
    }
    await mkdir(this.cacheDir, { recursive: true });
    const tmp = `${target}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(tmp, out);
    await rename(tmp, target);
    return new Uint8Array(out);
  }
}
