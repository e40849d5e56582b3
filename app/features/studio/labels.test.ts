import { describe, expect, it } from "vitest";
import { enquiryName } from "./labels.ts";

describe("the back office's labels", () => {
  it("names an enquiry by its kind and sender", () => {
    expect(enquiryName({ kind: "custom", fields: { firstName: "Ada", lastName: "Byron" } })).toBe(
      "Commission from Ada Byron",
    );
    expect(enquiryName({ kind: "contact", fields: { email: "a@b.co" } })).toBe("Enquiry from a@b.co");
  });
});
