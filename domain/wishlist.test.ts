import { describe, expect, it } from "vitest";
import {
  addToWishlist,
  isWishlisted,
  keepShown,
  removeFromWishlist,
  toggleWishlist,
  validWishlistEntries,
  type WishlistEntry,
  wishlistTarget,
} from "./wishlist.ts";

const entry = (id: number, kind: WishlistEntry["kind"] = "product", title = `Item ${id}`): WishlistEntry => ({
  type: kind === "slab" ? "Live Edge" : "Dining Tables",
  kind,
  item: { id, title, images: [{ fileName: "a.jpg" }], inventoryId: `INV-${id}` },
});

describe("the wish list", () => {
  it("adds an item with its category as type", () => {
    const { list, added } = toggleWishlist([], entry(1));
    expect(added).toBe(true);
    expect(list).toEqual([entry(1)]);
  });

  it("removes an item already there (same id and title) by its id", () => {
    const { list, added } = toggleWishlist([entry(1), entry(2)], entry(1));
    expect(added).toBe(false);
    expect(list.map((e) => e.item.id)).toEqual([2]);
  });

  it("adds, rather than removes, when only the id matches", () => {
    const { added, list } = toggleWishlist([entry(1)], entry(1, "product", "Renamed"));
    expect(added).toBe(true);
    expect(list).toHaveLength(2);
  });

  it("ignores a duplicate add", () => {
    expect(addToWishlist([entry(1)], entry(1))).toEqual([entry(1)]);
  });

  it("removes by id", () => {
    expect(removeFromWishlist([entry(1), entry(2)], "product", 2)).toEqual([entry(1)]);
  });

  it("keeps a slab and a product with the same id apart", () => {
    const list = [entry(1), entry(1, "slab")];
    expect(isWishlisted(list, "slab", entry(1, "slab").item)).toBe(true);
    expect(removeFromWishlist(list, "slab", 1)).toEqual([entry(1)]);
  });

  it("links each kind to its page and picture folder", () => {
    expect(wishlistTarget(entry(3, "slab", "Walnut #3"))).toEqual({
      href: "/slabs/3?title=Walnut%20%233",
      folder: "slabs",
    });
    expect(wishlistTarget(entry(4, "base")).folder).toBe("bases");
    expect(wishlistTarget(entry(5)).href).toBe("/products/5?title=Item%205");
  });

  it("reads a corrupt stored list as empty and drops malformed entries", () => {
    expect(validWishlistEntries("{oops")).toEqual([]);
    const raw = [entry(1), { type: "x", kind: "chair", item: { id: 2, title: "x" } }, { type: "x" }, 7];
    expect(validWishlistEntries(raw)).toEqual([entry(1)]);
    expect(validWishlistEntries([{ type: "T", kind: "base", item: { id: 9, title: "B" } }])[0]?.item).toEqual({
      id: 9,
      title: "B",
      images: [],
      inventoryId: "",
    });
  });

  it("drops an entry whose item the shop no longer shows (deleted or archived), within its kind", () => {
    const list = [entry(1), entry(2), entry(1, "slab"), entry(3, "base")];
    const kept = keepShown(list, { product: [2, 3], slab: [1], base: [] });
    expect(kept).toEqual([entry(2), entry(1, "slab")]);
    // Nothing gone: the same list, so nothing is saved again.
    expect(keepShown(kept, { product: [2], slab: [1], base: [] })).toBe(kept);
  });
});
