import { describe, expect, it } from "vitest";
import type { CartLine, DivergenceCartProduct, StockCartProduct } from "./cart.ts";
import type { CheckoutFields } from "./checkout.ts";
import {
  checkoutTax,
  depositSplit,
  formFieldFor,
  needsShippingRate,
  orderFigures,
  orderLines,
  paymentPayload,
  paymentWireField,
  type QuotedRate,
  quoteKey,
  ratesRequest,
  specializedItems,
  taxInFigures,
} from "./checkout-order.ts";
import { NO_TAX, type TaxRule, taxOf } from "./tax.ts";
import { item, table } from "./test-fixtures/cart.ts";

const line = (product: StockCartProduct | DivergenceCartProduct, quantity: number): CartLine => ({
  product,
  quantity,
  total: Math.round((product.salePrice ?? product.price) * quantity * 100) / 100,
});

const fields: CheckoutFields = {
  firstname: " Ada ",
  lastname: "Lovelace",
  country: "US",
  address: "12 Mill Road ",
  city: "Lancaster",
  state: "PA",
  zip: "17601",
  phone: "(717) 555-0100",
  email: " ada@example.com",
  cardNumber: "4111 1111 1111 1111",
  expiry: "12/30",
  cvc: "123",
  nameOnCard: "Ada Lovelace",
};

const rate: QuotedRate = {
  object_id: "rt_abc.1",
  amount: "23.50",
  currency: "USD",
  provider: "Local rates",
  servicelevel: { name: "Ground", token: "ground" },
  estimated_days: 3,
  duration_terms: "Delivery in 3 business days.",
  carrier_account: "rate-table",
  tax: 12.81,
};

const PA: TaxRule = { state: "PA", rate: 6, delivery: true };

describe("order lines", () => {
  it("sends a stock item's unit price (the sale price when there is one) and its total", () => {
    expect(orderLines([line(item(5, { price: 420, salePrice: 360 }), 2)])).toEqual([
      { id: 5, title: "Item 5", price: 360, quantity: 2, total: 720 },
    ]);
  });

  it("sends a Divergence table with its whole configuration", () => {
    expect(orderLines([line(table(), 1)])).toEqual([
      {
        type: "Divergence",
        id: 1,
        sizeId: 2,
        species: "Black Walnut",
        size: `84" x 42"`,
        liveEdge: "Yes",
        baseFinish: "Matte Black",
        topFinish: "Natural Oil",
        title: "Black Walnut Dining Table",
        price: 10650,
        quantity: 1,
        total: 10650,
      },
    ]);
  });

  it("leaves out a table stored before sizes had ids without inventing one", () => {
    const [sent] = orderLines([line(table({ sizeId: undefined }), 1)]);
    expect(sent).not.toHaveProperty("sizeId");
  });

  it("sends only what can be bought: no out-of-stock line, no zero quantity", () => {
    const lines = [line(item(1, { stock: 0 }), 1), line(item(2), 0), line(item(3), 1)];
    expect(orderLines(lines).map((l) => l.id)).toEqual([3]);
  });
});

describe("shipping needs", () => {
  it("needs a rate when any piece to buy goes by carrier", () => {
    expect(needsShippingRate([line(item(1), 1), line(table(), 1)])).toBe(true);
  });

  it("needs none when every piece is specialized: custom shipping or a Divergence table", () => {
    const lines = [line(item(1, { customShipping: true }), 1), line(table(), 1)];
    expect(needsShippingRate(lines)).toBe(false);
    expect(specializedItems(lines)).toEqual([
      { id: 1, title: "Item 1" },
      { id: 1, title: "Black Walnut Dining Table" },
    ]);
  });

  it("ignores an out-of-stock shippable line", () => {
    expect(needsShippingRate([line(item(1, { stock: 0 }), 1), line(table(), 1)])).toBe(false);
  });
});

describe("the quote's key", () => {
  const lines = [line(item(1), 1)];

  it("stays the same for the same address written with other spacing or case", () => {
    expect(quoteKey({ ...fields, city: " lancaster  " }, lines)).toBe(quoteKey(fields, lines));
  });

  it("changes with any address field, a quantity or another line", () => {
    const key = quoteKey(fields, lines);
    for (const change of [{ address: "14 Mill Road" }, { zip: "17602" }, { state: "NJ" }, { lastname: "Byron" }])
      expect(quoteKey({ ...fields, ...change }, lines)).not.toBe(key);
    expect(quoteKey(fields, [line(item(1), 2)])).not.toBe(key);
    expect(quoteKey(fields, [...lines, line(item(2), 1)])).not.toBe(key);
  });

  it("does not change with the e-mail, phone or card", () => {
    const key = quoteKey(fields, lines);
    expect(quoteKey({ ...fields, email: "x@y.zz", phone: "", cardNumber: "" } as CheckoutFields, lines)).toBe(key);
  });
});

describe("requests", () => {
  const lines = [line(item(7, { price: 95 }), 2)];

  it("asks for rates with the trimmed address and the lines", () => {
    expect(ratesRequest(fields, lines)).toEqual({
      firstname: "Ada",
      lastname: "Lovelace",
      country: "US",
      address: "12 Mill Road",
      city: "Lancaster",
      state: "PA",
      zip: "17601",
      phone: "(717) 555-0100",
      email: "ada@example.com",
      products: [{ id: 7, title: "Item 7", price: 95, quantity: 2, total: 190 }],
    });
  });

  it("pays subtotal plus the chosen rate and its tax, with card digits only and the expiry as MMYY", () => {
    const tax = taxInFigures(checkoutTax(lines, fields, [PA], rate));
    expect(paymentPayload(fields, lines, rate, { tax })).toEqual({
      firstname: "Ada",
      lastname: "Lovelace",
      deliveryName: "Ada Lovelace",
      country: "US",
      address: "12 Mill Road",
      city: "Lancaster",
      region: "PA",
      postal: "17601",
      phone: "(717) 555-0100",
      email: "ada@example.com",
      account: "4111111111111111",
      expiry: "1230",
      cvv2: "123",
      name: "Ada Lovelace",
      amount: 226.31,
      currency: "USD",
      shippingTotal: 23.5,
      taxTotal: 12.81,
      shippingRateId: "rt_abc.1",
      products: [{ id: 7, title: "Item 7", price: 95, quantity: 2, total: 190 }],
    });
  });

  it("pays without a rate when every piece is specialized", () => {
    const body = paymentPayload(fields, [line(table(), 1)], null);
    expect(body).toMatchObject({ amount: 10650, shippingTotal: 0, taxTotal: 0, shippingRateId: null });
  });

  it("pays the tax on the goods alone when every piece is specialized, where the studio collects", () => {
    const tables = [line(table(), 1)];
    const tax = taxInFigures(checkoutTax(tables, fields, [PA], null));
    expect(paymentPayload(fields, tables, null, { tax })).toMatchObject({ amount: 11289, taxTotal: 639 });
  });

  it("sends the answers about the way in only when one was given", () => {
    const none = { floor: "", stairs: "", lift: "", doorway: " ", notes: "" } as const;
    expect(paymentPayload(fields, [line(table(), 1)], null, { delivery: none })).not.toHaveProperty("delivery");
    const some = { ...none, floor: "Basement" } as const;
    expect(paymentPayload(fields, [line(table(), 1)], null, { delivery: some }).delivery).toEqual(some);
  });

  it("totals to the cent", () => {
    const cents = [line(item(1, { price: 19.99 }), 3)];
    expect(orderFigures(cents, { ...rate, amount: "10.01" })).toEqual({
      subtotal: 59.97,
      shippingTotal: 10.01,
      taxTotal: 0,
      total: 69.98,
    });
    expect(orderFigures(cents, { ...rate, amount: "10.01" }, taxOf(PA, 5997, 1001))).toEqual({
      subtotal: 59.97,
      shippingTotal: 10.01,
      taxTotal: 4.2,
      total: 74.18,
    });
  });
});

describe("sales tax at the checkout", () => {
  const shipped = [line(item(7, { price: 95 }), 2)];
  const tables = [line(table(), 1)];
  const to = (country: string, state: string) => ({ country, state });

  it("waits for the address: a country, and in the US a state", () => {
    expect(checkoutTax(shipped, to("", ""), [PA], null)).toEqual({ kind: "unknown" });
    expect(checkoutTax(shipped, to("US", " "), [PA], null)).toEqual({ kind: "unknown" });
  });

  it("has no line where the studio collects nothing: another state, another country, or no state at all", () => {
    expect(checkoutTax(shipped, to("US", "NJ"), [PA], null)).toEqual({ kind: "none" });
    expect(checkoutTax(tables, to("CA", "ON"), [PA], null)).toEqual({ kind: "none" });
    expect(checkoutTax(tables, to("", ""), [], null)).toEqual({ kind: "none" });
    expect(checkoutTax(shipped, to("US", "NJ"), [PA], { ...rate, tax: 0 })).toEqual({ kind: "none" });
  });

  it("waits for the shipping when the rule taxes delivery and a carrier's rate is to be chosen", () => {
    expect(checkoutTax(shipped, to("US", "PA"), [PA], null)).toEqual({ kind: "pending", rule: PA });
    const goodsOnly = { ...PA, delivery: false };
    expect(checkoutTax(shipped, to("US", "PA"), [goodsOnly], null)).toEqual({
      kind: "known",
      tax: taxOf(goodsOnly, 19000, 0),
    });
  });

  it("taxes a specialized cart's goods from the state, named or coded", () => {
    for (const state of ["PA", "Pennsylvania"])
      expect(checkoutTax(tables, to("US", state), [PA], null)).toEqual({ kind: "known", tax: taxOf(PA, 1065000, 0) });
  });

  it("shows and pays the chosen rate's own tax, the server's figure", () => {
    expect(checkoutTax(shipped, to("US", "PA"), [PA], rate)).toEqual({
      kind: "known",
      tax: { rule: PA, base: 21350, tax: 1281 },
    });
    const theirs = checkoutTax(shipped, to("US", "PA"), [PA], { ...rate, tax: 13 });
    expect(taxInFigures(theirs).tax).toBe(1300);
    expect(taxInFigures({ kind: "pending", rule: PA })).toEqual(NO_TAX);
  });

  it("gives a deposit's balance its share of the tax, the two parts making the total with tax", () => {
    const rule = { percent: 25, minimum: 0 };
    const tax = taxInFigures(checkoutTax(tables, to("US", "PA"), [PA], null));
    const split = depositSplit(tables, null, rule, tax)!;
    const { total } = orderFigures(tables, null, tax);
    expect(total).toBe(11289);
    expect(Math.round((split.now + split.balance) * 100)).toBe(total * 100);
    // A quarter of $10,650 now with its $159.75 of tax; the rest, $7,987.50, later with its $479.25.
    expect(split).toEqual({ now: 2822.25, balance: 8466.75, percent: 25 });
    expect(depositSplit(tables, null, rule)!.now).toBe(2662.5);
  });
});

describe("an API error's field on the form", () => {
  it("maps the payload's names back to the form's", () => {
    expect(formFieldFor("region")).toBe("state");
    expect(formFieldFor("postal")).toBe("zip");
    expect(formFieldFor("account")).toBe("cardNumber");
    expect(formFieldFor("cvv2")).toBe("cvc");
    expect(formFieldFor("name")).toBe("nameOnCard");
    expect(formFieldFor("city")).toBe("city");
    expect(formFieldFor("expiry")).toBe("expiry");
  });

  it("names each form field as the payment request does, and back again", () => {
    expect(paymentWireField("state")).toBe("region");
    expect(paymentWireField("cardNumber")).toBe("account");
    expect(paymentWireField("email")).toBe("email");
    const fields = ["firstname", "lastname", "country", "address", "city", "state", "zip", "phone", "email"];
    for (const field of [...fields, "cardNumber", "expiry", "cvc", "nameOnCard"])
      expect(formFieldFor(paymentWireField(field)), field).toBe(field);
  });

  it("has no field for the rest", () => {
    for (const wire of ["shippingRateId", "products", "amount", "Idempotency-Key", "toString", undefined])
      expect(formFieldFor(wire)).toBeNull();
  });
});
