import { describe, expect, it } from "vitest";
import { cartSubtotal, isOutOfStock, validCartLines, validWishlistEntries, wishlistTarget } from "./stored-lists.ts";

const line = (id: number, total: number, extra: Record<string, unknown> = {}) => ({
  product: { id, title: `Item ${id}`, price: total, stock: 2, ...extra },
  quantity: 1,
  total,
});

describe("stored cart", () => {
  it("drops malformed lines", () => {
    const raw = [
      line(1, 100),
      null,
      { product: { id: "x" } },
      { product: line(2, 1).product, quantity: "1", total: 1 },
    ];
    expect(validCartLines(raw).map((l) => l.product.id)).toEqual([1]);
  });

  it("counts only Divergence lines and lines with stock, to the cent", () => {
    const lines = validCartLines([
      line(1, 100.1),
      line(2, 50, { stock: 0 }),
      line(3, 4200.25, { stock: 0, type: "Divergence" }),
    ]);
    expect(cartSubtotal(lines)).toBe(4300.35);
    expect(lines.map(isOutOfStock)).toEqual([false, true, false]);
  });
});

describe("stored wish list", () => {
  it("keeps entries with an item id and title", () => {
    const raw = [{ type: "slabs", item: { id: 4, title: "Walnut slab" } }, { type: "x" }, { item: { id: 1 } }];
    expect(validWishlistEntries(raw)).toHaveLength(1);
  });

  it("links slabs and bases to their own pages and anything else to products", () => {
    expect(wishlistTarget({ type: "Slabs", item: { id: 4, title: "A & B" } })).toEqual({
      href: "/slabs/4?title=A%20%26%20B",
      folder: "slabs",
    });
    expect(wishlistTarget({ type: "bases", item: { id: 2, title: "X" } }).folder).toBe("bases");
    expect(wishlistTarget({ type: "Dining Tables", item: { id: 9, title: "T" } }).href).toBe("/products/9?title=T");
  });
});
