import { describe, expect, it } from "vitest";
import { changedFields, enquiryName } from "./labels.ts";

describe("the back office's labels", () => {
  it("says what an audit entry changed, and every field of a new record", () => {
    expect(changedFields({ price: 2400, title: "Slab" }, { price: 2150, title: "Slab" })).toEqual([
      "price: 2400 → 2150",
    ]);
    expect(changedFields(null, { status: "open" })).toEqual(["status: open"]);
    expect(changedFields({ carrier: null }, { carrier: "UPS" })).toEqual(["carrier: — → UPS"]);
    const long = changedFields({ d: "" }, { d: "x".repeat(200) })[0]!;
    expect(long.length).toBeLessThan(100);
    expect(long.endsWith("…")).toBe(true);
  });

  it("names an enquiry by its kind and sender", () => {
    expect(enquiryName({ kind: "custom", fields: { firstName: "Ada", lastName: "Byron" } })).toBe(
      "Commission from Ada Byron",
    );
    expect(enquiryName({ kind: "contact", fields: { email: "a@b.co" } })).toBe("Enquiry from a@b.co");
  });
});
