import type { CardProduct } from "../../../domain/card-product.ts";
import { useShellData } from "../../lib/use-studio.ts";
import { storageKeys } from "./counts.ts";
import { readStoredList, writeStoredList } from "./local-lists.ts";

type CartLine = { product: CardProduct; quantity: number; total: number };

/** Adds one unit: merges with a line of the same id and title, never past the stock. */
export function AddToCartButton({ product, className = "btn" }: { product: CardProduct; className?: string }) {
  const key = storageKeys(useShellData().studio.shortName).cart;
  const add = () => {
    const lines = readStoredList<CartLine>(key);
    const unit = product.salePrice ?? product.price;
    const existing = lines.find((l) => l.product?.id === product.id && l.product?.title === product.title);
    const next = existing
      ? lines.map((l) => {
          if (l !== existing) return l;
          const quantity = Math.min(l.quantity + 1, product.stock);
          return { ...l, quantity, total: Math.round(quantity * unit * 100) / 100 };
        })
      : [...lines, { product, quantity: 1, total: unit }];
    writeStoredList(key, next);
  };
  return (
    <button type="button" className={className} onClick={add} aria-label={`Add ${product.title} to cart`}>
      Add to cart
    </button>
  );
}
