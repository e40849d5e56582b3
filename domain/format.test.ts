import { describe, expect, it } from "vitest";
import { formatLongDate, formatLongDay, formatPrice } from "./format.ts";

describe("formatPrice", () => {
  it("shows whole US dollars with separators", () => {
    expect(formatPrice(12800)).toBe("$12,800");
    expect(formatPrice(0)).toBe("$0");
  });

  it("shows the cents of an amount that has them", () => {
    expect(formatPrice(59.97)).toBe("$59.97");
    expect(formatPrice(85.4)).toBe("$85.40");
    expect(formatPrice(1234.5)).toBe("$1,234.50");
  });
});

describe("formatLongDate", () => {
  it("shows a long weekday, short month, day and year in en-US", () => {
    expect(formatLongDate("2026-03-14T00:00:00.000Z")).toBe("Saturday, Mar 14, 2026");
  });
});

describe("formatLongDay", () => {
  it("writes a calendar day as that day, not the day before or after", () => {
    expect(formatLongDay("2026-12-27")).toBe("Sunday, Dec 27, 2026");
    expect(formatLongDay("2027-01-01")).toBe("Friday, Jan 1, 2027");
  });
});
