import type { Base, Product, Slab } from "./catalog-types.ts";
import { formatDimensions } from "./dimensions.ts";

/** What a product card needs: the product without its long HTML texts, videos and SEO data. */
export type CardProduct = Omit<Product, "description" | "specification" | "grain" | "videos" | "metaData">;

/** Trims a product for cards and lists, so pages do not ship every description to the browser. */
export function toCardProduct({ description, specification, grain, videos, metaData, ...card }: Product): CardProduct {
  return card;
}

/**
 * What a slab card and its quick view show; listings send only this much to the browser. Its
 * size is the studio's measures, written once here (`dimensions`, domain/dimensions.ts).
 */
export type SlabCardItem = Pick<
  Slab,
  | "id"
  | "title"
  | "category"
  | "species"
  | "seats"
  | "origin"
  | "startingPrice"
  | "salePrice"
  | "visibility"
  | "images"
  | "inventoryId"
> & { dimensions: string };

/** Trims a slab to what its card shows, so listings do not ship descriptions to the browser. */
export const toSlabCardItem = (
  s: Omit<SlabCardItem, "dimensions"> & Pick<Slab, "length" | "width" | "thickness">,
): SlabCardItem => ({
  id: s.id,
  title: s.title,
  category: s.category,
  species: s.species,
  dimensions: formatDimensions(s),
  seats: s.seats,
  origin: s.origin,
  startingPrice: s.startingPrice,
  salePrice: s.salePrice,
  visibility: s.visibility,
  images: s.images,
  inventoryId: s.inventoryId,
});

/** What a base card shows; listings send only this much to the browser. */
export type BaseCardItem = Pick<
  Base,
  "id" | "title" | "material" | "startingPrice" | "salePrice" | "visibility" | "images" | "inventoryId"
>;

/** Trims a base to what its card shows, so listings do not ship descriptions to the browser. */
export const toBaseCardItem = (b: BaseCardItem): BaseCardItem => ({
  id: b.id,
  title: b.title,
  material: b.material,
  startingPrice: b.startingPrice,
  salePrice: b.salePrice,
  visibility: b.visibility,
  images: b.images,
  inventoryId: b.inventoryId,
});
