/** URLs of the image optimiser (docs/product.md §7: images/{folder}/{fileName}, webp). */

import { type ImageFolder, productFolder } from "../../domain/image-folders.ts";
import { type ImagePreset, presetVariant } from "../../domain/image-variants.ts";

export { type ImageFolder, productFolder };

export function imageUrl(
  folder: ImageFolder,
  fileName: string,
  size: { width: number; height?: number; quality?: number },
): string {
  const q = new URLSearchParams({ filePath: `images/${folder}/${fileName}`, width: String(size.width) });
  if (size.height) q.set("height", String(size.height));
  q.set("quality", String(size.quality ?? 80));
  q.set("format", "webp");
  return `/api/images/optimize?${q.toString()}`;
}

/**
 * A srcset over a preset's widths at its aspect ratio (height/width), so the browser fetches the
 * size it needs and the box is reserved before the image arrives.
 */
export const imageSrcSet = (folder: ImageFolder, fileName: string, preset: ImagePreset): string =>
  preset.widths.map((w) => `${imageUrl(folder, fileName, presetVariant(preset, w))} ${w}w`).join(", ");

/**
 * A picture's URL and srcset from its preset in domain/image-presets.ts, the list the server
 * also makes ahead of need: `width` picks the `src` (the preset's largest by default).
 */
export function presetImage(folder: ImageFolder, fileName: string, preset: ImagePreset, width?: number) {
  const largest = preset.widths[preset.widths.length - 1]!;
  return {
    src: imageUrl(folder, fileName, presetVariant(preset, width ?? largest)),
    srcSet: imageSrcSet(folder, fileName, preset),
  };
}
