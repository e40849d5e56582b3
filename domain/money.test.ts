import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decimalText, formatCents, isCents, parseDollars, sumCents, toCents, toDollars } from "./money.ts";
import { allocate, percentOf } from "./money-shares.ts";

const amount = fc.integer({ min: 0, max: 99_999_999_99 });

describe("domain/money", () => {
  it("takes a two-decimal dollar figure to exact cents, and back", () => {
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(3 * 19.99)).toBe(5997);
    fc.assert(fc.property(amount, (c) => toCents(toDollars(c)) === c));
    expect(() => toCents(Number.NaN)).toThrow();
  });

  it("writes cents as decimal text without floats", () => {
    expect(decimalText(123450)).toBe("1234.50");
    expect(decimalText(5)).toBe("0.05");
    expect(decimalText(-5)).toBe("-0.05");
    fc.assert(fc.property(amount, (c) => parseDollars(decimalText(c)) === c));
  });

  it("reads what a person types, and refuses what is not money", () => {
    expect(parseDollars("3,400")).toBe(340000);
    expect(parseDollars("$3,400.50")).toBe(340050);
    expect(parseDollars(" 1250.5 ")).toBe(125050);
    expect(parseDollars("0")).toBe(0);
    for (const bad of ["", "abc", "1.234", "34,00", "1,2345", "-5", "1e3", "12.", ".5", "$"])
      expect(parseDollars(bad), bad).toBeNull();
  });

  it("shows whole dollars without cents and any cents with both digits", () => {
    expect(formatCents(340000)).toBe("$3,400");
    expect(formatCents(340050)).toBe("$3,400.50");
    expect(formatCents(5)).toBe("$0.05");
  });

  it("takes a percentage to the nearest cent, half a cent up", () => {
    expect(percentOf(1000, 6)).toBe(60);
    expect(percentOf(1999, 6)).toBe(120); // 119.94
    expect(percentOf(25, 50)).toBe(13); // 12.5
    expect(percentOf(-25, 50)).toBe(-13);
    expect(percentOf(100_000, 6.625)).toBe(6625);
    fc.assert(
      fc.property(amount, fc.integer({ min: 0, max: 100 }), (c, p) => {
        const r = percentOf(c, p);
        return isCents(r) && Math.abs(r * 100 - c * p) <= 50;
      }),
    );
  });

  it("splits an amount in proportion, whole cents that add up exactly", () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(-100, [1, 1, 1])).toEqual([-34, -33, -33]);
    expect(allocate(7, [0, 5, 0])).toEqual([0, 7, 0]);
    expect(allocate(50, [0, 0])).toEqual([0, 0]);
    fc.assert(
      fc.property(
        amount,
        fc.array(fc.integer({ min: 0, max: 99_999_999_99 }), { minLength: 1, maxLength: 8 }),
        (t, ws) => {
          const parts = allocate(t, ws);
          const sum = sumCents(ws);
          if (sum === 0) return parts.every((p) => p === 0);
          return (
            sumCents(parts) === t &&
            parts.every(
              (p, i) => isCents(p) && p >= 0 && (ws[i] === 0 ? p === 0 : Math.abs(p - (t * ws[i]!) / sum) < 1),
            )
          );
        },
      ),
    );
  });
});
