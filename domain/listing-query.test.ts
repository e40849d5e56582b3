import { describe, expect, it } from "vitest";
import {
  activeFilterCount,
  applyListingQuery,
  BASE_FACETS,
  listingPage,
  listingSearch,
  parseListingQuery,
  SHOP_FACETS,
  SLAB_FACETS,
} from "./listing-query.ts";

const bounds = { min: 0, max: 25000 };
const shopOptions = { category: ["Bowls", "Dining Tables"] };
const parseShop = (search: string) => parseListingQuery(new URLSearchParams(search), shopOptions, bounds);

describe("parseListingQuery", () => {
  it("reads choices, price, sort and page from the URL", () => {
    expect(parseShop("?category=Bowls&min=100&max=300&sort=lowToHigh&page=2")).toEqual({
      choices: { category: "Bowls" },
      price: { min: 100, max: 300 },
      sort: "lowToHigh",
      page: 2,
    });
  });
  it("starts from the defaults: no choice, the whole price range, catalogue order, page 1", () => {
    expect(parseShop("")).toEqual({ choices: { category: null }, price: bounds, sort: null, page: 1 });
  });
  it("drops a choice that is not among the options, an unknown sort and a bad page", () => {
    expect(parseShop("?category=Boats&sort=cheapest&page=-3")).toMatchObject({
      choices: { category: null },
      sort: null,
      page: 1,
    });
  });
  it("applies the price clamping rule", () => {
    expect(parseShop("?min=900&max=100").price).toEqual({ min: 900, max: 900 });
  });
});

describe("listingSearch", () => {
  it("writes only what differs from the defaults", () => {
    expect(listingSearch(parseShop("?category=&min=0&max=25000&page=1"), bounds)).toBe("");
    expect(listingSearch(parseShop("?category=Bowls&min=50&sort=highToLow&page=2"), bounds)).toBe(
      "?category=Bowls&min=50&sort=highToLow&page=2",
    );
  });
});

describe("activeFilterCount", () => {
  it("counts chosen facets and a narrowed price, not sort or page", () => {
    expect(activeFilterCount(parseShop("?sort=lowToHigh&page=2"), bounds)).toBe(0);
    expect(activeFilterCount(parseShop("?category=Bowls&max=400"), bounds)).toBe(2);
  });
});

describe("applyListingQuery", () => {
  const products = [
    { id: 1, category: "Bowls", price: 165, salePrice: null },
    { id: 2, category: "Dining Tables", price: 12800, salePrice: null },
    { id: 3, category: "Bowls", price: 240, salePrice: 195 },
    { id: 4, category: "Dining Tables", price: 7900, salePrice: 6950 },
  ];
  it("filters products by category", () => {
    const q = parseShop("?category=Bowls");
    expect(applyListingQuery(products, SHOP_FACETS, q).map((p) => p.id)).toEqual([1, 3]);
  });
  it("filters by effective price within the range, bounds included", () => {
    const q = parseShop("?min=195&max=7000");
    expect(applyListingQuery(products, SHOP_FACETS, q).map((p) => p.id)).toEqual([3, 4]);
  });
  it("sorts what remains", () => {
    const q = parseShop("?category=Dining+Tables&sort=lowToHigh");
    expect(applyListingQuery(products, SHOP_FACETS, q).map((p) => p.id)).toEqual([4, 2]);
  });

  const slab = { category: "Live Edge Slab", species: "black walnut", tone: "Dark", origin: "Berks County, PA" };
  const slabs = [
    { ...slab, id: 1, length: 30, startingPrice: 650, salePrice: null },
    { ...slab, id: 2, length: 60, startingPrice: 2400, salePrice: null, tone: "Light" },
    { ...slab, id: 3, length: 120, startingPrice: 14000, salePrice: null, species: "white oak", origin: "Ghana" },
  ];
  const slabOptions = {
    category: ["Live Edge Slab"],
    species: ["black walnut", "white oak"],
    tone: ["Dark", "Light"],
    origin: ["Berks County, PA", "Ghana"],
    length: ["wall-art", "coffee-tables", "dining-tables"],
  };
  const slabQuery = (s: string) => parseListingQuery(new URLSearchParams(s), slabOptions, bounds);
  it("filters slabs by species, tone, origin and length class", () => {
    const ids = (s: string) => applyListingQuery(slabs, SLAB_FACETS, slabQuery(s)).map((x) => x.id);
    expect(ids("?species=white+oak")).toEqual([3]);
    expect(ids("?tone=Dark")).toEqual([1, 3]);
    expect(ids("?origin=Berks+County%2C+PA")).toEqual([1, 2]);
    expect(ids("?length=coffee-tables")).toEqual([2]);
    expect(ids("?tone=Dark&length=wall-art")).toEqual([1]);
  });

  it("filters bases by material", () => {
    const bases = [
      { id: 1, material: "Steel", startingPrice: 1200, salePrice: null },
      { id: 2, material: "Wood", startingPrice: 900, salePrice: null },
    ];
    const q = parseListingQuery(new URLSearchParams("?material=Wood"), { material: ["Steel", "Wood"] }, bounds);
    expect(applyListingQuery(bases, BASE_FACETS, q).map((b) => b.id)).toEqual([2]);
  });
});

describe("listingPage", () => {
  it("widens the bounds, lists each facet's options and shows the first groups of the matches", () => {
    const items = Array.from({ length: 10 }, (_, i) => ({
      id: i,
      material: i % 2 ? "Steel" : "Wood",
      startingPrice: 100 * (i + 1),
      salePrice: null,
    }));
    const page = listingPage({
      items,
      facets: BASE_FACETS,
      params: new URLSearchParams("?material=Steel&sort=highToLow&page=9"),
      defaults: { min: 0, max: 500 },
      groupSize: 3,
    });
    expect(page.bounds).toEqual({ min: 0, max: 1000 });
    expect(page.options).toEqual({ material: ["Steel", "Wood"] });
    expect(page.items.map((b) => b.id)).toEqual([9, 7, 5, 3, 1]);
    expect(page).toMatchObject({ total: 5, page: 2, hasMore: false, query: { page: 2 } });
  });
});
