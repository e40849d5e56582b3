import type { CardProduct } from "../../../domain/card-product.ts";
import { readStoredList, writeStoredList } from "./local-lists.ts";

type CartLine = { product: CardProduct; quantity: number; total: number };

const lineTotal = (quantity: number, unit: number) => Math.round(quantity * unit * 100) / 100;
const capped = (quantity: number, stock: number) => Math.max(0, Math.min(quantity, stock));

/**
 * Adds `quantity` units to the stored cart: merges with a line of the same id and title, never
 * past the product's stock; the line's total is quantity × (sale price or price), to the cent.
 */
export function addToStoredCart(key: string, product: CardProduct, quantity: number): void {
  const lines = readStoredList<CartLine>(key);
  const unit = product.salePrice ?? product.price;
  const existing = lines.find((l) => l.product?.id === product.id && l.product?.title === product.title);
  const next = existing
    ? lines.map((l) => {
        if (l !== existing) return l;
        const q = capped(l.quantity + quantity, product.stock);
        return { ...l, quantity: q, total: lineTotal(q, unit) };
      })
    : [
        ...lines,
        { product, quantity: capped(quantity, product.stock), total: lineTotal(capped(quantity, product.stock), unit) },
      ];
  writeStoredList(key, next);
}
