/**
 * What the cart page, the cart drawer and the checkout do with the lines (docs/product.md §4 "Cart"), pure:
 * change a quantity, take a line out or put it back, and sum what can be bought. Kept apart from
 * domain/cart.ts, whose reading and adding every page needs.
 */
import { type CartLine, capQuantity, cartCount, isDivergenceProduct, linesCents, lineTotal, sameLine } from "./cart.ts";
import { type Cents, toDollars } from "./money.ts";

/** Nothing left to sell: a stock item at 0. A Divergence size without stock is built to order, never out of stock. */
export const isOutOfStock = ({ product: p }: CartLine): boolean => !isDivergenceProduct(p) && (p.stock ?? 1) <= 0;

/** A key for lists: unique per line. */
export const lineKey = ({ product: p }: CartLine): string =>
  isDivergenceProduct(p)
    ? ["divergence", p.id, p.title, p.species, p.size, p.liveEdge, p.baseFinish, p.topFinish].join("|")
    : ["item", p.id, p.title].join("|");

/**
 * Sets a line's quantity (capped at stock) and recomputes its total. Quantity 0 takes the line
 * out, as Remove does (docs/decisions/005): a $0 line would only sit in the cart and the order.
 */
export function setQuantity(lines: CartLine[], line: CartLine, quantity: number): CartLine[] {
  if (Math.floor(quantity) <= 0) return lines.filter((l) => !sameLine(l.product, line.product));
  return lines.map((l) => {
    if (!sameLine(l.product, line.product)) return l;
    const q = capQuantity(l.product, quantity);
    return { ...l, quantity: q, total: lineTotal(l.product, q) };
  });
}

/** Puts a line taken out back where it was (the undo of a removal); merged if it is there again. */
export function restoreLine(lines: CartLine[], line: CartLine, index: number): CartLine[] {
  if (lines.some((l) => sameLine(l.product, line.product))) return lines;
  const at = Math.max(0, Math.min(index, lines.length));
  return [...lines.slice(0, at), line, ...lines.slice(at)];
}

/**
 * Removes a line by its product id (docs/product.md §4). A Divergence line is one configuration of the
 * same divergenceId, so it is removed by its configuration, and never takes a product that
 * happens to share the number with it.
 */
export function removeFromCart(lines: CartLine[], line: CartLine): CartLine[] {
  if (isDivergenceProduct(line.product)) return lines.filter((l) => !sameLine(l.product, line.product));
  return lines.filter((l) => isDivergenceProduct(l.product) || l.product.id !== line.product.id);
}

/** The lines that can be bought: in stock (or a Divergence table still built), at least one unit. */
export const payableLines = (lines: CartLine[]): CartLine[] => lines.filter((l) => !isOutOfStock(l) && l.quantity > 0);

/** What the lines that can be bought come to, in cents: the goods the checkout charges (before tax). */
export const payableCents = (lines: CartLine[]): Cents => linesCents(payableLines(lines));

/** The summary counts only Divergence items and items with stock (docs/product.md §4), to the cent. */
export function cartSummary(lines: CartLine[]): { subtotal: number; items: number } {
  return {
    subtotal: toDollars(payableCents(lines)),
    items: cartCount(payableLines(lines)),
  };
}
