import { describe, expect, it } from "vitest";
import {
  clampPriceRange,
  DEFAULT_BOUNDS,
  distinctValues,
  divergenceStartingPrice,
  effectivePrice,
  GROUP_SIZE,
  isNarrowed,
  priceBounds,
  slabLengthClass,
  sortByPrice,
  visibleGroups,
} from "./listing.ts";

const bounds = { min: 0, max: 1000 };

describe("price bounds", () => {
  it("are 0–1000 for the shop and slabs and 0–1,000,000 for bases by default", () => {
    expect(DEFAULT_BOUNDS.shop).toEqual({ min: 0, max: 1000 });
    expect(DEFAULT_BOUNDS.slabs).toEqual({ min: 0, max: 1000 });
    expect(DEFAULT_BOUNDS.bases).toEqual({ min: 0, max: 1_000_000 });
  });
  it("rise to the dearest item, in whole dollars, so an untouched filter hides nothing", () => {
    expect(priceBounds(DEFAULT_BOUNDS.shop, [85, 22500.4])).toEqual({ min: 0, max: 22501 });
  });
  it("keep the default when every item is cheaper", () => {
    expect(priceBounds(DEFAULT_BOUNDS.bases, [285, 8500])).toEqual({ min: 0, max: 1_000_000 });
    expect(priceBounds(DEFAULT_BOUNDS.shop, [])).toEqual({ min: 0, max: 1000 });
  });
});

describe("clampPriceRange", () => {
  it("falls back to the lower bound for an empty min", () => {
    expect(clampPriceRange("", "500", bounds)).toEqual({ min: 0, max: 500 });
    expect(clampPriceRange(null, "500", bounds).min).toBe(0);
  });
  it("falls back to the lower bound for an invalid min", () => {
    expect(clampPriceRange("abc", "500", bounds).min).toBe(0);
  });
  it("falls back to the upper bound for an empty or invalid max", () => {
    expect(clampPriceRange("100", "", bounds).max).toBe(1000);
    expect(clampPriceRange("100", "lots", bounds).max).toBe(1000);
  });
  it("clamps min between the bounds", () => {
    expect(clampPriceRange("-50", "", bounds).min).toBe(0);
    expect(clampPriceRange("5000", "", bounds).min).toBe(1000);
  });
  it("keeps max at least min", () => {
    expect(clampPriceRange("600", "200", bounds)).toEqual({ min: 600, max: 600 });
  });
  it("keeps max within the upper bound", () => {
    expect(clampPriceRange("0", "99999", bounds).max).toBe(1000);
  });
  it("reads amounts typed with a dollar sign and separators", () => {
    expect(clampPriceRange("$250", "$1,000", { min: 0, max: 5000 })).toEqual({ min: 250, max: 1000 });
  });
  it("counts as a filter only when it narrows the bounds", () => {
    expect(isNarrowed({ min: 0, max: 1000 }, bounds)).toBe(false);
    expect(isNarrowed({ min: 10, max: 1000 }, bounds)).toBe(true);
    expect(isNarrowed({ min: 0, max: 999 }, bounds)).toBe(true);
  });
});

describe("effective price", () => {
  it("is the sale price when set, else the price or starting price", () => {
    expect(effectivePrice({ price: 400, salePrice: 350 })).toBe(350);
    expect(effectivePrice({ price: 400, salePrice: null })).toBe(400);
    expect(effectivePrice({ startingPrice: 9000, salePrice: null })).toBe(9000);
    expect(effectivePrice({ startingPrice: 9000, salePrice: 8000 })).toBe(8000);
  });
});

describe("sortByPrice", () => {
  const items = [
    { id: 1, price: 300, salePrice: null },
    { id: 2, price: 900, salePrice: 100 },
    { id: 3, price: 500, salePrice: null },
  ];
  it("orders highToLow by effective price", () => {
    expect(sortByPrice(items, "highToLow").map((i) => i.id)).toEqual([3, 1, 2]);
  });
  it("orders lowToHigh by effective price", () => {
    expect(sortByPrice(items, "lowToHigh").map((i) => i.id)).toEqual([2, 1, 3]);
  });
  it("keeps the catalogue order without a sort, and never mutates", () => {
    const copy = sortByPrice(items, null);
    expect(copy.map((i) => i.id)).toEqual([1, 2, 3]);
    expect(copy).not.toBe(items);
  });
});

describe("slabLengthClass", () => {
  it("is wall art up to and including 36 inches", () => {
    expect(slabLengthClass(24)).toBe("wall-art");
    expect(slabLengthClass(36)).toBe("wall-art");
  });
  it("is coffee tables over 36 and up to 72 inches", () => {
    expect(slabLengthClass(36.5)).toBe("coffee-tables");
    expect(slabLengthClass(72)).toBe("coffee-tables");
  });
  it("is dining tables over 72 inches", () => {
    expect(slabLengthClass(72.5)).toBe("dining-tables");
    expect(slabLengthClass(144)).toBe("dining-tables");
  });
});

describe("visibleGroups", () => {
  const twenty = Array.from({ length: 20 }, (_, i) => i);
  it("groups in eights for products and bases and sixes for slabs", () => {
    expect(GROUP_SIZE).toEqual({ products: 8, bases: 8, slabs: 6 });
    expect(visibleGroups(twenty, GROUP_SIZE.slabs, 1).items).toHaveLength(6);
  });
  it("shows the first n groups and says whether more remain", () => {
    expect(visibleGroups(twenty, 8, 2)).toMatchObject({ total: 20, page: 2, hasMore: true });
    expect(visibleGroups(twenty, 8, 2).items).toHaveLength(16);
    expect(visibleGroups(twenty, 8, 3)).toMatchObject({ page: 3, hasMore: false });
  });
  it("keeps a page number past the end or below one within the groups", () => {
    expect(visibleGroups(twenty, 8, 99)).toMatchObject({ page: 3, hasMore: false });
    expect(visibleGroups(twenty, 8, 0).page).toBe(1);
    expect(visibleGroups([], 8, 1)).toMatchObject({ items: [], total: 0, page: 1, hasMore: false });
  });
});

describe("distinctValues", () => {
  it("lists each non-empty value once, alphabetically", () => {
    expect(distinctValues(["Steel", "Wood", "Bronze", "Steel", ""])).toEqual(["Bronze", "Steel", "Wood"]);
  });
});

describe("divergenceStartingPrice", () => {
  it("is the cheapest size across every species, or null without sizes", () => {
    const data = {
      variantSpecies: [{ metadata: [{ price: 8400 }, { price: 9800 }] }, { metadata: [{ price: 6800 }] }],
    };
    expect(divergenceStartingPrice(data)).toBe(6800);
    expect(divergenceStartingPrice({ variantSpecies: [] })).toBeNull();
  });
});
