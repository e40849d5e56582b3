import { describe, expect, it } from "vitest";
import { foldForSearch, phoneDigits, slugify } from "./text.ts";

describe("foldForSearch", () => {
  it("lowercases, strips accents and collapses whitespace", () => {
    expect(foldForSearch("  Érable   ÉCRU\tTable ")).toBe("erable ecru table");
  });
});

describe("slugify", () => {
  it("keeps lowercase letters, digits and single hyphens", () => {
    expect(slugify("  Élise  O'Hara -- 2nd ")).toBe("elise-o-hara-2nd");
  });
  it("returns an empty slug for punctuation only", () => {
    expect(slugify("!!!")).toBe("");
  });
});

describe("phoneDigits", () => {
  it("strips everything but digits", () => {
    expect(phoneDigits("(610) 555-0142")).toBe("6105550142");
  });
});
