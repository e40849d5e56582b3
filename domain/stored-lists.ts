import type { ImageRef } from "./catalog-types.ts";

/** A cart line as kept in the browser: a product (or a Divergence configuration), its quantity and total. */
export type StoredCartLine = {
  product: {
    id: number;
    title: string;
    price: number;
    salePrice?: number | null;
    stock?: number;
    type?: string;
    images?: ImageRef[];
    species?: string;
    size?: string;
    liveEdge?: string;
    baseFinish?: string;
    topFinish?: string;
  };
  quantity: number;
  total: number;
};

export type StoredWishlistEntry = {
  type: string;
  item: { id: number; title: string; images?: ImageRef[]; inventoryId?: string };
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;
const isNum = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

/** Keeps only well-formed lines: the stored list may be old, edited by hand or from another version. */
export function validCartLines(raw: unknown[]): StoredCartLine[] {
  return raw.filter((l): l is StoredCartLine => {
    if (!isRecord(l) || !isRecord(l.product)) return false;
    const p = l.product;
    return isNum(p.id) && typeof p.title === "string" && isNum(p.price) && isNum(l.quantity) && isNum(l.total);
  });
}

/** Lines of one product differ by their configuration (Divergence) or not at all. */
export const cartLineKey = ({ product: p }: StoredCartLine): string =>
  [p.id, p.title, p.species, p.size, p.liveEdge, p.baseFinish, p.topFinish].join("|");

export const isDivergenceLine = (line: StoredCartLine): boolean => line.product.type === "Divergence";

/** A stock item with nothing left; a Divergence table is built to order and never out of stock. */
export const isOutOfStock = (line: StoredCartLine): boolean =>
  !isDivergenceLine(line) && (line.product.stock ?? 0) <= 0;

/** The summary counts only Divergence items and items with stock (spec §4), rounded to cents. */
export function cartSubtotal(lines: StoredCartLine[]): number {
  const sum = lines.filter((l) => !isOutOfStock(l)).reduce((s, l) => s + l.total, 0);
  return Math.round(sum * 100) / 100;
}

export function validWishlistEntries(raw: unknown[]): StoredWishlistEntry[] {
  return raw.filter(
    (e): e is StoredWishlistEntry =>
      isRecord(e) &&
      typeof e.type === "string" &&
      isRecord(e.item) &&
      isNum(e.item.id) &&
      typeof e.item.title === "string",
  );
}

/** Where a wish-list entry leads and which image folder holds its pictures: slabs, bases, else products. */
export function wishlistTarget(entry: StoredWishlistEntry): { href: string; folder: "slabs" | "bases" | "products" } {
  const kind = entry.type.trim().toLowerCase();
  const folder =
    kind === "slabs" || kind === "slab" ? "slabs" : kind === "bases" || kind === "base" ? "bases" : "products";
  return { href: `/${folder}/${entry.item.id}?title=${encodeURIComponent(entry.item.title)}`, folder };
}
