import { describe, expect, it } from "vitest";
import type { DivergenceData } from "./catalog-types.ts";
import type { DivergenceChoice } from "./divergence-builder.ts";
import { divergenceCartProduct, divergenceStartingPrice } from "./divergence-order.ts";
import { divergenceData, fullChoice, LEAD } from "./test-fixtures/divergence.ts";

const img = (fileName: string) => ({ fileName });
const base = divergenceData();
const [walnut, cherry] = base.variantSpecies as [
  DivergenceData["variantSpecies"][number],
  DivergenceData["variantSpecies"][number],
];
/** The shared table with a walnut finish of three pictures and a second one, and a cheaper cherry. */
const data: DivergenceData = {
  ...base,
  divergenceMetadata: { ...base.divergenceMetadata, divergenceId: 7 },
  variantSpecies: [
    {
      ...walnut,
      speciesFinishes: [
        {
          name: "Matte Black",
          images: [img("walnut-black-1.jpg"), img("walnut-black-2.jpg"), img("walnut-black-3.jpg")],
        },
        { name: "Bronze", images: [img("walnut-bronze.jpg")] },
      ],
    },
    { ...cherry, metadata: [{ id: 110, size: `72" x 40"`, price: 6800, stock: 1, leadTime: LEAD }] },
  ],
};
const full: DivergenceChoice = fullChoice;

describe("the starting price", () => {
  it("is the lowest size price of every species before a species is chosen", () => {
    expect(divergenceStartingPrice(data, {})).toBe(6800);
  });
  it("is the chosen species' lowest size price", () => {
    expect(divergenceStartingPrice(data, { speciesId: 10 })).toBe(8400);
  });
  it("is null when there are no sizes", () => {
    expect(divergenceStartingPrice({ ...data, variantSpecies: [] }, {})).toBeNull();
  });
});

describe("the cart product of a configuration", () => {
  it("is null until the top finish is chosen", () => {
    const { topFinish: _, ...noTop } = full;
    expect(divergenceCartProduct(data, noTop)).toBeNull();
    expect(divergenceCartProduct(data, {})).toBeNull();
  });

  it("carries the configuration, its price and breakdown, the size's stock and lead time, and custom shipping", () => {
    expect(divergenceCartProduct(data, full)).toEqual({
      id: 7,
      title: "Black Walnut Dining Table",
      species: "Black Walnut",
      size: `72" x 40"`,
      sizeId: 100,
      liveEdge: "Yes",
      baseFinish: "Matte Black",
      topFinish: "Ceramic Coating",
      price: 9900,
      pricingBreakdown: { basePrice: 8400, liveEdgePrice: 850, ceramicCoatingPrice: 650, totalPrice: 9900 },
      stock: 3,
      leadTime: LEAD,
      images: [img("walnut-black-1.jpg"), img("walnut-black-2.jpg")],
      type: "Divergence",
      customShipping: true,
    });
  });

  it("prices a square edge with natural oil at the size price alone", () => {
    const p = divergenceCartProduct(data, { ...full, liveEdge: "No", topFinish: "Natural Oil" });
    expect(p?.price).toBe(8400);
    expect(p?.pricingBreakdown).toEqual({
      basePrice: 8400,
      liveEdgePrice: 0,
      ceramicCoatingPrice: 0,
      totalPrice: 8400,
    });
  });

  it("shows the species' first finish when the chosen base colour has no pictures of its own", () => {
    const p = divergenceCartProduct(data, { ...full, baseFinish: "Brass" });
    expect(p?.baseFinish).toBe("Brass");
    expect(p?.images).toEqual([img("walnut-black-1.jpg"), img("walnut-black-2.jpg")]);
  });
});
