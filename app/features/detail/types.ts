import type { CardProduct } from "../../../domain/card-product.ts";
import type { Base, Finish, Product, Slab } from "../../../domain/catalog-types.ts";
import type { BaseCardItem } from "../../components/cards/base-card.tsx";
import type { SlabCardItem } from "../../components/cards/slab-card.tsx";

/** What a detail route's loader hands the shared layout: one of three item kinds. */
export type DetailData =
  | { kind: "product"; product: Product; parent: CardProduct; related: CardProduct[]; shareUrl: string }
  | { kind: "slab"; item: Slab; related: SlabCardItem[]; shareUrl: string }
  | { kind: "base"; item: Base; finishes: Finish[]; related: BaseCardItem[]; shareUrl: string };
