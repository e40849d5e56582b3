import type { ResizeOptions } from "sharp";
import { z } from "zod";
import { IMAGE_FOLDERS } from "../../domain/image-folders.ts";
import { badRequest } from "../http/errors.ts";
import { parseOr400 } from "../http/validate.ts";

const FOLDERS = new Set<string>(IMAGE_FOLDERS);

export const FORMATS = ["webp", "avif", "jpeg", "png"] as const;
export type Format = (typeof FORMATS)[number];

/**
 * What the optimiser accepts. The site asks for at most 2000 x 2000 (the zoom) and 1920 wide
 * (the hero), quality up to 99 (gallery and zoom), and only webp (app/lib/images.ts); the caps
 * leave a little room above that and nothing more, because every accepted variant is work a
 * stranger can make the server do (see docs/performance.md, "Image optimiser worst case").
 */
export const LIMITS = {
  maxDimension: 2400,
  /** 2048 x 2048: the zoom's 2000 x 2000 fits, a 2400 x 2400 does not. */
  maxPixels: 2048 * 2048,
  maxQuality: 99,
  /** AVIF's scale is steeper (70 looks like JPEG's 90) and its encoder the slowest by far. */
  maxAvifQuality: 70,
  /** A camera's largest photos (about 60 MP) still decode; bigger inputs are refused unread. */
  maxInputPixels: 8192 * 8192,
} as const;

const whole = (field: string, max: number) =>
  z
    .string()
    .regex(/^\d{1,5}$/, "must be a whole number")
    .transform(Number)
    .pipe(z.number().int().min(1, `${field} must be at least 1`).max(max, `${field} must be at most ${max}`));

const querySchema = z.object({
  filePath: z.string().min(1).max(300),
  width: whole("width", LIMITS.maxDimension).optional(),
  height: whole("height", LIMITS.maxDimension).optional(),
  quality: whole("quality", LIMITS.maxQuality).optional(),
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

/**
 * Validates the optimiser's query against LIMITS; any path that could leave
 * images/<known folder>/ is a 400, and so is a size or quality over the caps (naming the field).
 */
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
  if (q.width && q.height && q.width * q.height > LIMITS.maxPixels) {
    throw badRequest("height", `width x height must be at most ${LIMITS.maxPixels} pixels`);
  }
  const format = q.format ?? "webp";
  // sharp's own AVIF default: 80 would be refused, and looks no better than 50 does in AVIF.
  const quality = q.quality ?? (format === "avif" ? 50 : 80);
  if (format === "avif" && quality > LIMITS.maxAvifQuality) {
    throw badRequest("quality", `quality must be at most ${LIMITS.maxAvifQuality} for avif`);
  }
  return { folder, fileName, width: q.width, height: q.height, quality, format };
}

/**
 * sharp's resize options for a request. With one side given, the other is bounded so that a very
 * tall or wide source cannot take the output past the pixel cap.
 */
export function resizeOptions(req: Pick<OptimizeRequest, "width" | "height">): ResizeOptions {
  const { width, height } = req;
  if (width && height) return { width, height, fit: "cover" };
  const other = (side: number) => Math.min(LIMITS.maxDimension, Math.floor(LIMITS.maxPixels / side));
  if (width) return { width, height: other(width), fit: "inside" };
  if (height) return { width: other(height), height, fit: "inside" };
  // Neither side given: the source re-encoded, shrunk only as far as the cap requires.
  const side = Math.floor(Math.sqrt(LIMITS.maxPixels));
  return { width: side, height: side, fit: "inside", withoutEnlargement: true };
}
