/**
 * The cart's rules (docs/product.md §4 "Cart"), pure: every function takes the lines and returns new ones.
 * The browser keeps the lines in local storage; the server's checkout recomputes every price.
 * Here is what every page needs (reading the stored lines, adding, counting); changing and
 * summing lines, which only the cart, its drawer and the checkout do, is in domain/cart-lines.ts.
 */
import type { ImageRef, Product } from "./catalog-types.ts";
import type { PricingBreakdown } from "./divergence-builder.ts";
import { maxDivergenceQuantity, TOP_FINISHES, type TopFinish } from "./divergence-rules.ts";
import type { LeadTime } from "./lead-time.ts";
import { type Cents, sumCents, toCents, toDollars } from "./money.ts";
import { clampQuantity } from "./quantity.ts";

/** A stock item as the cart keeps it: the product's identity, prices and stock. */
export type StockCartProduct = {
  id: number;
  productId?: number | null;
  title: string;
  category?: string;
  price: number;
  salePrice?: number | null;
  stock: number;
  type?: string;
  images?: ImageRef[];
  inventoryId?: string;
  customShipping?: boolean;
  /** When it ships (domain/lead-time.ts); absent in a cart kept from before lead times. */
  leadTime?: LeadTime;
};

/** A configured Divergence table (docs/product.md §3 "Divergence cart product"); id is the divergenceId. */
export type DivergenceCartProduct = {
  id: number;
  title: string;
  species: string;
  size: string;
  /** The size's row in the species' metadata, so the line can be priced again. */
  sizeId?: number;
  liveEdge: "Yes" | "No";
  baseFinish: string;
  topFinish: TopFinish;
  price: number;
  salePrice?: null;
  pricingBreakdown: PricingBreakdown;
  /** The chosen size's stock, when it has any: quantities are capped to it. */
  stock?: number;
  /** The chosen size's lead time (domain/lead-time.ts). */
  leadTime?: LeadTime;
  quantity?: number;
  images: ImageRef[];
  type: "Divergence";
  customShipping: true;
};

export type CartProduct = StockCartProduct | DivergenceCartProduct;
/**
 * A line as the browser stores it. Its prices and `total` are dollars, as the catalog and the
 * API's wire carry them (a cart kept in local storage stays readable); sums are made in cents.
 */
export type CartLine = { product: CartProduct; quantity: number; total: number };

export const isDivergenceProduct = (p: CartProduct): p is DivergenceCartProduct => p.type === "Divergence";

export const unitPrice = (p: CartProduct): number => p.salePrice ?? p.price;
/** A unit price in dollars (the catalog's) times a whole quantity, exactly: 3 × 19.99 is 59.97. */
export const timesQuantity = (unitDollars: number, quantity: number): Cents => toCents(unitDollars) * quantity;
/** The line's total in cents. */
export const lineCents = (p: CartProduct, quantity: number): Cents => timesQuantity(unitPrice(p), quantity);
/** The line's total in dollars, as the stored line keeps it. */
export const lineTotal = (p: CartProduct, quantity: number): number => toDollars(lineCents(p, quantity));
/** Dollar figures (stored lines' totals, database amounts) added up exactly, in cents. */
export const sumDollars = (amounts: readonly number[]): Cents => sumCents(amounts.map(toCents));
/** What lines come to, in cents. */
export const linesCents = (lines: readonly { total: number }[]): Cents => sumDollars(lines.map((l) => l.total));

/**
 * The most of a line the cart takes (its "+" stops there): a stock item's stock; for a Divergence
 * table the chosen size's stock while it has some, else as many as one order may ask for, since
 * a size without stock is built to order (docs/decisions/005; divergence-rules.ts). Null: a stock
 * item with no stock recorded, not capped.
 */
export function quantityCap(p: CartProduct): number | null {
  if (isDivergenceProduct(p)) return maxDivergenceQuantity({ stock: p.stock ?? 0 });
  return p.stock === undefined ? null : Math.max(0, p.stock);
}

/** Never below 0, whole units, never past the line's cap (quantityCap). */
export function capQuantity(p: CartProduct, quantity: number): number {
  return clampQuantity(quantity, quantityCap(p));
}

/** Two lines are the same line: Divergence on its whole configuration, anything else on id and title. */
export function sameLine(a: CartProduct, b: CartProduct): boolean {
  if (isDivergenceProduct(a) || isDivergenceProduct(b)) {
    if (!isDivergenceProduct(a) || !isDivergenceProduct(b)) return false;
    return (
      a.title === b.title &&
      a.species === b.species &&
      a.size === b.size &&
      a.liveEdge === b.liveEdge &&
      a.baseFinish === b.baseFinish &&
      a.topFinish === b.topFinish
    );
  }
  return a.id === b.id && a.title === b.title;
}

/**
 * Adds units: a matching line's quantity grows (a stock item's capped at its stock, a
 * Divergence table's summed, capped only by its size's stock), else a new line is added.
 */
export function addToCart(lines: CartLine[], product: CartProduct, quantity: number): CartLine[] {
  const existing = lines.find((l) => sameLine(l.product, product));
  if (!existing) {
    const q = capQuantity(product, quantity);
    if (q <= 0) return lines;
    return [...lines, { product, quantity: q, total: lineTotal(product, q) }];
  }
  return lines.map((l) => {
    if (l !== existing) return l;
    const q = capQuantity(product, l.quantity + quantity);
    return { product, quantity: q, total: lineTotal(product, q) };
  });
}

/** 'Cart (n)': the sum of the lines' quantities. */
export const cartCount = (lines: CartLine[]): number => lines.reduce((n, l) => n + Math.max(0, l.quantity), 0);

/** What the cart keeps of a product: enough to show and price the line, none of its long texts. */
export function toStockCartProduct(
  p: Omit<Product, "description" | "specification" | "grain" | "videos" | "metaData">,
): StockCartProduct {
  return {
    id: p.id,
    productId: p.productId,
    title: p.title,
    category: p.category,
    price: p.price,
    salePrice: p.salePrice,
    stock: p.stock,
    type: p.type,
    images: p.images.slice(0, 1),
    inventoryId: p.inventoryId,
    customShipping: p.customShipping,
    leadTime: p.leadTime,
  };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;
const isNum = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);
const isStr = (v: unknown): v is string => typeof v === "string";

/** Keeps only well-formed lines: the stored list may be old, edited by hand or corrupt. */
export function validCartLines(raw: unknown): CartLine[] {
  if (!Array.isArray(raw)) return [];
  return raw.filter((l): l is CartLine => {
    if (!isRecord(l) || !isRecord(l.product)) return false;
    const p = l.product;
    if (!isNum(p.id) || !isStr(p.title) || !isNum(p.price) || !isNum(l.quantity) || !isNum(l.total)) return false;
    if (p.images !== undefined && !Array.isArray(p.images)) return false;
    if (p.type === "Divergence")
      return (
        isStr(p.species) &&
        isStr(p.size) &&
        (p.liveEdge === "Yes" || p.liveEdge === "No") &&
        isStr(p.baseFinish) &&
        (TOP_FINISHES as readonly unknown[]).includes(p.topFinish) &&
        isRecord(p.pricingBreakdown)
      );
    return isNum(p.stock);
  });
}
