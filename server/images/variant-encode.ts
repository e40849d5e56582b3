/**
 * How a variant of a stored picture is named and made, shared by the server's optimiser
 * (server/images/optimize.ts) and the image-work process that makes variants ahead of need
 * (server/images/work-child.ts): both name a variant alike, so either one's file is the other's.
 */
import { createHash } from "node:crypto";
import sharp from "sharp";
import { type Format, LIMITS, type OptimizeRequest, resizeOptions } from "./optimize-query.ts";

export const CONTENT_TYPES: Record<Format, string> = {
  webp: "image/webp",
  avif: "image/avif",
  jpeg: "image/jpeg",
  png: "image/png",
};

/** A variant's identity: file, size, quality and format. PNG ignores the quality, so every quality shares one. */
export function variantKey(req: OptimizeRequest): string {
  const quality = req.format === "png" ? "" : req.quality;
  return `${req.folder}/${req.fileName}?w=${req.width ?? ""}&h=${req.height ?? ""}&q=${quality}&f=${req.format}`;
}

/**
 * The variant's file name in the disk caches: its identity and its source's sha256, so a picture
 * replaced under the same key gets new variants, and every machine names a variant alike.
 */
export function variantName(req: OptimizeRequest, source: { sha256: string }): string {
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
  // for files 2-6 % larger; making every variant ahead takes half as long.
  if (req.format === "webp") return { quality: req.quality, effort: 2 };
  return { quality: req.quality };
}

/** Encodes one variant of `source`; sharp stops it after `timeoutMs` (in whole seconds). */
export function encodeVariant(source: Buffer, req: OptimizeRequest, timeoutMs: number): Promise<Buffer> {
  return sharp(source, { failOn: "error", limitInputPixels: LIMITS.maxInputPixels })
    .timeout({ seconds: Math.max(1, Math.ceil(timeoutMs / 1000)) })
    .rotate()
    .resize(resizeOptions(req))
    .toFormat(req.format, encoderOptions(req))
    .toBuffer();
}
