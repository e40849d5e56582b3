import type { Product } from "../../../domain/catalog-types.ts";
import { clampQuantity } from "../../../domain/detail.ts";
import { useShellData } from "../../lib/use-studio.ts";
import { storageKeys } from "../cart/counts.ts";
import { readStoredList, writeStoredList } from "../cart/local-lists.ts";

type CartLine = { product: Product; quantity: number; total: number };

const lineTotal = (quantity: number, unit: number) => Math.round(quantity * unit * 100) / 100;

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
    const lines = readStoredList<CartLine>(key);
    const unit = product.salePrice ?? product.price;
    const existing = lines.find((l) => l.product?.id === product.id && l.product?.title === product.title);
    const next = existing
      ? lines.map((l) => {
          if (l !== existing) return l;
          const q = clampQuantity(l.quantity + quantity, product.stock);
          return { ...l, quantity: q, total: lineTotal(q, unit) };
        })
      : [
          ...lines,
          {
            product,
            quantity: clampQuantity(quantity, product.stock),
            total: lineTotal(clampQuantity(quantity, product.stock), unit),
          },
        ];
    writeStoredList(key, next);
    onAdded();
  };
  return (
    <button type="button" className="btn detail__primary" onClick={add} disabled={disabled}>
      Add to cart
    </button>
  );
}
