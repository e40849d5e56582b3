import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addToCart,
  type CartLine,
  cartCount,
  lineCents,
  linesCents,
  quantityCap,
  timesQuantity,
  toStockCartProduct,
  validCartLines,
} from "./cart.ts";
import { cartSummary, isOutOfStock, removeFromCart, restoreLine, setQuantity } from "./cart-lines.ts";
import { rematchCart } from "./cart-rematch.ts";
import type { DivergenceData, Product } from "./catalog-types.ts";
import { divergencePrice } from "./divergence-builder.ts";
import { MAX_TABLES } from "./divergence-rules.ts";
import { toCents, toDollars } from "./money.ts";
import { item, table } from "./test-fixtures/cart.ts";
import { LEAD } from "./test-fixtures/divergence.ts";

describe("adding a stock item", () => {
  it("adds a new line with total = quantity × price", () => {
    expect(addToCart([], item(1), 2)).toEqual([{ product: item(1), quantity: 2, total: 200 }]);
  });

  it("merges with the line of the same id and title, capped at the stock", () => {
    const once = addToCart([], item(1), 2);
    const twice = addToCart(once, item(1), 2);
    expect(twice).toHaveLength(1);
    expect(twice[0]).toMatchObject({ quantity: 3, total: 300 });
  });

  it("keeps lines of the same id but another title apart", () => {
    const lines = addToCart(addToCart([], item(1), 1), item(1, { title: "Renamed" }), 1);
    expect(lines).toHaveLength(2);
  });

  it("adds nothing when the item has no stock", () => {
    expect(addToCart([], item(1, { stock: 0 }), 1)).toEqual([]);
  });

  it("prices at the sale price when there is one", () => {
    expect(addToCart([], item(1, { price: 100, salePrice: 80 }), 2)[0]?.total).toBe(160);
  });
});

describe("adding a Divergence table", () => {
  it("merges when title, species, size, live edge, base and top finish all match, summing quantities", () => {
    const lines = addToCart(addToCart([], table(), 1), table(), 2);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ quantity: 3, total: 31950 });
  });

  it.each([
    ["species", { species: "White Oak", title: "White Oak Dining Table" }],
    ["size", { size: `96" x 42"` }],
    ["live edge", { liveEdge: "No" as const }],
    ["base finish", { baseFinish: "Bronze" }],
    ["top finish", { topFinish: "Ceramic Coating" as const }],
  ])("adds a new line when the %s differs", (_name, change) => {
    expect(addToCart(addToCart([], table(), 1), table(change), 1)).toHaveLength(2);
  });

  it("never sums past the size's stock", () => {
    expect(addToCart(addToCart([], table({ stock: 2 }), 2), table({ stock: 2 }), 1)[0]?.quantity).toBe(2);
  });

  it("takes more of a size built to order (no stock) than one: as many as an order may ask for", () => {
    expect(quantityCap(table({ stock: 0 }))).toBe(MAX_TABLES);
    expect(quantityCap(table({ stock: 3 }))).toBe(3);
    const one = addToCart([], table({ stock: 0 }), 1);
    expect(setQuantity(one, one[0]!, 9)[0]?.quantity).toBe(9);
    expect(setQuantity(one, one[0]!, 500)[0]?.quantity).toBe(MAX_TABLES);
    expect(quantityCap(item(1, { stock: 2 }))).toBe(2);
  });

  it("never merges with a stock item that shares its id", () => {
    expect(addToCart(addToCart([], item(1, { title: table().title }), 1), table(), 1)).toHaveLength(2);
  });
});

describe("changing a quantity", () => {
  const lines = addToCart([], item(1, { price: 19.99, stock: 5 }), 1);

  it("recomputes the total as quantity × price, rounded to cents", () => {
    const [line] = setQuantity(lines, lines[0]!, 3);
    expect(line).toMatchObject({ quantity: 3, total: 59.97 });
    expect(timesQuantity(19.99, 3)).toBe(5997);
    expect(lineCents(item(1, { price: 19.99 }), 3)).toBe(5997);
  });

  it("uses the sale price when set", () => {
    const sale = addToCart([], item(2, { price: 50, salePrice: 33.33, stock: 9 }), 1);
    expect(setQuantity(sale, sale[0]!, 3)[0]?.total).toBe(99.99);
  });

  it("takes the line out at 0 (or below), leaving no $0 line; an undo puts it back where it was", () => {
    const two = addToCart(lines, item(2), 1);
    expect(setQuantity(two, two[0]!, 0)).toEqual([two[1]]);
    expect(setQuantity(two, two[0]!, -2)).toEqual([two[1]]);
    expect(restoreLine(setQuantity(two, two[0]!, 0), two[0]!, 0)).toEqual(two);
    expect(restoreLine(two, two[0]!, 1)).toEqual(two);
  });

  it("is capped at the stock", () => {
    expect(setQuantity(lines, lines[0]!, 9)[0]?.quantity).toBe(5);
  });

  it("changes only the line it is given", () => {
    const two = addToCart(lines, item(2), 1);
    expect(setQuantity(two, two[1]!, 2).map((l) => l.quantity)).toEqual([1, 2]);
  });
});

describe("removing a line", () => {
  it("filters it out by product id", () => {
    const lines = addToCart(addToCart([], item(1), 1), item(2), 1);
    expect(removeFromCart(lines, lines[0]!).map((l) => l.product.id)).toEqual([2]);
  });

  it("removes one Divergence configuration, not every table or a product with the same number", () => {
    const lines = [table(), table({ topFinish: "Ceramic Coating" }), item(1)].reduce<CartLine[]>(
      (acc, p) => addToCart(acc, p, 1),
      [],
    );
    const left = removeFromCart(lines, lines[0]!);
    expect(left.map((l) => l.product.title)).toEqual(["Black Walnut Dining Table", "Item 1"]);
    expect(left[0]?.product).toMatchObject({ topFinish: "Ceramic Coating" });
  });
});

describe("the summary", () => {
  it("counts only Divergence items and items with stock", () => {
    const lines: CartLine[] = [
      { product: item(1, { price: 100.1 }), quantity: 1, total: 100.1 },
      { product: item(2, { stock: 0 }), quantity: 1, total: 50 },
      { product: table({ price: 4200.25 }), quantity: 1, total: 4200.25 },
    ];
    expect(cartSummary(lines)).toEqual({ subtotal: 4300.35, items: 2 });
    expect(lines.map(isOutOfStock)).toEqual([false, true, false]);
  });

  it("counts every unit for the header", () => {
    expect(
      cartCount([
        { product: item(1), quantity: 2, total: 200 },
        { product: table(), quantity: 1, total: 1 },
      ]),
    ).toBe(3);
  });

  it("is zero for an empty cart", () => {
    expect(cartSummary([])).toEqual({ subtotal: 0, items: 0 });
  });

  it("totals any cart exactly, to the cent", () => {
    // Prices of two decimals (a sale price or not) and quantities, as the catalog has them.
    const piece = fc.record({
      cents: fc.integer({ min: 1, max: 2_500_000 }),
      saleCents: fc.option(fc.integer({ min: 1, max: 2_500_000 })),
      quantity: fc.integer({ min: 1, max: 40 }),
    });
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 12 }), (pieces) => {
        const lines = pieces.reduce<CartLine[]>(
          (acc, p, i) =>
            addToCart(
              acc,
              item(i + 1, { price: p.cents / 100, salePrice: p.saleCents && p.saleCents / 100, stock: 99 }),
              p.quantity,
            ),
          [],
        );
        const expected = pieces.reduce((s, p) => s + (p.saleCents ?? p.cents) * p.quantity, 0);
        expect(linesCents(lines)).toBe(expected);
        expect(cartSummary(lines).subtotal).toBe(toDollars(expected));
        expect(toCents(cartSummary(lines).subtotal)).toBe(expected);
        for (const [i, l] of lines.entries())
          expect(toCents(l.total)).toBe((pieces[i]!.saleCents ?? pieces[i]!.cents) * pieces[i]!.quantity);
      }),
    );
  });
});

describe("matching stored lines to fresh data", () => {
  const fresh = (id: number, extra: Partial<Product> = {}) =>
    toStockCartProduct({
      id,
      productId: null,
      title: `Item ${id}`,
      category: "Tables",
      price: 120,
      salePrice: null,
      stock: 2,
      type: "Furniture",
      images: [{ fileName: "a.jpg" }],
      inventoryId: `INV-${id}`,
      customShipping: false,
      ...extra,
    } as Product);
  const divergence: DivergenceData = {
    divergenceMetadata: {
      divergenceId: 7,
      title: "Divergence",
      description: "",
      specification: "",
      liveEdgePrice: 900,
      ceramicCoatingPrice: 700,
    },
    generalImagery: [],
    variantSpecies: [
      {
        id: 1,
        name: "Black Walnut",
        speciesGeneralImagery: [],
        speciesFinishes: [],
        metadata: [{ id: 2, size: `84" x 42"`, price: 10000, stock: 1, leadTime: LEAD }],
      },
    ],
  };

  it("takes the current price and stock, recomputing the total", () => {
    const [line] = rematchCart([{ product: item(1), quantity: 3, total: 300 }], { products: [fresh(1)], divergence });
    expect(line).toMatchObject({ quantity: 2, total: 240, product: { price: 120, stock: 2 } });
  });

  it("matches a variant's line to the variant, listed with its parent's id", () => {
    const variant = fresh(11, { productId: 1, title: "Item 1 - 96 inch", price: 150 });
    const [line] = rematchCart([{ product: item(11, { title: "Item 1 - 96 inch" }), quantity: 1, total: 100 }], {
      products: [fresh(1), variant],
      divergence,
    });
    expect(line).toMatchObject({ total: 150, product: { productId: 1 } });
  });

  it("drops a line whose product vanished, and a table whose size is gone", () => {
    const out = rematchCart(
      [
        { product: item(99), quantity: 1, total: 100 },
        { product: table({ sizeId: 5, size: "12 x 12" }), quantity: 1, total: 1 },
      ],
      { products: [fresh(1)], divergence },
    );
    expect(out).toEqual([]);
  });

  it("prices a Divergence line again with the configurator's function", () => {
    const [line] = rematchCart([{ product: table(), quantity: 2, total: 1 }], { products: [], divergence });
    const price = divergencePrice(divergence.divergenceMetadata, { price: 10000 }, "Yes", "Natural Oil");
    expect(line).toMatchObject({
      quantity: 1,
      total: 10900,
      product: { id: 7, price: 10900, pricingBreakdown: price },
    });
  });

  it("keeps the quantity of a line that went out of stock, which the summary then leaves out", () => {
    const out = rematchCart([{ product: item(1), quantity: 2, total: 200 }], {
      products: [fresh(1, { stock: 0 })],
      divergence,
    });
    expect(out[0]).toMatchObject({ quantity: 2 });
    expect(cartSummary(out).subtotal).toBe(0);
  });
});

describe("stored lines", () => {
  it("drops malformed lines and reads anything that is not a list as empty", () => {
    const raw = [
      { product: item(1), quantity: 1, total: 100 },
      null,
      { product: { id: "x" } },
      { product: item(2), quantity: "1", total: 1 },
      { product: { ...table(), species: undefined }, quantity: 1, total: 1 },
    ];
    expect(validCartLines(raw).map((l) => l.product.id)).toEqual([1]);
    expect(validCartLines({ not: "a list" })).toEqual([]);
    expect(validCartLines(null)).toEqual([]);
  });
});
