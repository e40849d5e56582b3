/**
 * The wish list's rules (docs/product.md §4 "Wish list"), pure. An entry is the item's category as `type`
 * and the item's identity (docs/product.md §3). Products, slabs and bases number their ids separately, so
 * an entry also says which kind of item it is: that is what its link and pictures follow, and
 * removal by id stays within that kind.
 */
import type { ImageRef } from "./catalog-types.ts";

export type WishlistKind = "product" | "slab" | "base";

export type WishlistItem = { id: number; title: string; images: ImageRef[]; inventoryId: string };
export type WishlistEntry = { type: string; kind: WishlistKind; item: WishlistItem };

const KIND_FOLDERS = { product: "products", slab: "slabs", base: "bases" } as const;

export const isWishlisted = (list: WishlistEntry[], kind: WishlistKind, item: { id: number; title: string }) =>
  list.some((e) => e.kind === kind && e.item.id === item.id && e.item.title === item.title);

/** Adds an entry; one with the same id and title is already there, so it is ignored. */
export function addToWishlist(list: WishlistEntry[], entry: WishlistEntry): WishlistEntry[] {
  if (isWishlisted(list, entry.kind, entry.item)) return list;
  const { id, title, images, inventoryId } = entry.item;
  return [
    ...list,
    { type: entry.type, kind: entry.kind, item: { id, title, images: images.slice(0, 2), inventoryId } },
  ];
}

/** Removes by item id (within the entry's kind). */
export const removeFromWishlist = (list: WishlistEntry[], kind: WishlistKind, id: number): WishlistEntry[] =>
  list.filter((e) => !(e.kind === kind && e.item.id === id));

/**
 * The card heart: an entry matching id and title is removed by id; otherwise the item is added
 * with its category as type. Says which it did, so the caller opens the preview on an add.
 */
export function toggleWishlist(list: WishlistEntry[], entry: WishlistEntry): { list: WishlistEntry[]; added: boolean } {
  if (isWishlisted(list, entry.kind, entry.item))
    return { list: removeFromWishlist(list, entry.kind, entry.item.id), added: false };
  return { list: addToWishlist(list, entry), added: true };
}

/**
 * The entries whose item the shop still shows (docs/product.md §4 "Wish list"): one deleted or
 * archived since it was saved is dropped. The same list when nothing is dropped.
 */
export function keepShown(list: WishlistEntry[], shown: Record<WishlistKind, number[]>): WishlistEntry[] {
  const ids = {
    product: new Set(shown.product),
    slab: new Set(shown.slab),
    base: new Set(shown.base),
  };
  const kept = list.filter((e) => ids[e.kind].has(e.item.id));
  return kept.length === list.length ? list : kept;
}

/** Where an entry leads and which image folder holds its pictures. */
export function wishlistTarget(entry: WishlistEntry): { href: string; folder: "products" | "slabs" | "bases" } {
  const folder = KIND_FOLDERS[entry.kind];
  return { href: `/${folder}/${entry.item.id}?title=${encodeURIComponent(entry.item.title)}`, folder };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;
const KINDS = new Set<string>(Object.keys(KIND_FOLDERS));

/** Keeps only well-formed entries: the stored list may be old, edited by hand or corrupt. */
export function validWishlistEntries(raw: unknown): WishlistEntry[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .filter(
      (e): e is WishlistEntry =>
        isRecord(e) &&
        typeof e.type === "string" &&
        typeof e.kind === "string" &&
        KINDS.has(e.kind) &&
        isRecord(e.item) &&
        typeof e.item.id === "number" &&
        Number.isFinite(e.item.id) &&
        typeof e.item.title === "string",
    )
    .map((e) => ({
      ...e,
      item: {
        ...e.item,
        images: Array.isArray(e.item.images) ? e.item.images : [],
        inventoryId: typeof e.item.inventoryId === "string" ? e.item.inventoryId : "",
      },
    }));
}
