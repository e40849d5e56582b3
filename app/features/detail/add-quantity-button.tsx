import type { Product } from "../../../domain/catalog-types.ts";
import { clampQuantity } from "../../../domain/detail.ts";
import { useShellData } from "../../lib/use-studio.ts";
import { addToStoredCart } from "../cart/cart-storage.ts";
import { storageKeys } from "../cart/counts.ts";

/** Adds the chosen quantity: merges with a line of the same id and title, never past the stock. */
export function AddQuantityButton({
  product,
  quantity,
  disabled,
  onAdded,
}: {
  product: Product;
  quantity: number;
  disabled: boolean;
  onAdded: () => void;
}) {
  const key = storageKeys(useShellData().studio.shortName).cart;
  const add = () => {
    addToStoredCart(key, product, clampQuantity(quantity, product.stock));
    onAdded();
  };
  return (
    <button type="button" className="btn detail__primary" onClick={add} disabled={disabled}>
      Add to cart
    </button>
  );
}
