/**
 * How the back office's history says a record's fields and their values: a field by the name
 * people give it ("the sale price", never `salePrice`), a value as it reads (money as dollars,
 * yes/no, HTML as its words, lists as how many), and a change of several fields as one clause
 * list ("changed the price from $3,400.00 to $3,600.00 and the tone from Light to Dark").
 */
import { type FieldSpec, ITEM_FIELDS } from "../../../domain/catalog-fields.ts";
import {
  COLLECTIONS,
  DIVERGENCE_TEXT_FIELDS,
  IDENTITY_FIELDS,
  SIZE_FIELDS,
  SPECIES_FIELDS,
} from "../../../domain/content-fields.ts";
import { formatLongDate, formatLongDay } from "../../../domain/format.ts";

/** The fields each audited record is edited by, so its changes are named as its form names them. */
const FORMS: Record<string, readonly FieldSpec[]> = {
  slab: ITEM_FIELDS.slabs,
  base: ITEM_FIELDS.bases,
  piece: ITEM_FIELDS.products,
  ...Object.fromEntries(Object.values(COLLECTIONS).map((c) => [c.one.replace(/ /g, "_"), c.fields])),
  studio: IDENTITY_FIELDS,
  divergence: DIVERGENCE_TEXT_FIELDS,
  divergence_species: SPECIES_FIELDS,
  divergence_size: SIZE_FIELDS,
};

/** Names said better than a form's label says them (a label may carry a unit or a hint), or fields no form shows. */
const NAMES: Record<string, string> = {
  visibility: "the shop status",
  startingPrice: "the price",
  salePrice: "the sale price",
  inventoryId: "the inventory number",
  liveEdge: "the live edge",
  edgeType: "the edge type",
  leadDays: "the days to ship from stock",
  buildWeeksMin: "the shortest build time",
  buildWeeksMax: "the longest build time",
  customShipping: "delivery by the studio",
  lightText: "light text over the photo",
  isExternal: "opening the link in a new tab",
  rating: "the stars",
  author: "the name of who said it",
  seoTitle: "the search title",
  seoDescription: "the search description",
  images: "the photos",
  thumbnail: "the swatch",
  parentId: "the piece it is a variant of",
  variantType: "the kind of variant",
  variants: "the variants",
  sortOrder: "the place in the list",
  place: "the place in the list",
  fileName: "the file",
  imageFileName: "the picture",
  shortName: "the short name",
  timeZone: "the time zone",
  leadTrackingScriptUrl: "the lead tracking script",
  email: "the e-mail address",
  phone: "the phone number",
  street: "the street",
  city: "the town",
  state: "the state",
  zip: "the ZIP code",
  backlogWeeks: "the backlog",
  depositPercent: "the deposit",
  depositMinimum: "the smallest deposit",
  hours: "the opening hours",
  socials: "the social links",
  founderImages: "the founder's photos",
  storyVideoUrl: "the story's film",
  generalImagery: "the photos",
  speciesGeneralImagery: "the species' photos",
  speciesFinishes: "the finish photos",
  liveEdgePrice: "the live edge price",
  ceramicCoatingPrice: "the ceramic coating price",
  sizes: "the sizes",
  size: "the size",
  stock: "the stock",
  content: "the words",
  link: "the link",
  active: "showing it",
  role: "the role",
  disabled: "disabled",
  totpRequired: "the second sign-in step required",
  status: "the status",
  carrier: "the carrier",
  trackingNumber: "the tracking number",
  refundedTotal: "the refunded total",
  chargesTotal: "the charges",
  tax: "the sales tax",
  buildPhotos: "the build photos",
  notes: "the notes",
  spam: "spam",
  confirmedAt: "the backup's date",
  wanted: "the newsletter",
};

/** Fields that are the record's bookkeeping, not something anyone changed. */
const UNSAID = new Set([
  "id",
  "createdAt",
  "updatedAt",
  "searchText",
  "divergenceId",
  "speciesId",
  "previousShortNames",
]);

const MONEY = new Set([
  "price",
  "startingPrice",
  "salePrice",
  "total",
  "subtotal",
  "amount",
  "chargesTotal",
  "refundedTotal",
  "tax",
  "paidTotal",
  "deposit",
  "shippingTotal",
  "unitPrice",
  "liveEdgePrice",
  "ceramicCoatingPrice",
  "depositMinimum",
]);

/** What a list of each field is a list of, to say how many. */
const COUNTED: Record<string, [string, string]> = {
  images: ["photo", "photos"],
  generalImagery: ["photo", "photos"],
  speciesGeneralImagery: ["photo", "photos"],
  founderImages: ["photo", "photos"],
  buildPhotos: ["photo", "photos"],
  videos: ["video", "videos"],
  sizes: ["size", "sizes"],
  hours: ["line of opening hours", "lines of opening hours"],
  socials: ["social link", "social links"],
  notes: ["note", "notes"],
  content: ["question", "questions"],
  variants: ["variant", "variants"],
  speciesFinishes: ["finish", "finishes"],
};

const fieldOf = (entity: string, key: string) => FORMS[entity]?.find((f) => f.name === key);

/** "edgeType" → "edge type": a key no one named yet is still said in words. */
export const splitWords = (key: string) =>
  key
    .replace(/[_-]+/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .trim();

/** A field as people say it, with its article: "the sale price", "the edge type". */
export function fieldName(key: string, entity = ""): string {
  if (NAMES[key]) return NAMES[key];
  const label = fieldOf(entity, key)?.label;
  const words = label ? label.replace(/\s*\([^)]*\)/g, "").trim() : splitWords(key);
  const said = words.charAt(0).toLowerCase() + words.slice(1);
  return /^(the|its|their|our) /.test(said) ? said : `the ${said}`;
}

/** HTML as its words: tags gone, the common entities read, spaces closed up. */
export const plainText = (html: string) =>
  html
    .replace(/<(br|\/p|\/li|\/h\d)\s*\/?>/gi, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/\s+/g, " ")
    .trim();

/** Text cut to `max` characters at a word, with an ellipsis. */
export function shorten(text: string, max = 60): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, "")}…`;
}

/** Text as said in a sentence: its words, shortened, in curly quotes. */
export const quoted = (text: string, max = 80) => `“${shorten(plainText(text), max)}”`;

/** An audit_log row as the history reads it. */
export type HistoryEntry = { action: string; entity: string; entityId: string; before: unknown; after: unknown };
/** An entry with its before and after as plain objects, for the words of its action. */
export type Said = { b: Record<string, unknown>; a: Record<string, unknown>; entry: HistoryEntry };
export type Say = (s: Said) => string;

export const str = (v: unknown) => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");
export const num = (v: unknown) =>
  typeof v === "number" ? v : typeof v === "string" && v.trim() ? Number(v) : Number.NaN;
export const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const dollarsAndCents = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 2,
});

/** Money in the history is to the cent, as a receipt says it ("$50.00"), whatever the shop rounds elsewhere. */
export const money = (v: unknown) => dollarsAndCents.format(Number(v));

/** "a, b and c". */
export function listed(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

export const count = (n: number, [one, many]: [string, string]) => `${n === 1 ? "one" : n} ${n === 1 ? one : many}`;

const isEmpty = (v: unknown) =>
  v === null || v === undefined || v === "" || (Array.isArray(v) && v.length === 0) || v === "none";

/** A value as a sentence says it; never JSON. */
export function sayValue(key: string, v: unknown, entity = ""): string {
  const type = fieldOf(entity, key)?.type;
  if (isEmpty(v)) return "none";
  if (typeof v === "boolean") return v ? "yes" : "no";
  if (MONEY.has(key) || type === "money") return money(v);
  if (key === "depositPercent") return `${v}%`;
  if (type === "inches") return `${v} in`;
  if (type === "pounds") return `${v} lb`;
  if (key === "backlogWeeks" || key === "buildWeeksMin" || key === "buildWeeksMax")
    return `${v} week${Number(v) === 1 ? "" : "s"}`;
  if (key === "leadDays") return `${v} day${Number(v) === 1 ? "" : "s"}`;
  if (Array.isArray(v)) {
    if (COUNTED[key]) return count(v.length, COUNTED[key]);
    if (v.every((x) => typeof x === "string" || typeof x === "number") && v.length <= 3)
      return listed(v.map((x) => shorten(String(x), 30)));
    return count(v.length, ["entry", "entries"]);
  }
  if (typeof v === "object") {
    const o = v as Record<string, unknown>;
    const name = o.title ?? o.name ?? o.size ?? o.label;
    return typeof name === "string" ? quoted(name, 40) : "details";
  }
  const text = String(v);
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return formatLongDay(text);
  if (/^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:?\d{2})$/.test(text)) return formatLongDate(text);
  const plain = plainText(text);
  return plain.length > 40 || type === "html" || type === "longtext" ? quoted(plain, 60) : plain;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** A record as a plain object (an audit payload may be anything). */
export const asRecord = (v: unknown): Record<string, unknown> =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

type Clause = { verb: "changed" | "set" | "cleared" | "rewrote" | "updated" | "added"; words: string };

/** Each field that differs between `before` and `after`, as a clause of a sentence. */
export function fieldClauses(before: unknown, after: unknown, entity = ""): Clause[] {
  const b = asRecord(before);
  const a = asRecord(after);
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => !UNSAID.has(k));
  return keys
    .filter((k) => !same(b[k], a[k]) && !(isEmpty(b[k]) && isEmpty(a[k])))
    .map((k): Clause => {
      const name = fieldName(k, entity);
      const type = fieldOf(entity, k)?.type;
      if (type === "html" || type === "longtext" || type === "qa") return { verb: "rewrote", words: name };
      if (COUNTED[k] && (Array.isArray(a[k]) || Array.isArray(b[k]))) {
        const was = Array.isArray(b[k]) ? (b[k] as unknown[]).length : 0;
        const now = Array.isArray(a[k]) ? (a[k] as unknown[]).length : 0;
        if (was === 0) return { verb: "added", words: `${name} (${count(now, COUNTED[k])})` };
        if (now === 0) return { verb: "cleared", words: name };
        if (now !== was) return { verb: "updated", words: `${name} (now ${count(now, COUNTED[k])})` };
        return { verb: "updated", words: name };
      }
      if (isEmpty(b[k])) return { verb: "set", words: `${name} to ${sayValue(k, a[k], entity)}` };
      if (isEmpty(a[k])) return { verb: "cleared", words: name };
      const from = sayValue(k, b[k], entity);
      const to = sayValue(k, a[k], entity);
      if (from === to || (typeof b[k] === "string" && plainText(String(b[k])).length > 40))
        return { verb: "updated", words: name };
      return { verb: "changed", words: `${name} from ${from} to ${to}` };
    });
}

/**
 * The clauses as one sentence, verbs grouped ("Changed the price from … and the tone from …, set
 * the sale price to … and rewrote the description"); past `most` clauses, how many more.
 */
export function clausesSentence(clauses: Clause[], most = 5): string {
  const shown = clauses.slice(0, most);
  const verbs = [...new Set(shown.map((c) => c.verb))];
  const parts = verbs.map((verb) => `${verb} ${listed(shown.filter((c) => c.verb === verb).map((c) => c.words))}`);
  const more = clauses.length - shown.length;
  if (more > 0) parts.push(`changed ${more === 1 ? "one more detail" : `${more} more details`}`);
  const text = listed(parts);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** What changed between two versions of a record, as a sentence; "Saved it unchanged" when nothing did. */
export function changesSentence(before: unknown, after: unknown, entity = ""): string {
  const clauses = fieldClauses(before, after, entity);
  return clauses.length ? clausesSentence(clauses) : "Saved it unchanged";
}
