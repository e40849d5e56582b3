import { describe, expect, it } from "vitest";
import { contactHref } from "./detail.ts";
import { type EnquiryItem, enquiryPrefill, quoteHref, readEnquiryQuery, wishlistInterest } from "./enquiry-prefill.ts";

const query = (href: string) => readEnquiryQuery(new URL(href, "http://shop.test").searchParams);

const coffeeTable: EnquiryItem = {
  kind: "product",
  id: 21,
  title: "Spalted Maple Coffee Table",
  category: "Coffee Tables",
  material: null,
  salePending: false,
  image: { folder: "products", fileName: "21-1.jpg" },
  href: "/products/21",
};

describe("readEnquiryQuery", () => {
  it("reads what a detail page's link carries", () => {
    expect(query(contactHref({ item: "Elm Cookie", itemId: 6, kind: "slab", finish: null }))).toEqual({
      fromWishlist: false,
      kind: "slab",
      itemId: 6,
      item: "Elm Cookie",
      finish: null,
      enquiryType: null,
      table: null,
    });
  });
  it("ignores what it does not know and trims and bounds text", () => {
    expect(query(`/contact?kind=chair&itemId=-3&enquiryType=Chairs&item=${"  a ".repeat(100)}`)).toMatchObject({
      kind: null,
      itemId: null,
      enquiryType: null,
    });
    expect(query(`/contact?item=${"walnut ".repeat(40)}`).item?.length).toBe(120);
    expect(query("/contact?itemId=1e3").itemId).toBeNull();
    expect(query("/contact?from=wishlist&enquiryType=Additional+Services")).toMatchObject({
      fromWishlist: true,
      enquiryType: "Additional Services",
    });
  });
});

describe("enquiryPrefill", () => {
  it("starts a plain visit and a wish-list visit as General Inquiry, with no subject", () => {
    expect(enquiryPrefill(query("/contact"), null)).toEqual({
      fields: { enquiryType: "General Inquiry" },
      subject: null,
    });
    expect(enquiryPrefill(query("/contact?from=wishlist"), null).fields).toEqual({ enquiryType: "General Inquiry" });
  });
  it("keeps an explicit type, as the configurator and the services page send", () => {
    expect(enquiryPrefill(query("/contact?enquiryType=Dining+Table"), null).fields.enquiryType).toBe("Dining Table");
  });
  it("turns a product's 'Order this' into its kind of table, its finish and an interest line", () => {
    const href = contactHref({ item: coffeeTable.title, itemId: 21, kind: "product", finish: "Ceramic Coating" });
    const { fields, subject } = enquiryPrefill(query(href), coffeeTable);
    expect(fields).toEqual({
      enquiryType: "Coffee Table",
      color: "Ceramic Coating",
      interest: "Order: Spalted Maple Coffee Table (product #21), finish Ceramic Coating",
    });
    expect(subject).toMatchObject({ intent: "Order", title: coffeeTable.title, href: "/products/21" });
  });
  it("uses the category only of the item the address names", () => {
    const other = { ...coffeeTable, id: 22 };
    const href = contactHref({ item: "Walnut Bench", itemId: 21, kind: "product" });
    expect(enquiryPrefill(query(href), other).fields.enquiryType).toBe("General Inquiry");
    expect(enquiryPrefill(query(href), { ...coffeeTable, title: "Walnut Bench" }).fields.enquiryType).toBe(
      "Coffee Table",
    );
  });
  it("makes a slab a Custom Item, live edge when its title says so, and a sold one a request for similar", () => {
    const slab: EnquiryItem = {
      ...coffeeTable,
      kind: "slab",
      id: 3,
      title: "Claro Walnut Live Edge Slab #2003",
      category: null,
      salePending: true,
    };
    const href = contactHref({ item: slab.title, itemId: 3, kind: "slab" });
    expect(enquiryPrefill(query(href), slab)).toMatchObject({
      fields: {
        enquiryType: "Custom Item",
        edgeType: "Live edge",
        interest: "Similar to: Claro Walnut Live Edge Slab #2003 (slab #3)",
      },
      subject: { intent: "Similar to" },
    });
    expect(enquiryPrefill(query(href), { ...slab, salePending: false }).subject?.intent).toBe("Reserve");
  });
  it("gives a base's type from its material, and none when the material is unknown", () => {
    const href = contactHref({ item: "Trapezoid Steel Base", itemId: 1, kind: "base", finish: "Matte Black" });
    const base: EnquiryItem = { ...coffeeTable, kind: "base", id: 1, title: "Trapezoid Steel Base", material: "Steel" };
    expect(enquiryPrefill(query(href), base).fields).toEqual({
      enquiryType: "General Inquiry",
      baseType: "Metal base",
      color: "Matte Black",
      interest: "Reserve: Trapezoid Steel Base (base #1), finish Matte Black",
    });
    expect(enquiryPrefill(query(href), null).fields.baseType).toBeUndefined();
  });
  it("names an item the page could not find by the address's title alone", () => {
    expect(enquiryPrefill(query("/contact?kind=slab&item=Elm+Cookie"), null)).toMatchObject({
      fields: { enquiryType: "Custom Item", interest: "Reserve: Elm Cookie (slab)" },
      subject: { id: null, href: null, image: null },
    });
  });
});

describe("wishlistInterest", () => {
  it("lists the saved pieces with their kind and id", () => {
    expect(wishlistInterest([])).toBe("");
    expect(
      wishlistInterest([
        { kind: "slab", item: { id: 3, title: "Claro Walnut Slab" } },
        { kind: "base", item: { id: 1, title: "Trapezoid Steel Base" } },
      ]),
    ).toBe("Saved pieces: Claro Walnut Slab (slab #3); Trapezoid Steel Base (base #1)");
  });
  it("stops at twenty and says how many more", () => {
    const many = Array.from({ length: 23 }, (_, i) => ({ kind: "product" as const, item: { id: i, title: `P${i}` } }));
    expect(wishlistInterest(many).endsWith("P19 (product #19); and 3 more")).toBe(true);
  });
});

describe("a quote on a configured Divergence table", () => {
  it("starts the form as a dining table enquiry naming the choices and the link that reopens them", () => {
    const href = quoteHref(`Black Walnut, 72" x 40", square edge, Matte Black base`, "?species=3&size=12&edge=no");
    const query = readEnquiryQuery(new URL(href, "http://shop.test").searchParams);
    const { fields, subject } = enquiryPrefill(query, null);
    expect(subject).toBeNull();
    expect(fields.enquiryType).toBe("Dining Table");
    expect(fields.interest).toBe(
      `Quote on a Divergence table: Black Walnut, 72" x 40", square edge, Matte Black base (/divergence?species=3&size=12&edge=no)`,
    );
  });

  it("ignores a table link that is not the configurator's own query", () => {
    for (const table of ["?species=1&x=<script>", "https://evil.test/?species=1", `?species=${"9".repeat(80)}`, ""]) {
      const query = readEnquiryQuery(new URLSearchParams({ quote: "Walnut", table }));
      expect(query.table, table).toBeNull();
      expect(enquiryPrefill(query, null).fields.interest ?? "").not.toContain("Quote on");
    }
  });
});
