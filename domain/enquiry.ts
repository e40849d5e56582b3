/**
 * The contact and custom-design forms' rules (docs/product.md §3, §5, §9), shared by the forms and the
 * API so both say the same thing.
 */

import { EMAIL, EMAIL_MESSAGE } from "./email.ts";

export const ENQUIRY_TYPES = [
  "General Inquiry",
  "Dining Table",
  "Coffee Table",
  "Custom Item",
  "Additional Services",
] as const;
export type EnquiryType = (typeof ENQUIRY_TYPES)[number];
export const CONTACT_METHODS = ["Email", "Phone"] as const;
export const BASE_TYPES = ["Metal base", "Wood base"] as const;
export const EDGE_TYPES = ["Live edge", "Straight edge"] as const;

export const MAX_CONTACT_IMAGES = 3;
export const MAX_CUSTOM_IMAGES = 5;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** The details label asks for 30 characters; like the original, the form does not insist. */
export const DETAILS_HINT_LENGTH = 30;

export const CONTACT_FIELDS = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "contactMethod",
  "enquiryType",
  "interest",
  "details",
  "color",
  "seats",
  "budget",
  "baseType",
  "edgeType",
  "honeyPot",
] as const;
export type ContactFields = Record<(typeof CONTACT_FIELDS)[number], string>;

export const CUSTOM_FIELDS = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "location",
  "type",
  "species",
  "budget",
] as const;
export type CustomFields = Record<(typeof CUSTOM_FIELDS)[number], string>;

export const ENQUIRY_MESSAGES = {
  firstName: "Please provide a first name.",
  lastName: "Please provide a last name.",
  email: EMAIL_MESSAGE,
  phone: "Please provide a phone number.",
  contactMethod: "Please choose Email or Phone.",
  enquiryType: "Please choose an enquiry type.",
  details: "Please tell us about your project.",
  baseType: "Please choose a base type.",
  edgeType: "Please choose an edge type.",
  location: "Please provide your location.",
  type: "Please describe the piece you would like made.",
  species: "Please provide a wood species.",
  budget: "Please provide a budget.",
  images: "Please add at least one photo.",
  tooManyContact: `Please choose up to ${MAX_CONTACT_IMAGES} photos.`,
  tooManyCustom: `Please choose between 1 and ${MAX_CUSTOM_IMAGES} photos.`,
} as const;

const blank = (v: string | undefined) => !v || v.trim() === "";

export type FormErrors = Record<string, string>;

/** Table enquiries need the base and edge; a custom item needs the edge and a photo (docs/product.md §5). */
export function validateContact(f: Partial<ContactFields>, imageCount: number): FormErrors {
  const e: FormErrors = {};
  if (blank(f.firstName)) e.firstName = ENQUIRY_MESSAGES.firstName;
  if (blank(f.lastName)) e.lastName = ENQUIRY_MESSAGES.lastName;
  if (!EMAIL.test((f.email ?? "").trim())) e.email = ENQUIRY_MESSAGES.email;
  if (!ENQUIRY_TYPES.includes(f.enquiryType as EnquiryType)) e.enquiryType = ENQUIRY_MESSAGES.enquiryType;
  if (!blank(f.contactMethod) && !CONTACT_METHODS.includes(f.contactMethod as "Email"))
    e.contactMethod = ENQUIRY_MESSAGES.contactMethod;
  if (blank(f.details)) e.details = ENQUIRY_MESSAGES.details;
  const type = f.enquiryType;
  if (type === "Dining Table" || type === "Coffee Table") {
    if (!BASE_TYPES.includes(f.baseType as "Metal base")) e.baseType = ENQUIRY_MESSAGES.baseType;
    if (!EDGE_TYPES.includes(f.edgeType as "Live edge")) e.edgeType = ENQUIRY_MESSAGES.edgeType;
  }
  if (type === "Custom Item") {
    if (!EDGE_TYPES.includes(f.edgeType as "Live edge")) e.edgeType = ENQUIRY_MESSAGES.edgeType;
    if (imageCount === 0) e.images = ENQUIRY_MESSAGES.images;
  }
  if (imageCount > MAX_CONTACT_IMAGES) e.images = ENQUIRY_MESSAGES.tooManyContact;
  return e;
}

/** Every custom-design field is required, with 1 to 5 photos (docs/product.md §5). */
export function validateCustom(f: Partial<CustomFields>, imageCount: number): FormErrors {
  const e: FormErrors = {};
  for (const key of CUSTOM_FIELDS) {
    if (key === "email") continue;
    if (blank(f[key])) e[key] = ENQUIRY_MESSAGES[key];
  }
  if (!EMAIL.test((f.email ?? "").trim())) e.email = ENQUIRY_MESSAGES.email;
  if (imageCount < 1 || imageCount > MAX_CUSTOM_IMAGES) e.images = ENQUIRY_MESSAGES.tooManyCustom;
  return e;
}

/** 'N image(s) selected. Thank you!' (docs/product.md §5). */
export const imagesSelectedText = (n: number): string => `${n} image(s) selected. Thank you!`;

/** Where an enquiry started: the wish list, a product, a slab or a base (docs/product.md §5). */
export type EnquirySource =
  | { from: "wishlist" }
  | { from: "product"; title: string; category?: string }
  | { from: "slab"; title: string }
  | { from: "base"; title: string; material: string }
  | { from: "none" };

const METALS = /\b(steel|bronze|brass|iron|alumin(i)?um|copper|zinc|nickel|titanium|metal)\b/i;
const WOODS = /\b(wood|oak|walnut|maple|cherry|ash|elm|sycamore|pine|hickory)\b/i;

/** A base's type from its material: any metal gives 'Metal base', wood 'Wood base', anything else none. */
export function baseTypeOf(material: string): "Metal base" | "Wood base" | undefined {
  if (METALS.test(material)) return "Metal base";
  if (WOODS.test(material)) return "Wood base";
  return undefined;
}

/**
 * The form's prefills: General Inquiry from the wish list; Custom Item for a slab; for a
 * product its kind of piece (Dining Table or Coffee Table, from its title or category); Dining
 * Table or Coffee Table when a base's title says so; otherwise General Inquiry. Live edge when the title mentions it; the base type from a base's
 * material (baseTypeOf).
 */
export function enquiryDefaults(source: EnquirySource): Partial<ContactFields> {
  if (source.from === "wishlist" || source.from === "none") return { enquiryType: "General Inquiry" };
  const title = source.title.toLowerCase();
  // A product's type is its kind of piece: its category, or failing that its title, says which.
  const kind = `${title} ${source.from === "product" ? (source.category ?? "").toLowerCase() : ""}`;
  const byTitle: EnquiryType | null = /dining/.test(kind)
    ? "Dining Table"
    : /coffee/.test(kind)
      ? "Coffee Table"
      : null;
  const out: Partial<ContactFields> = {};
  out.enquiryType = source.from === "slab" ? "Custom Item" : (byTitle ?? "General Inquiry");
  if (/live[\s-]?edge/.test(title)) out.edgeType = "Live edge";
  if (source.from === "base") {
    const baseType = baseTypeOf(source.material);
    if (baseType) out.baseType = baseType;
  }
  return out;
}
