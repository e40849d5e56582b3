import { describe, expect, it } from "vitest";
import {
  cardBrand,
  cvcLength,
  expiryHasPassed,
  expiryToMMYY,
  formatCardNumber,
  formatExpiry,
  luhnValid,
  maskCardNumber,
} from "./cards.ts";

describe("cardBrand", () => {
  it.each([
    ["4111111111111111", "visa"],
    ["5454545454545454", "mastercard"],
    ["5105105105105100", "mastercard"],
    ["2221000000000009", "mastercard"],
    ["2720990000000000", "mastercard"],
    ["371449635398431", "amex"],
    ["341111111111111", "amex"],
    ["6011000995500000", "discover"],
    ["6500000000000002", "discover"],
    ["6440000000000000", "discover"],
    ["36259600000004", "diners"],
    ["38520000023237", "diners"],
    ["30569309025904", "diners"],
    ["4111 1111 1111 1111", "visa"],
  ])("%s is %s", (number, brand) => {
    expect(cardBrand(number)).toBe(brand);
  });

  it.each([
    "2220990000000000",
    "2721000000000000",
    "5600000000000000",
    "306000000000000",
    "6012000000000000",
    "6430000000000000",
    "9418594164541111",
    "",
  ])("%s is unknown", (number) => {
    expect(cardBrand(number)).toBe("unknown");
  });
});

describe("luhnValid", () => {
  it("accepts the test system's approved cards and its special test cards", () => {
    for (const n of [
      "4111111111111111",
      "5454545454545454",
      "371449635398431",
      "6011000995500000",
      "4387751111111038",
      "4387751111111046",
      "4387751111111053",
      "4999006200620062",
    ])
      expect(luhnValid(n), n).toBe(true);
  });

  it("refuses a wrong check digit, non-digits and odd lengths", () => {
    expect(luhnValid("4111111111111112")).toBe(false);
    expect(luhnValid("4111 1111 1111 1111")).toBe(false);
    expect(luhnValid("41111111111")).toBe(false);
    expect(luhnValid("41111111111111111111")).toBe(false);
    expect(luhnValid("")).toBe(false);
  });
});

describe("formatCardNumber", () => {
  it("groups by brand and drops what is not a digit", () => {
    expect(formatCardNumber("4111111111111111")).toBe("4111 1111 1111 1111");
    expect(formatCardNumber("3714-496353-98431")).toBe("3714 496353 98431");
    expect(formatCardNumber("36259600000004")).toBe("3625 960000 0004");
    expect(formatCardNumber("41111")).toBe("4111 1");
    expect(formatCardNumber("")).toBe("");
  });

  it("stops at the brand's length", () => {
    expect(formatCardNumber("3714496353984319999")).toBe("3714 496353 98431");
    expect(formatCardNumber("54545454545454549")).toBe("5454 5454 5454 5454");
  });
});

describe("cvcLength", () => {
  it("is four for Amex and three otherwise", () => {
    expect(cvcLength("amex")).toBe(4);
    expect(cvcLength("visa")).toBe(3);
    expect(cvcLength("unknown")).toBe(3);
  });
});

describe("formatExpiry", () => {
  it.each([
    ["", ""],
    ["1", "1"],
    ["4", "04"],
    ["12", "12"],
    ["123", "12/3"],
    ["0427", "04/27"],
    ["04/27", "04/27"],
    ["4/27", "04/27"],
    ["4/2027", "04/27"],
    ["04 / 2031", "04/31"],
    ["042799", "04/27"],
  ])("%j → %j", (input, out) => {
    expect(formatExpiry(input)).toBe(out);
  });
});

describe("expiry checks", () => {
  it("converts to MMYY and refuses impossible months", () => {
    expect(expiryToMMYY("04/27")).toBe("0427");
    expect(expiryToMMYY("13/27")).toBeNull();
    expect(expiryToMMYY("00/27")).toBeNull();
    expect(expiryToMMYY("4/27")).toBeNull();
  });

  it("keeps a card good through the last day of its month", () => {
    expect(expiryHasPassed("0427", new Date("2027-04-30T23:59:59Z"))).toBe(false);
    expect(expiryHasPassed("0427", new Date("2027-05-01T00:00:00Z"))).toBe(true);
    expect(expiryHasPassed("1227", new Date("2027-12-31T12:00:00Z"))).toBe(false);
    expect(expiryHasPassed("1227", new Date("2028-01-01T00:00:00Z"))).toBe(true);
  });
});

describe("maskCardNumber", () => {
  it("keeps the first two and last four digits", () => {
    expect(maskCardNumber("4111111111111111")).toBe("41XXXXXXXXXX1111");
    expect(maskCardNumber("371449635398431")).toBe("37XXXXXXXXX8431");
    expect(maskCardNumber("41XXXXXXXXXX1111")).toBe("41XXXXXXXXXX1111");
    expect(maskCardNumber("1234")).toBe("XXXX");
  });
});
