/**
 * How a picture's optimiser variants are named: a preset's widths, aspect ratio (height over
 * width) and quality, always webp. The presets themselves are in domain/image-presets.ts; this
 * rule is kept apart from them because every page builds image URLs with it, while only pages
 * with pictures need the table.
 */
export type ImagePreset = { widths: readonly number[]; ratio: number; quality: number };

/** One optimiser variant: exactly what a page's URL asks for. */
export type ImageVariant = { width: number; height: number; quality: number };

/** The variant of a preset at one of its widths, as the srcset names it. */
export const presetVariant = (preset: ImagePreset, width: number): ImageVariant => ({
  width,
  height: Math.round(width * preset.ratio),
  quality: preset.quality,
});

export const presetVariants = (preset: ImagePreset): ImageVariant[] =>
  preset.widths.map((w) => presetVariant(preset, w));
