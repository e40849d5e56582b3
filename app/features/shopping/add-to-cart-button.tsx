import type { CardProduct } from "../../../domain/card-product.ts";
import { toStockCartProduct } from "../../../domain/cart.ts";
import { shop } from "./store.ts";

/** A card's quick add (stock > 0): one unit, merged with a line of the same id and title, then the preview. */
export function AddToCartButton({ product, className = "btn" }: { product: CardProduct; className?: string }) {
  return (
    <button
      type="button"
      className={className}
      onClick={() => shop.add(toStockCartProduct(product), 1, "preview")}
      aria-label={`Add to cart: ${product.title}`}
    >
      Add to cart
    </button>
  );
}
