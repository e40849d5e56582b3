/** Folders under images/ (docs/product.md §7, plus the look book and the variant thumbnails). */
export const IMAGE_FOLDERS = [
  "products",
  "slabs",
  "bases",
  "projects",
  "finishes",
  "employees",
  "media",
  "carousel",
  "divergence",
  "divergenceSpecies",
  "divergenceSpeciesFinish",
  "thumbnails",
  "studio",
  "look-book",
  /** Photos of a piece being built, posted to its order's page from the back office. */
  "builds",
] as const;

export type ImageFolder = (typeof IMAGE_FOLDERS)[number];

/** A product of type Divergence keeps its pictures with the Divergence finish imagery (docs/product.md §3). */
export const productFolder = (type: string): ImageFolder =>
  type === "Divergence" ? "divergenceSpeciesFinish" : "products";
