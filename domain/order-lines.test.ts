import { describe, expect, it } from "vitest";
import {
  lineChoices,
  lineToBuild,
  lineWhen,
  tableChoiceColumns,
  tableChoiceNames,
  tableChoiceWords,
} from "./order-lines.ts";

const table = { size: '96" x 40"', liveEdge: "No", baseFinish: "Matte Black", topFinish: "Natural Oil" };

describe("a table's choices", () => {
  it("are worded for the buyer as before", () => {
    expect(tableChoiceWords(table)).toEqual(['96" x 40"', "square edge", "Matte Black base", "Natural Oil"]);
    expect(tableChoiceWords({ ...table, liveEdge: "Yes" })[1]).toBe("live edge");
  });

  it("are named for the studio, each choice saying what it is", () => {
    expect(tableChoiceNames(table)).toEqual(['Size 96" x 40"', "Square edge", "Matte Black base", "Natural Oil top"]);
    expect(tableChoiceNames({ ...table, liveEdge: "Yes", topFinish: "Ceramic Coating" })).toEqual([
      'Size 96" x 40"',
      "Live edge",
      "Matte Black base",
      "Ceramic Coating top",
    ]);
  });

  it("say only the choices made so far", () => {
    expect(tableChoiceWords({ size: '72" x 40"' })).toEqual(['72" x 40"']);
    expect(tableChoiceNames({ baseFinish: "Bronze" })).toEqual(["Bronze base"]);
    expect(tableChoiceNames({})).toEqual([]);
  });

  it("give the spreadsheet one bare value per column", () => {
    expect(tableChoiceColumns(table)).toEqual({
      size: '96" x 40"',
      edge: "Square edge",
      base: "Matte Black",
      top: "Natural Oil",
    });
    expect(tableChoiceColumns({ size: '72" x 40"' })).toEqual({ size: '72" x 40"', edge: "", base: "", top: "" });
  });
});

describe("an order line", () => {
  const details = {
    ...table,
    species: "Cherry",
    sizeId: 11,
    pricingBreakdown: { basePrice: 9300, liveEdgePrice: 0, ceramicCoatingPrice: 0, totalPrice: 9300 },
    inventoryId: "x",
  };

  it("tells the buyer a table's choices, a quote's description, and nothing of a piece", () => {
    expect(lineChoices("divergence", details)).toBe('96" x 40" · square edge · Matte Black base · Natural Oil');
    expect(lineChoices("quote", { description: "Walnut desk, 60 in" })).toBe("Walnut desk, 60 in");
    expect(lineChoices("product", { inventoryId: "SY-0451" })).toBeNull();
    expect(lineChoices("divergence", null)).toBeNull();
  });

  it("tells the studio what to build: every choice named", () => {
    expect(lineToBuild("divergence", details)).toBe(
      'Size 96" x 40" · Square edge · Matte Black base · Natural Oil top',
    );
    expect(lineToBuild("quote", { description: "Walnut desk, 60 in" })).toBe("Walnut desk, 60 in");
  });

  it("tells the studio what to pick for a piece: its size, wood, finish and stock number", () => {
    expect(lineToBuild("product", { inventoryId: "SY-0451" })).toBe("Stock no. SY-0451");
    expect(
      lineToBuild("slab", { size: '110" x 44"', species: "Black Walnut", finish: "Natural Oil", inventoryId: "SL-7" }),
    ).toBe('Size 110" x 44" · Black Walnut · Natural Oil finish · Stock no. SL-7');
    expect(lineToBuild("base", { material: "Raw steel", inventoryId: " " })).toBe("Raw steel");
    expect(lineToBuild("product", {})).toBeNull();
    expect(lineToBuild("product", null)).toBeNull();
  });

  it("says a line built to order with its ship window, and a piece from stock by when it ships", () => {
    const today = "2026-11-28";
    const window = { from: "2027-01-05", to: "2027-01-19" };
    expect(lineWhen({ builtToOrder: true, shipWindow: window }, today)).toBe(
      "Built to order · ships Jan 5 – Jan 19, 2027",
    );
    expect(lineWhen({ builtToOrder: true }, today)).toBe("Built to order");
    expect(lineWhen({ shipWindow: { from: "2026-12-03", to: "2026-12-03" } }, today)).toBe("Ships by Dec 3");
    expect(lineWhen({}, today)).toBeNull();
    expect(lineWhen(null, today)).toBeNull();
  });
});
