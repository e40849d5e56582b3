import type { ImageArt, SeedImage, Species } from "../types.ts";

/** An art recipe without its seed; `img` derives the seed from the file name. */
type WithoutSeed<T> = T extends unknown ? Omit<T, "seed"> : never;
export type ArtRecipe = WithoutSeed<ImageArt>;

/**
 * A stable seed from the file name (FNV-1a, 31 bits), so an image keeps its look when entries are
 * reordered, and distinct file names give distinct images.
 */
export function seedOf(fileName: string): number {
  return (fnv1a(fileName) % 2_147_483_646) + 1;
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** An image whose seed comes from its name (for pictures that show no particular item). */
export function img(fileName: string, recipe: ArtRecipe): SeedImage {
  return picture(fileName.replace(/\.jpg$/, ""), { ...recipe, seed: seedOf(fileName) } as ImageArt);
}

/**
 * Raised whenever the generator draws an unchanged recipe differently: it is part of every file
 * name's hash, so new drawings get new names and no cache serves the old picture under them.
 */
export const DRAWING_VERSION = 2;

/** A short hash of a recipe (FNV-1a, 32 bits, hex) for file names. */
export function recipeHash(art: ImageArt): string {
  return fnv1a(`${DRAWING_VERSION}:${JSON.stringify(art)}`)
    .toString(16)
    .padStart(8, "0");
}

/** A picture stored as `<stem>-<hash of its recipe>.jpg`: a changed picture is a new file. */
export function picture(stem: string, art: ImageArt): SeedImage {
  return { fileName: `${stem}-${recipeHash(art)}.jpg`, art };
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
