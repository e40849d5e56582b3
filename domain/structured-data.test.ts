import { describe, expect, it } from "vitest";
import type { Studio } from "./catalog-types.ts";
import { breadcrumbJsonLd, parseDays, parseHours, productJsonLd, storeJsonLd } from "./structured-data.ts";
import { richResultProblems } from "./structured-data-check.ts";

const studio = {
  name: "Hay Creek Woodworks",
  phone: "(610) 555-0142",
  email: "studio@example.com",
  address: { street: "1187 Hay Creek Road", city: "Birdsboro", state: "PA", zip: "19508", country: "US" },
  hours: [
    { days: "Mon", hours: "10-6" },
    { days: "Tue and Wed", hours: "10-4" },
    { days: "Sun", hours: "closed" },
  ],
  socials: [{ name: "Instagram", url: "https://instagram.com/x" }],
} as unknown as Studio;

describe("opening hours", () => {
  it("reads the studio's day names and ranges", () => {
    expect(parseDays("Mon")).toEqual(["Monday"]);
    expect(parseDays("Tue and Wed")).toEqual(["Tuesday", "Wednesday"]);
    expect(parseDays("Mon to Fri")).toEqual(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]);
    expect(parseDays("Someday")).toEqual([]);
  });
  it("reads closing hours as afternoon, and closed as no hours", () => {
    expect(parseHours("10-6")).toEqual({ opens: "10:00", closes: "18:00" });
    expect(parseHours("9:30-5:30")).toEqual({ opens: "09:30", closes: "17:30" });
    expect(parseHours("8-20")).toEqual({ opens: "08:00", closes: "20:00" });
    expect(parseHours("closed")).toBeNull();
  });
});

describe("JSON-LD", () => {
  it("describes the studio as a FurnitureStore with address, phone and hours", () => {
    const ld = storeJsonLd(studio, "https://shop.example.com");
    expect(richResultProblems(ld)).toEqual([]);
    expect(ld).toMatchObject({
      "@type": "FurnitureStore",
      address: { addressLocality: "Birdsboro", postalCode: "19508" },
      openingHoursSpecification: [
        { dayOfWeek: ["Monday"], opens: "10:00", closes: "18:00" },
        { dayOfWeek: ["Tuesday", "Wednesday"], opens: "10:00", closes: "16:00" },
      ],
    });
  });

  const piece = {
    name: "Millrace Trestle Table",
    description: "Oak",
    url: "https://shop.example.com/products/6",
    images: ["https://shop.example.com/i.webp"],
    sku: "HC-6",
    price: 9600,
    salePrice: null,
    stock: 2,
    brand: "Hay Creek Woodworks",
  };
  it("offers a piece at its sale price, in USD, with its availability", () => {
    expect(richResultProblems(productJsonLd(piece))).toEqual([]);
    expect(productJsonLd({ ...piece, salePrice: 8400.5 })).toMatchObject({
      offers: { price: "8400.50", priceCurrency: "USD", availability: "https://schema.org/InStock" },
    });
    expect(productJsonLd({ ...piece, stock: 0 }).offers).toMatchObject({
      availability: "https://schema.org/MadeToOrder",
    });
    expect(productJsonLd({ ...piece, stock: null, salePending: true }).offers).toMatchObject({
      availability: "https://schema.org/SoldOut",
    });
  });

  it("numbers the breadcrumb from 1", () => {
    const ld = breadcrumbJsonLd([
      { name: "Home", url: "https://s/" },
      { name: "Shop", url: "https://s/shop" },
    ]);
    expect(richResultProblems(ld)).toEqual([]);
    expect(ld.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: "https://s/" },
      { "@type": "ListItem", position: 2, name: "Shop", item: "https://s/shop" },
    ]);
  });

  it("reports what a rich result would miss", () => {
    expect(richResultProblems({ "@type": "Product", name: "x" })).toEqual(["Product: image", "Product: offers"]);
    expect(richResultProblems({ "@type": "Product", name: "x", image: ["i"], offers: { "@type": "Offer" } })).toEqual([
      "Offer: price",
      "Offer: priceCurrency",
      "Offer: availability",
    ]);
  });
});
