import type { CardProduct } from "../../../domain/card-product.ts";
import { useShellData } from "../../lib/use-studio.ts";
import { addToStoredCart } from "./cart-storage.ts";
import { storageKeys } from "./counts.ts";

/** Adds one unit: merges with a line of the same id and title, never past the stock. */
export function AddToCartButton({ product, className = "btn" }: { product: CardProduct; className?: string }) {
  const key = storageKeys(useShellData().studio.shortName).cart;
  const add = () => addToStoredCart(key, product, 1);
  return (
    <button type="button" className={className} onClick={add} aria-label={`Add to cart: ${product.title}`}>
      Add to cart
    </button>
  );
}
