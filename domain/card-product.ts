import type { Product } from "./catalog-types.ts";

/** What a product card needs: the product without its long HTML texts, videos and SEO data. */
export type CardProduct = Omit<Product, "description" | "specification" | "grain" | "videos" | "metaData">;

/** Trims a product for cards and lists, so pages do not ship every description to the browser. */
export function toCardProduct({ description, specification, grain, videos, metaData, ...card }: Product): CardProduct {
  return card;
}
