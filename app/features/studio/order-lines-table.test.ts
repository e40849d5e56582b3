import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { OrderLinesTable } from "./order-lines-table.tsx";

const table = {
  id: 1,
  kind: "divergence",
  title: "Cherry Dining Table",
  unitPrice: 9300,
  quantity: 1,
  total: 9300,
  details: {
    species: "Cherry",
    size: '96" x 40"',
    liveEdge: "No",
    baseFinish: "Matte Black",
    topFinish: "Natural Oil",
    builtToOrder: true,
    shipWindow: { from: "2027-01-05", to: "2027-01-19" },
    pricingBreakdown: { basePrice: 9300, liveEdgePrice: 0, ceramicCoatingPrice: 0, totalPrice: 9300 },
  },
};
const bench = {
  id: 2,
  kind: "product",
  title: "Walnut Bench — 60 in",
  unitPrice: 1200,
  quantity: 2,
  total: 2400,
  details: { inventoryId: "WB-60", shipWindow: { from: "2026-12-03", to: "2026-12-03" } },
};

describe("the order's pieces for the studio", () => {
  const html = renderToStaticMarkup(createElement(OrderLinesTable, { lines: [table, bench], today: "2026-11-28" }))
    .replace(/<!-- -->/g, "")
    .replace(/&quot;/g, '"');

  it("says under each piece what to build, every choice named, and when it leaves", () => {
    expect(html).toContain("Cherry Dining Table");
    expect(html).toContain('Size 96" x 40" · Square edge · Matte Black base · Natural Oil top');
    expect(html).toContain("Built to order · ships Jan 5 – Jan 19, 2027");
    expect(html).toContain("Stock no. WB-60");
    expect(html).toContain("Ships by Dec 3");
  });

  it("gives each, quantity and total, each cell labelled for a phone", () => {
    expect(html).toContain('data-label="Each" class="num">$9,300');
    expect(html).toContain('data-label="Qty" class="num">2');
    expect(html).toContain('data-label="Total" class="num">$2,400');
    expect(html.match(/<th scope="row">/g)).toHaveLength(2);
  });
});
