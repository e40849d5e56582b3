import type { FinishColour, FurniturePiece, ImageArt, SeedImage, Species } from "../types.ts";

/** An art recipe without its seed; `img` derives the seed from the file name. */
type WithoutSeed<T> = T extends unknown ? Omit<T, "seed"> : never;
export type ArtRecipe = WithoutSeed<ImageArt>;

/**
 * A stable seed from the file name (FNV-1a, 31 bits), so an image keeps its look when entries are
 * reordered, and distinct file names give distinct images.
 */
export function seedOf(fileName: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < fileName.length; i++) {
    hash ^= fileName.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return ((hash >>> 0) % 2_147_483_646) + 1;
}

export function img(fileName: string, recipe: ArtRecipe): SeedImage {
  return { fileName, art: { ...recipe, seed: seedOf(fileName) } as ImageArt };
}

export type View = "front" | "angle" | "detail";

/** Furniture photographs of one piece: `<prefix>-<view>.jpg` for each view, hero first. */
export function furnitureViews(
  prefix: string,
  piece: FurniturePiece,
  species: Species,
  base?: FinishColour,
  views: View[] = ["front", "angle", "detail"],
): SeedImage[] {
  return views.map((view) =>
    img(
      `${prefix}-${view}.jpg`,
      base ? { kind: "furniture", piece, species, base, view } : { kind: "furniture", piece, species, view },
    ),
  );
}

/** Display names of the species, as shoppers read them. */
export const speciesName: Record<Species, string> = {
  "black walnut": "Black Walnut",
  "claro walnut": "Claro Walnut",
  "white oak": "White Oak",
  "ambrosia maple": "Ambrosia Maple",
  "spalted maple": "Spalted Maple",
  cherry: "Cherry",
  sycamore: "Sycamore",
  elm: "Elm",
  sapele: "Sapele",
};

/** Lowercase, hyphenated form of a name, for file names. */
export function slug(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Inches as a maker writes them: 2.25 → 2¼. */
export function inches(value: number): string {
  const whole = Math.floor(value);
  const fraction = value - whole;
  const glyph = fraction === 0.25 ? "¼" : fraction === 0.5 ? "½" : fraction === 0.75 ? "¾" : fraction === 0 ? "" : null;
  if (glyph === null) return `${value}"`;
  return whole === 0 ? `${glyph}"` : `${whole}${glyph}"`;
}

export const paragraphs = (...texts: string[]): string => texts.map((text) => `<p>${text}</p>`).join("");
export const bullets = (...items: string[]): string => `<ul>${items.map((item) => `<li>${item}</li>`).join("")}</ul>`;
