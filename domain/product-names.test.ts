import { describe, expect, it } from "vitest";
import { fullName, productPath, variantName, withFullNames } from "./product-names.ts";

describe("product names", () => {
  const parent = { id: 46, title: "Walnut Bar Stool", productId: null };
  const variant = { id: 47, title: 'Counter height, 24"', productId: 46 };

  it("names a variant after its parent", () => {
    expect(variantName("Conestoga Live Edge Dining Table", '96" x 42"')).toBe(
      'Conestoga Live Edge Dining Table — 96" x 42"',
    );
    expect(withFullNames([parent, variant]).map((p) => p.title)).toEqual([
      "Walnut Bar Stool",
      'Walnut Bar Stool — Counter height, 24"',
    ]);
  });

  it("never names a variant twice, and leaves parents and orphans as they are", () => {
    const named = withFullNames([parent, variant])[1]!;
    expect(fullName(named, () => parent.title)).toBe(named.title);
    expect(fullName(parent, () => "x")).toBe(parent.title);
    expect(fullName({ id: 9, title: "Orphan", productId: 999 }, () => undefined)).toBe("Orphan");
  });

  it("links the Divergence entry to the configurator, a variant under its parent, a product with its title", () => {
    expect(productPath({ id: 12, title: "Divergence Dining Table", type: "Divergence" })).toBe("/divergence");
    expect(productPath(variant)).toBe("/products/46/47?title=Counter%20height%2C%2024%22");
    expect(productPath(parent)).toBe("/products/46?title=Walnut%20Bar%20Stool");
  });
});
