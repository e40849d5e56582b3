/**
 * The fields the back office edits for each kind of catalog item (docs/product.md §3), once: the
 * server reads posted forms by them (server/studio/fields.ts) and the pages draw their forms by
 * them (app/features/studio/item-form.tsx). The content's collections use the same specs
 * (domain/content-fields.ts).
 */

import { SLAB_SIZE_GROUPS } from "./listing.ts";

export type FieldSpec = {
  name: string;
  label: string;
  /** text: one line; longtext: plain paragraphs; html: kept as HTML (sanitised when shown);
   * money: dollars and cents; inches and pounds: a measure; count: a whole number (within
   * `range`); choice: one of `options`; flag: a tick box; date: a day (YYYY-MM-DD); link: a path
   * on this site or an https address; videos: YouTube links, one a line; qa: questions and
   * their answers (HTML). */
  type:
    | "text"
    | "longtext"
    | "html"
    | "money"
    | "inches"
    | "pounds"
    | "count"
    | "choice"
    | "flag"
    | "date"
    | "link"
    | "videos"
    | "qa";
  required?: boolean;
  /** Characters, for the text types. */
  max?: number;
  /** Lowest and highest, for a count. */
  range?: readonly [number, number];
  options?: readonly string[];
  hint?: string;
  /** Fields with the same group share a row on a wide screen. */
  group?: string;
  /** Left empty, the item has none (stored as null, not ""); a choice then offers "none". */
  nullable?: boolean;
  /** A choice's first option, empty: the words for what the server then chooses itself. */
  blank?: string;
  /** Starts a part of the form under this heading (its fields run to the next part's first):
   * the form lists its parts at the top, to jump to. */
  section?: string;
};

export const SEO_HINT = "Shown by search engines; the title when empty.";

export const VISIBILITIES = ["Visible", "Sale Pending", "Hidden"] as const;
export const TAGS = ["none", "new in", "best seller"] as const;
export const VARIANT_TYPES = ["Size", "Material"] as const;

const visibility: FieldSpec = {
  name: "visibility",
  label: "Shown in the shop",
  type: "choice",
  options: VISIBILITIES,
  hint: "Hidden archives it: off the shop, kept here.",
};
const salePrice = (group: string): FieldSpec => ({
  name: "salePrice",
  label: "Sale price (USD)",
  type: "money",
  hint: "Leave empty for none.",
  group,
});
const html = (name: string, label: string): FieldSpec => ({
  name,
  label,
  type: "html",
  max: 20_000,
  hint: "Paragraphs, bold, italic, lists and links are kept; anything else is removed when shown.",
});

export const ITEM_FIELDS = {
  slabs: [
    { name: "title", label: "Title", type: "text", required: true, max: 120, section: "Price and showing" },
    { name: "startingPrice", label: "Price (USD)", type: "money", required: true, group: "price" },
    salePrice("price"),
    visibility,
    {
      name: "category",
      label: "Category",
      type: "text",
      required: true,
      max: 60,
      hint: "e.g. Live Edge Slab",
      group: "kind",
      section: "The wood",
    },
    { name: "species", label: "Species", type: "text", required: true, max: 60, group: "kind" },
    {
      name: "tone",
      label: "Tone",
      type: "text",
      required: true,
      max: 40,
      hint: "e.g. Light, Medium, Dark",
      group: "kind",
    },
    { name: "grain", label: "Grain", type: "text", max: 200 },
    { name: "origin", label: "Origin", type: "text", required: true, max: 80, group: "where" },
    { name: "inventoryId", label: "Inventory id", type: "text", required: true, max: 40, group: "where" },
    { name: "length", label: "Length (in)", type: "inches", required: true, group: "size", section: "Size" },
    { name: "width", label: "Width (in)", type: "inches", required: true, group: "size" },
    { name: "thickness", label: "Thickness (in)", type: "inches", required: true, group: "size" },
    { name: "seats", label: "Seats", type: "count", required: true, group: "size" },
    {
      name: "size",
      label: "Size",
      type: "choice",
      options: SLAB_SIZE_GROUPS,
      blank: "By its length",
      hint: "The group the shop's Length filter lists it in: wall art up to 36″ long, coffee tables up to 72″, dining tables longer. The shop shows the measures above.",
    },
    { ...html("description", "Description"), section: "Words" },
  ],
  bases: [
    { name: "title", label: "Title", type: "text", required: true, max: 120, section: "Price and showing" },
    { name: "startingPrice", label: "Price (USD)", type: "money", required: true, group: "price" },
    salePrice("price"),
    visibility,
    { name: "material", label: "Material", type: "text", required: true, max: 60, group: "kind" },
    { name: "inventoryId", label: "Inventory id", type: "text", required: true, max: 40, group: "kind" },
    { ...html("description", "Description"), section: "Words" },
    html("specification", "Specification"),
  ],
  products: [
    { name: "title", label: "Title", type: "text", required: true, max: 120, section: "Price and stock" },
    { name: "price", label: "Price (USD)", type: "money", required: true, group: "price" },
    salePrice("price"),
    { name: "stock", label: "In stock", type: "count", required: true, group: "price", hint: "0 is sold out." },
    visibility,
    { name: "tag", label: "Tag", type: "choice", options: TAGS, group: "kind", section: "What it is" },
    { name: "category", label: "Category", type: "text", required: true, max: 60, group: "kind" },
    { name: "material", label: "Material", type: "text", max: 60, group: "kind", nullable: true },
    { name: "inventoryId", label: "Inventory id", type: "text", required: true, max: 40, group: "kind" },
    {
      name: "type",
      label: "Type",
      type: "text",
      required: true,
      max: 60,
      hint: "e.g. Dining Table. Only a new piece can be a Divergence.",
      group: "finish",
    },
    { name: "liveEdge", label: "Live edge", type: "choice", options: ["yes", "no"], nullable: true, group: "finish" },
    {
      name: "topFinish",
      label: "Top finish",
      type: "choice",
      options: ["Natural Oil", "Ceramic Coating"],
      nullable: true,
      group: "finish",
    },
    {
      name: "length",
      label: "Length (in)",
      type: "inches",
      required: true,
      group: "size",
      section: "Size and shipping",
    },
    { name: "width", label: "Width (in)", type: "inches", required: true, group: "size" },
    { name: "height", label: "Height (in)", type: "inches", required: true, group: "size" },
    { name: "weight", label: "Weight (lb)", type: "pounds", required: true, group: "size" },
    {
      name: "leadDays",
      label: "Ships from stock in (days)",
      type: "count",
      required: true,
      range: [0, 365],
      group: "lead",
    },
    {
      name: "buildWeeksMin",
      label: "Built to order in, at least (weeks)",
      type: "count",
      range: [1, 104],
      nullable: true,
      hint: "Empty: not built to order.",
      group: "lead",
    },
    { name: "buildWeeksMax", label: "At most (weeks)", type: "count", range: [1, 104], nullable: true, group: "lead" },
    {
      name: "customShipping",
      label: "Shipped by the studio (too large for a carrier)",
      type: "flag",
      hint: "The checkout then quotes no rate for it: the studio arranges delivery.",
    },
    { name: "lightText", label: "Light text (its photo is dark)", type: "flag" },
    { ...html("description", "Description"), section: "Words and videos" },
    html("specification", "Specification"),
    html("grain", "Grain"),
    {
      name: "videos",
      label: "Videos",
      type: "videos",
      hint: "YouTube links, one a line. The first plays on the piece's page.",
    },
    {
      name: "seoTitle",
      label: "Search title",
      type: "text",
      max: 70,
      nullable: true,
      hint: SEO_HINT,
      section: "Search engines",
    },
    { name: "seoDescription", label: "Search description", type: "text", max: 170, nullable: true },
  ],
} as const satisfies Record<string, readonly FieldSpec[]>;

export type ItemKind = keyof typeof ITEM_FIELDS;
export const ITEM_KINDS = Object.keys(ITEM_FIELDS) as ItemKind[];
export const KIND_NAMES: Record<ItemKind, string> = { slabs: "slab", bases: "base", products: "piece" };

export const isItemKind = (v: string | undefined): v is ItemKind => v !== undefined && v in ITEM_FIELDS;

/** A stored value as the form shows it again. */
export function formValue(f: FieldSpec, v: unknown): string {
  if (v === null || v === undefined) return "";
  if (f.type === "flag") return v ? "1" : "";
  if (f.type === "date") return v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10);
  if (f.type === "videos") return (v as { url: string }[]).map((x) => x.url).join("\n");
  if (f.type === "qa") return JSON.stringify(v);
  return String(v);
}
