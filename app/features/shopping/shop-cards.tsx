/**
 * The catalog's cards as the shop shows them: each with its heart (the wish list) and its
 * action (Add to cart for a piece, the quick view for a slab), given to the shared cards
 * (components/cards/), which show what they are given.
 */
import type { BaseCardItem, CardProduct, SlabCardItem } from "../../../domain/card-product.ts";
import { BaseCard } from "../../components/cards/base-card.tsx";
import { ProductCard } from "../../components/cards/product-card.tsx";
import { SlabCard } from "../../components/cards/slab-card.tsx";
import { AddToCartButton } from "./add-to-cart-button.tsx";
import { HeartButton } from "./heart-button.tsx";
import { QuickViewButton } from "./quick-view-button.tsx";

export function ShopProductCard({ product, eager }: { product: CardProduct; eager?: boolean }) {
  return (
    <ProductCard
      product={product}
      eager={eager}
      heart={<HeartButton item={product} kind="product" type={product.category} show="preview" />}
      action={<AddToCartButton product={product} className="card__add" />}
    />
  );
}

export function ShopSlabCard({ slab, eager }: { slab: SlabCardItem; eager?: boolean }) {
  return (
    <SlabCard
      slab={slab}
      eager={eager}
      heart={<HeartButton item={slab} kind="slab" type={slab.category} show="preview" />}
      action={<QuickViewButton slab={slab} />}
    />
  );
}

export function ShopBaseCard({ base, eager }: { base: BaseCardItem; eager?: boolean }) {
  return (
    <BaseCard base={base} eager={eager} heart={<HeartButton item={base} kind="base" type="Base" show="preview" />} />
  );
}
