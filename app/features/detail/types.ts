import type { BaseCardItem, CardProduct, SlabCardItem } from "../../../domain/card-product.ts";
import type { Base, Finish, Product, Slab } from "../../../domain/catalog-types.ts";

/** What a detail route's loader hands the shared layout: one of three item kinds. */
export type DetailData =
  | { kind: "product"; product: Product; parent: CardProduct; related: CardProduct[]; shareUrl: string }
  | { kind: "slab"; item: Slab; related: SlabCardItem[]; shareUrl: string }
  | { kind: "base"; item: Base; finishes: Finish[]; related: BaseCardItem[]; shareUrl: string };
