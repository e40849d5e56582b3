/**
 * What a Divergence cart line is checked against wherever it is kept (the cart, the payment
 * request): the top finishes and how many of a size may be ordered. Apart from the builder's
 * rules (divergence-builder.ts, which re-exports these) so that every page's cart code stays small.
 */
import type { DivergenceSize } from "./catalog-types.ts";

export const TOP_FINISHES = ["Natural Oil", "Ceramic Coating"] as const;
export type TopFinish = (typeof TOP_FINISHES)[number];

/** The most tables one order may ask for (the payment API's limit per line). */
export const MAX_TABLES = 99;

/** A size with no stock is built to order (docs/decisions/005): orderable, with no cap of its own. */
export const isBuiltToOrder = (size: Pick<DivergenceSize, "stock">): boolean => size.stock <= 0;

/** How many of the chosen size can be ordered: its stock while it has some, else any number (built to order). */
export function maxDivergenceQuantity(size: Pick<DivergenceSize, "stock"> | undefined): number {
  if (!size) return 0;
  return isBuiltToOrder(size) ? MAX_TABLES : size.stock;
}
