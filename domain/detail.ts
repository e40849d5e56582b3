/** Rules of the product, slab and base detail page (docs/product.md §2 and §4), free of I/O. */

export { clampQuantity } from "./quantity.ts";

/** A route id: digits only, a positive safe integer; anything else is null (and the page a 404). */
export function parseId(value: string | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

type Family = { id: number; productId: number | null };

/**
 * The product a route shows and its parent. `/products/{id}` shows that product (a variant
 * alone still finds its parent); `/products/{a}/{b}` shows the variant of the two when the
 * other is its parent, in either order (docs/product.md §2 allows the productId second). Null means not found.
 */
export function resolveProduct<T extends Family>(
  list: T[],
  id: string | undefined,
  variantId: string | undefined,
): { product: T; parent: T } | null {
  const itemId = parseId(id);
  if (itemId === null) return null;
  const item = list.find((p) => p.id === itemId);
  if (!item) return null;
  if (variantId === undefined) {
    const parent = item.productId === null ? item : list.find((p) => p.id === item.productId);
    return { product: item, parent: parent ?? item };
  }
  const vId = parseId(variantId);
  const variant = vId === null ? undefined : list.find((p) => p.id === vId);
  if (variant?.productId === item.id) return { product: variant, parent: item };
  if (variant && item.productId === variant.id) return { product: item, parent: variant };
  return null;
}

/**
 * Up to `max` related items, taken from the groups in order (variants first, then the same
 * category, then anything), skipping the excluded ids and repeats.
 */
export function pickRelated<T extends { id: number }>(groups: T[][], exclude: number[], max = 4): T[] {
  const seen = new Set(exclude);
  const out: T[] = [];
  for (const group of groups) {
    for (const item of group) {
      if (out.length >= max) return out;
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      out.push(item);
    }
  }
  return out;
}

/** Bases offer a finish choice unless they are wood or 'Other' (docs/product.md §2). */
export const hasFinishOptions = (material: string): boolean =>
  !["wood", "other"].includes(material.trim().toLowerCase());

/** The finishes a metal base takes, the Divergence's steel base included: metal ones only. */
export const metalFinishes = <F extends { kind: string }>(finishes: F[]): F[] =>
  finishes.filter((f) => f.kind === "metal");

export type EnquiryKind = "product" | "slab" | "base";

/** The contact page address that carries the item (and the chosen finish) into the enquiry. */
export function contactHref(enquiry: {
  item: string;
  itemId: number;
  kind: EnquiryKind;
  finish?: string | null;
}): string {
  const q = new URLSearchParams({ item: enquiry.item, itemId: String(enquiry.itemId), kind: enquiry.kind });
  if (enquiry.finish) q.set("finish", enquiry.finish);
  return `/contact?${q.toString()}`;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", apos: "'", nbsp: " " };

/** HTML reduced to one line of text, cut at a word boundary, for a meta description. */
export function plainText(html: string, max = 160): string {
  const text = html
    // What is never shown as text (a script's code), then inline tags (no space: "walnut</em>."), then blocks.
    .replace(/<(script|style|template|noscript)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(/<\/?(strong|b|em|i|u|span|a|small|sup|sub)\b[^>]*>/gi, "")
    .replace(/<[^>]*>/g, " ")
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, e: string) => ENTITIES[e] ?? "")
    .replace(/\s+/g, " ")
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, "")}…`;
}
