import { describe, expect, it } from "vitest";
import {
  breakdownCents,
  chooseBaseFinish,
  chooseLiveEdge,
  chooseSize,
  chooseSpecies,
  chooseTopFinish,
  currentPrice,
  divergenceGallery,
  divergencePrice,
  divergenceTitle,
  enabledSteps,
  maxDivergenceQuantity,
} from "./divergence-builder.ts";
import { divergenceData, fullChoice } from "./test-fixtures/divergence.ts";

const img = (fileName: string) => ({ fileName });
const data = divergenceData();
const full = fullChoice;

describe("the steps", () => {
  it("choosing a species resets size, live edge, base and top finish", () => {
    expect(chooseSpecies(full, 11)).toEqual({ speciesId: 11 });
  });
  it("choosing a size resets the later steps", () => {
    expect(chooseSize(full, 101)).toEqual({ speciesId: 10, sizeId: 101 });
  });
  it("choosing the edge resets base and top finish", () => {
    expect(chooseLiveEdge(full, "No")).toEqual({ speciesId: 10, sizeId: 100, liveEdge: "No" });
  });
  it("choosing the base colour resets the top finish", () => {
    expect(chooseBaseFinish(full, "Bronze")).toEqual({
      speciesId: 10,
      sizeId: 100,
      liveEdge: "Yes",
      baseFinish: "Bronze",
    });
  });
  it("choosing the top finish keeps the rest", () => {
    expect(chooseTopFinish({ ...full, topFinish: undefined }, "Natural Oil")).toEqual({
      ...full,
      topFinish: "Natural Oil",
    });
  });
  it("each step is enabled only once the one before is chosen; adding only once the top finish is", () => {
    expect(enabledSteps({})).toEqual([true, false, false, false, false, false]);
    expect(enabledSteps({ speciesId: 10 })).toEqual([true, true, false, false, false, false]);
    expect(enabledSteps({ speciesId: 10, sizeId: 100, liveEdge: "No" })).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
    expect(enabledSteps(full)).toEqual([true, true, true, true, true, true]);
  });
  it("titles the table after the species", () => {
    expect(divergenceTitle("Black Walnut")).toBe("Black Walnut Dining Table");
  });
});

describe("the price", () => {
  it("is the size price until the edge and top are chosen", () => {
    expect(currentPrice(data, {})).toBeNull();
    expect(currentPrice(data, { speciesId: 10, sizeId: 100 })).toEqual({
      basePrice: 8400,
      liveEdgePrice: 0,
      ceramicCoatingPrice: 0,
      totalPrice: 8400,
    });
  });
  it("adds the live-edge price when the edge is live", () => {
    expect(currentPrice(data, { speciesId: 10, sizeId: 100, liveEdge: "Yes" })?.totalPrice).toBe(9250);
    expect(currentPrice(data, { speciesId: 10, sizeId: 100, liveEdge: "No" })?.totalPrice).toBe(8400);
  });
  it("adds the ceramic coating when chosen, not for natural oil", () => {
    expect(currentPrice(data, full)?.totalPrice).toBe(9900);
    expect(currentPrice(data, { ...full, topFinish: "Natural Oil" })?.totalPrice).toBe(9250);
  });
  it("keeps cents", () => {
    expect(
      divergencePrice({ liveEdgePrice: 0.1, ceramicCoatingPrice: 0.2 }, { price: 9300.5 }, "Yes", "Ceramic Coating")
        .totalPrice,
    ).toBe(9300.8);
    expect(
      breakdownCents(
        divergencePrice({ liveEdgePrice: 0.1, ceramicCoatingPrice: 0.2 }, { price: 0.1 }, "Yes", "Ceramic Coating"),
      ),
    ).toBe(40);
  });
});

describe("the gallery", () => {
  it("shows the chosen finish's pictures for the species", () => {
    expect(divergenceGallery(data, full)).toEqual({
      folder: "divergenceSpeciesFinish",
      images: [img("walnut-black.jpg")],
    });
  });
  it("falls back to the species' imagery when the finish has none", () => {
    expect(divergenceGallery(data, { ...full, baseFinish: "Bronze" })).toEqual({
      folder: "divergenceSpecies",
      images: [img("walnut.jpg")],
    });
  });
  it("then to the general imagery", () => {
    const general = { folder: "divergence", images: [img("general.jpg")] };
    expect(divergenceGallery(data, { speciesId: 11 })).toEqual(general);
    expect(divergenceGallery(data, {})).toEqual(general);
  });
  it("then to the first finish's pictures", () => {
    expect(divergenceGallery({ ...data, generalImagery: [] }, { speciesId: 11 })).toEqual({
      folder: "divergenceSpeciesFinish",
      images: [img("cherry-bronze.jpg")],
    });
  });
});

describe("the quantity", () => {
  it("is capped at the chosen size's stock; a size with none is built to order, capped only by the API", () => {
    expect(maxDivergenceQuantity(data.variantSpecies[0]?.metadata[0])).toBe(3);
    expect(maxDivergenceQuantity(data.variantSpecies[0]?.metadata[1])).toBe(99);
    expect(maxDivergenceQuantity(undefined)).toBe(0);
  });
});
