import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chargeTaxOf, isTaxRate, stateCode, taxOf, taxRuleFor, taxShare } from "./tax.ts";

const PA = { state: "PA", rate: 6, delivery: true };
const NJ = { state: "NJ", rate: 6.625, delivery: false };

describe("sales tax", () => {
  it("applies the rule of the state delivered to, by code or name, in the US only", () => {
    expect(taxRuleFor([PA, NJ], { country: "US", region: "pa" })).toBe(PA);
    expect(taxRuleFor([PA, NJ], { country: "us", region: " New  Jersey " })).toBe(NJ);
    expect(taxRuleFor([PA], { country: "US", region: "NJ" })).toBeNull();
    expect(taxRuleFor([PA], { country: "CA", region: "PA" })).toBeNull();
    expect(taxRuleFor([], { country: "US", region: "PA" })).toBeNull();
    expect(stateCode("Pennsylvania")).toBe("PA");
    expect(stateCode("Ontario")).toBeNull();
  });

  it("taxes the goods, and delivery when the rule says so, to the nearest cent of the whole", () => {
    // NJ 38 lb by the rate table: $33.54; a $1,250 piece.
    expect(taxOf(PA, 125_000, 3_354)).toEqual({ rule: PA, base: 128_354, tax: 7_701 });
    expect(taxOf(NJ, 125_000, 3_354)).toEqual({ rule: NJ, base: 125_000, tax: 8_281 });
    expect(taxOf(null, 125_000, 3_354).tax).toBe(0);
    expect(chargeTaxOf(PA, 15_000)).toBe(900);
    expect(chargeTaxOf(NJ, 15_000)).toBe(0);
    expect(chargeTaxOf(null, 15_000)).toBe(0);
  });

  it("takes rates above 0 and up to 20 %, with at most three decimals", () => {
    expect([6, 6.625, 20, 0.001].every(isTaxRate)).toBe(true);
    expect([0, -1, 20.5, 6.0001, Number.NaN].some(isTaxRate)).toBe(false);
  });

  it("gives any part of the base its share of the tax, within a cent of the exact proportion", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 20_000 }).map((r) => r / 1000),
        (base, partOf, rate) => {
          const tax = taxOf({ state: "PA", rate, delivery: false }, base, 0);
          const part = partOf % (base + 1);
          const share = taxShare(tax, part);
          expect(share).toBeGreaterThanOrEqual(0);
          expect(share).toBeLessThanOrEqual(tax.tax);
          // |share − tax × part / base| ≤ 1 cent, in integers.
          expect(Math.abs(share * base - tax.tax * part)).toBeLessThanOrEqual(base);
          expect(taxShare(tax, base)).toBe(tax.tax);
          expect(taxShare(tax, 0)).toBe(0);
          if (part < base) expect(taxShare(tax, part + 1)).toBeGreaterThanOrEqual(share);
        },
      ),
    );
  });
});
