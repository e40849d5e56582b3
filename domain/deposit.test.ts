import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { depositCents, depositOf } from "./deposit.ts";
import { taxOf } from "./tax.ts";

const table = { total: 9000, madeToOrder: true };
const lamp = { total: 250, madeToOrder: false };

describe("deposit", () => {
  it("takes the studio's percentage of the made-to-order lines and the rest in full", () => {
    expect(depositOf([table], 0, { percent: 50, minimum: 500 })).toEqual({ now: 4500, balance: 4500, percent: 50 });
    expect(depositOf([table, lamp], 40, { percent: 30, minimum: 500 })).toEqual({
      now: 2700 + 250 + 40,
      balance: 6300,
      percent: 30,
    });
  });

  it("never asks less than the minimum, and offers none when the minimum is the whole", () => {
    expect(depositOf([{ total: 1000, madeToOrder: true }], 0, { percent: 10, minimum: 400 })).toEqual({
      now: 400,
      balance: 600,
      percent: 10,
    });
    expect(depositOf([{ total: 300, madeToOrder: true }], 0, { percent: 50, minimum: 500 })).toBeNull();
  });

  it("offers none without a made-to-order line, or with deposits off", () => {
    expect(depositOf([lamp], 20, { percent: 50, minimum: 0 })).toBeNull();
    expect(depositOf([table], 0, { percent: 0, minimum: 0 })).toBeNull();
    expect(depositOf([table], 0, { percent: 100, minimum: 0 })).toBeNull();
  });

  it("splits any order in cents exactly: now + balance is the total, the balance the rest of the built lines", () => {
    const line = fc.record({ cents: fc.integer({ min: 1, max: 2_000_000 }), madeToOrder: fc.boolean() });
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 50_000 }),
        fc.integer({ min: 1, max: 99 }),
        fc.integer({ min: 0, max: 500_000 }).map((c) => c / 100),
        (lines, shipping, percent, minimum) => {
          const split = depositCents(lines, shipping, { percent, minimum });
          const built = lines.reduce((s, l) => s + (l.madeToOrder ? l.cents : 0), 0);
          if (!split) return;
          const total = lines.reduce((s, l) => s + l.cents, 0) + shipping;
          expect(split.now + split.balance).toBe(total);
          expect(Number.isSafeInteger(split.now) && Number.isSafeInteger(split.balance)).toBe(true);
          expect(split.balance).toBeGreaterThan(0);
          expect(built - split.balance).toBeGreaterThanOrEqual(Math.round(minimum * 100));
          // The dollar version says the same, to the cent.
          const dollars = depositOf(
            lines.map((l) => ({ total: l.cents / 100, madeToOrder: l.madeToOrder })),
            shipping / 100,
            { percent, minimum },
          );
          expect(dollars).toEqual({ now: split.now / 100, balance: split.balance / 100, percent });
        },
      ),
    );
  });

  it("rounds the percentage to the nearest cent, half a cent up", () => {
    // 12.5 % of $0.20 is 2.5 cents: 3 cents now; 33 % of $1.01 is 33.33 cents: 33.
    expect(depositCents([{ cents: 20, madeToOrder: true }], 0, { percent: 12.5, minimum: 0 })).toEqual({
      now: 3,
      balance: 17,
      percent: 12.5,
      nowTax: 0,
      balanceTax: 0,
    });
    expect(depositCents([{ cents: 101, madeToOrder: true }], 7, { percent: 33, minimum: 0 })).toEqual({
      now: 33 + 7,
      balance: 68,
      percent: 33,
      nowTax: 0,
      balanceTax: 0,
    });
  });

  it("splits any order exactly into what is paid now and later, both in cents", () => {
    const line = fc.record({
      total: fc.integer({ min: 1, max: 2_000_000 }).map((c) => c / 100),
      madeToOrder: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 50_000 }).map((c) => c / 100),
        fc.integer({ min: 1, max: 99 }),
        fc.integer({ min: 0, max: 5000 }),
        (lines, shipping, percent, minimum) => {
          const split = depositOf(lines, shipping, { percent, minimum });
          if (!split) return;
          const total = lines.reduce((s, l) => s + l.total, 0) + shipping;
          expect(Math.abs(split.now + split.balance - total)).toBeLessThan(0.005);
          expect(split.balance).toBeGreaterThan(0);
          expect(split.now).toBeGreaterThan(0);
          expect(Math.round(split.now * 100)).toBeCloseTo(split.now * 100, 6);
        },
      ),
    );
  });

  it("carries the tax: the balance takes its share and now + balance is the total with tax", () => {
    const pa = { state: "PA", rate: 6, delivery: true };
    // $9,000 table, $40 delivery: tax $542.40; the $4,500 balance carries 6 % of it, $270.
    const tax = taxOf(pa, 900_000, 4_000);
    expect(tax.tax).toBe(54_240);
    expect(depositCents([{ cents: 900_000, madeToOrder: true }], 4_000, { percent: 50, minimum: 500 }, tax)).toEqual({
      now: 450_000 + 4_000 + 27_240,
      balance: 450_000 + 27_000,
      percent: 50,
      nowTax: 27_240,
      balanceTax: 27_000,
    });
    fc.assert(
      fc.property(
        fc.array(fc.record({ cents: fc.integer({ min: 1, max: 2_000_000 }), madeToOrder: fc.boolean() }), {
          minLength: 1,
          maxLength: 6,
        }),
        fc.integer({ min: 0, max: 50_000 }),
        fc.integer({ min: 1, max: 99 }),
        fc.integer({ min: 1, max: 20_000 }).map((r) => r / 1000),
        fc.boolean(),
        (lines, shipping, percent, rate, delivery) => {
          const goods = lines.reduce((s, l) => s + l.cents, 0);
          const tax = taxOf({ state: "PA", rate, delivery }, goods, shipping);
          const split = depositCents(lines, shipping, { percent, minimum: 0 }, tax);
          if (!split) return;
          expect(split.now + split.balance).toBe(goods + shipping + tax.tax);
          expect(split.nowTax + split.balanceTax).toBe(tax.tax);
          expect(split.balanceTax).toBeGreaterThanOrEqual(0);
          expect(split.nowTax).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});
