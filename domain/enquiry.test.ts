import { describe, expect, it } from "vitest";
import {
  baseTypeOf,
  ENQUIRY_MESSAGES,
  enquiryDefaults,
  imagesSelectedText,
  validateContact,
  validateCustom,
} from "./enquiry.ts";

const contact = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  enquiryType: "General Inquiry",
  details: "A walnut desk for a small study.",
};
const custom = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  phone: "717 555 0100",
  location: "Lancaster, PA",
  type: "A bench for the hall",
  species: "White Oak",
  budget: "$3,000",
};

describe("the contact form", () => {
  it("accepts a general enquiry with no photos, phone or contact method", () => {
    expect(validateContact(contact, 0)).toEqual({});
  });
  it("requires names, a valid e-mail, the enquiry type and details", () => {
    expect(
      validateContact({ ...contact, firstName: " ", email: "ada@", enquiryType: "Chairs", details: "" }, 0),
    ).toEqual({
      firstName: ENQUIRY_MESSAGES.firstName,
      email: ENQUIRY_MESSAGES.email,
      enquiryType: ENQUIRY_MESSAGES.enquiryType,
      details: ENQUIRY_MESSAGES.details,
    });
  });
  it("requires base and edge for table enquiries", () => {
    for (const enquiryType of ["Dining Table", "Coffee Table"]) {
      expect(Object.keys(validateContact({ ...contact, enquiryType }, 0)).sort()).toEqual(["baseType", "edgeType"]);
      expect(validateContact({ ...contact, enquiryType, baseType: "Metal base", edgeType: "Live edge" }, 0)).toEqual(
        {},
      );
    }
  });
  it("requires the edge and a photo for a custom item", () => {
    expect(Object.keys(validateContact({ ...contact, enquiryType: "Custom Item" }, 0)).sort()).toEqual([
      "edgeType",
      "images",
    ]);
    expect(validateContact({ ...contact, enquiryType: "Custom Item", edgeType: "Straight edge" }, 1)).toEqual({});
  });
  it("takes at most three photos and only Email or Phone as contact method", () => {
    expect(validateContact(contact, 4)).toEqual({ images: ENQUIRY_MESSAGES.tooManyContact });
    expect(validateContact({ ...contact, contactMethod: "Fax" }, 0)).toEqual({
      contactMethod: ENQUIRY_MESSAGES.contactMethod,
    });
  });
});

describe("the custom-design form", () => {
  it("requires every field and 1 to 5 photos", () => {
    expect(validateCustom(custom, 1)).toEqual({});
    expect(validateCustom(custom, 5)).toEqual({});
    expect(validateCustom(custom, 0)).toEqual({ images: ENQUIRY_MESSAGES.tooManyCustom });
    expect(validateCustom(custom, 6)).toEqual({ images: ENQUIRY_MESSAGES.tooManyCustom });
    expect(Object.keys(validateCustom({ ...custom, location: "", species: " ", email: "x" }, 2)).sort()).toEqual([
      "email",
      "location",
      "species",
    ]);
  });
});

describe("prefills", () => {
  it("starts from General Inquiry for the wish list and Custom Item for a slab", () => {
    expect(enquiryDefaults({ from: "wishlist" })).toEqual({ enquiryType: "General Inquiry" });
    expect(enquiryDefaults({ from: "slab", title: "Claro Walnut Live Edge Slab #2003" })).toEqual({
      enquiryType: "Custom Item",
      edgeType: "Live edge",
    });
  });
  it("reads a table kind from a product's title or category", () => {
    expect(
      enquiryDefaults({ from: "product", title: "Millrace Trestle Table", category: "Dining Tables" }).enquiryType,
    ).toBe("Dining Table");
    expect(enquiryDefaults({ from: "product", title: "Walnut Coffee Table" }).enquiryType).toBe("Coffee Table");
    expect(enquiryDefaults({ from: "product", title: "Cutting Board", category: "Small Goods" }).enquiryType).toBe(
      "General Inquiry",
    );
  });
  it("takes the base type from a base's material", () => {
    expect(enquiryDefaults({ from: "base", title: "Trestle Base", material: "Steel" }).baseType).toBe("Metal base");
    expect(enquiryDefaults({ from: "base", title: "Pedestal Base", material: "Wood" }).baseType).toBe("Wood base");
  });
  it("counts selected photos in the spec's words", () => {
    expect(imagesSelectedText(2)).toBe("2 image(s) selected. Thank you!");
  });
});

describe("a base's type from its material", () => {
  it.each([
    ["Steel", "Metal base"],
    ["Bronze", "Metal base"],
    ["Brass", "Metal base"],
    ["Cast iron", "Metal base"],
    ["Aluminium", "Metal base"],
    ["Aluminum", "Metal base"],
    ["Wood", "Wood base"],
    ["White oak", "Wood base"],
    ["Other", undefined],
  ])("%s gives %s", (material, expected) => {
    expect(baseTypeOf(material)).toBe(expected);
  });

  it("pre-fills a bronze base's enquiry as a metal base", () => {
    expect(enquiryDefaults({ from: "base", title: "Bronze Pedestal", material: "Bronze" }).baseType).toBe("Metal base");
  });
});
