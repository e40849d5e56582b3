import { toStockCartProduct } from "../../../domain/cart.ts";
import type { Product } from "../../../domain/catalog-types.ts";
import { clampQuantity } from "../../../domain/detail.ts";
import { shop } from "../shopping/store.ts";

/** Adds the chosen quantity (merged with a line of the same id and title, never past the stock) and opens the cart drawer. */
export function AddQuantityButton({
  product,
  quantity,
  disabled,
}: {
  product: Product;
  quantity: number;
  disabled: boolean;
}) {
  const add = () => shop.add(toStockCartProduct(product), clampQuantity(quantity, product.stock), "drawer");
  return (
    <button type="button" className="btn detail__primary" onClick={add} disabled={disabled}>
      Add to cart
    </button>
  );
}
