import { describe, expect, it } from "vitest";
import {
  clampQuantity,
  contactHref,
  hasFinishOptions,
  parseId,
  pickRelated,
  plainText,
  resolveProduct,
} from "./detail.ts";

describe("parseId", () => {
  it("accepts positive whole numbers", () => {
    expect(parseId("1")).toBe(1);
    expect(parseId("0042")).toBe(42);
  });
  it.each([undefined, "", "0", "-3", "1.5", "1e3", "abc", "12abc", " 7", "9999999999999999"])("rejects %s", (v) => {
    expect(parseId(v)).toBeNull();
  });
});

describe("resolveProduct", () => {
  const list = [
    { id: 1, productId: null },
    { id: 2, productId: 1 },
    { id: 3, productId: 1 },
    { id: 4, productId: null },
  ];
  it("shows a product by id", () => {
    expect(resolveProduct(list, "4", undefined)).toEqual({ product: list[3], parent: list[3] });
  });
  it("shows a variant under its parent", () => {
    expect(resolveProduct(list, "1", "3")).toEqual({ product: list[2], parent: list[0] });
  });
  it("shows a variant named first, with its parent second (/products/2/1)", () => {
    expect(resolveProduct(list, "2", "1")).toEqual({ product: list[1], parent: list[0] });
  });
  it("finds the parent of a variant opened on its own", () => {
    expect(resolveProduct(list, "2", undefined)).toEqual({ product: list[1], parent: list[0] });
  });
  it("is null for a missing id, a bad id or a variant of another product", () => {
    expect(resolveProduct(list, "9", undefined)).toBeNull();
    expect(resolveProduct(list, "x", undefined)).toBeNull();
    expect(resolveProduct(list, "4", "2")).toBeNull();
    expect(resolveProduct(list, "2", "4")).toBeNull();
    expect(resolveProduct(list, "1", "1")).toBeNull();
    expect(resolveProduct(list, "1", "nine")).toBeNull();
  });
});

describe("clampQuantity", () => {
  it("never goes below 0", () => {
    expect(clampQuantity(-1, 5)).toBe(0);
    expect(clampQuantity(-4, null)).toBe(0);
  });
  it("never goes above the stock when it is set", () => {
    expect(clampQuantity(6, 5)).toBe(5);
    expect(clampQuantity(3, 5)).toBe(3);
    expect(clampQuantity(40, null)).toBe(40);
  });
  it("reads nonsense as 0 and keeps whole units", () => {
    expect(clampQuantity(Number.NaN, 5)).toBe(0);
    expect(clampQuantity(2.7, 5)).toBe(2);
    expect(clampQuantity(1, 0)).toBe(0);
  });
});

describe("pickRelated", () => {
  const a = { id: 1 };
  const b = { id: 2 };
  const c = { id: 3 };
  const d = { id: 4 };
  const e = { id: 5 };
  const f = { id: 6 };
  it("takes groups in order, without the excluded or repeated items, at most four", () => {
    expect(
      pickRelated(
        [
          [b, c],
          [c, d, a],
          [e, f],
        ],
        [1],
      ),
    ).toEqual([b, c, d, e]);
  });
  it("returns fewer when there are fewer", () => {
    expect(pickRelated([[a], [b]], [2])).toEqual([a]);
    expect(pickRelated([], [])).toEqual([]);
  });
});

describe("hasFinishOptions", () => {
  it("offers finishes for metal bases only", () => {
    expect(hasFinishOptions("Steel")).toBe(true);
    expect(hasFinishOptions("Bronze")).toBe(true);
    expect(hasFinishOptions("Wood")).toBe(false);
    expect(hasFinishOptions("other")).toBe(false);
  });
});

describe("contactHref", () => {
  it("carries the item, its id, its kind and the finish", () => {
    expect(contactHref({ item: 'Trapezoid Steel Base 28" & up', itemId: 1, kind: "base", finish: "Matte Black" })).toBe(
      "/contact?item=Trapezoid+Steel+Base+28%22+%26+up&itemId=1&kind=base&finish=Matte+Black",
    );
  });
  it("leaves out a finish that was not chosen", () => {
    expect(contactHref({ item: "Elm Cookie", itemId: 6, kind: "slab", finish: null })).toBe(
      "/contact?item=Elm+Cookie&itemId=6&kind=slab",
    );
  });
});

describe("plainText", () => {
  it("drops tags and decodes the common entities", () => {
    expect(plainText("<p>Walnut &amp; steel,</p><p>hand&nbsp;made.</p>")).toBe("Walnut & steel, hand made.");
    expect(plainText("<p>Three days, <em>four tables</em>.</p><script>alert(1)</script><style>p{}</style>")).toBe(
      "Three days, four tables.",
    );
  });
  it("cuts long text at a word", () => {
    const out = plainText(`<p>${"grain ".repeat(60)}</p>`, 40);
    expect(out.length).toBeLessThanOrEqual(40);
    expect(out.endsWith("grain…")).toBe(true);
  });
});
