import { describe, expect, it } from "vitest";
import { quoteMoney } from "./quote-money.ts";

const PA = { state: "PA", rate: 6, delivery: true };

describe("a quote's money", () => {
  it("charges its deposit with its share of the tax, the balance carrying the rest", () => {
    const q = quoteMoney(900_000, 40, PA);
    expect(q.tax.tax).toBe(54_000);
    expect(q.total).toBe(954_000);
    expect(q.now).toBe(381_600);
    expect(q.nowTax).toBe(21_600);
    expect(q.balance).toBe(572_400);
    expect(q.now + q.balance).toBe(q.total);
  });

  it("charges no tax where the studio collects none", () => {
    const q = quoteMoney(900_000, 40, null);
    expect(q).toMatchObject({ total: 900_000, now: 360_000, nowTax: 0, balance: 540_000 });
  });

  it("charges the whole, tax and all, at a 100 % deposit", () => {
    const q = quoteMoney(123_457, 100, { state: "NJ", rate: 6.625, delivery: false });
    expect(q.tax.tax).toBe(8179);
    expect(q).toMatchObject({ total: 131_636, now: 131_636, nowTax: 8179, balance: 0 });
  });

  it("splits the tax to the cent: now and later always add up to the total", () => {
    for (const goods of [1, 99, 10_001, 333_333, 4_999_999])
      for (const percent of [10, 33, 50, 99]) {
        const q = quoteMoney(goods, percent, { state: "NJ", rate: 6.625, delivery: false });
        expect(q.now + q.balance).toBe(q.total);
        expect(q.nowTax).toBeLessThanOrEqual(q.tax.tax);
      }
  });
});
