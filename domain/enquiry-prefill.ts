/**
 * How the contact form starts (docs/product.md §5 "Enquiry type default"): what the page's address says
 * about where the enquiry came from (`contactHref` on detail pages, `?from=wishlist`,
 * `?enquiryType=` from the configurator and the services page), turned into the form's first
 * values and a line the studio reads in `interest`.
 */

import { type ContactFields, ENQUIRY_TYPES, type EnquiryType, enquiryDefaults } from "./enquiry.ts";
import type { ImageFolder } from "./image-folders.ts";

export type EnquiryItemKind = "product" | "slab" | "base";

/** The contact page's query string, read defensively: anyone can type an address. */
export type EnquiryQuery = {
  fromWishlist: boolean;
  kind: EnquiryItemKind | null;
  itemId: number | null;
  /** The item's name as the detail page showed it (a variant's includes its parent's). */
  item: string | null;
  finish: string | null;
  /** An explicit type, e.g. Dining Table from the configurator. */
  enquiryType: EnquiryType | null;
  /** A Divergence configuration to be quoted: its choices in words, and its link's query. */
  table: { words: string; search: string } | null;
};

const MAX_TEXT = 120;

function text(value: string | null): string | null {
  const t = (value ?? "").replace(/\s+/g, " ").trim().slice(0, MAX_TEXT);
  return t === "" ? null : t;
}

export function readEnquiryQuery(params: URLSearchParams): EnquiryQuery {
  const kind = params.get("kind");
  const rawId = params.get("itemId") ?? "";
  const id = /^\d{1,9}$/.test(rawId) ? Number(rawId) : 0;
  const type = params.get("enquiryType");
  return {
    fromWishlist: params.get("from") === "wishlist",
    kind: kind === "product" || kind === "slab" || kind === "base" ? kind : null,
    itemId: id > 0 ? id : null,
    item: text(params.get("item")),
    finish: text(params.get("finish")),
    enquiryType: ENQUIRY_TYPES.find((t) => t === type) ?? null,
    table: readTable(params),
  };
}

/** The configurator's query (`?species=..&size=..`), kept only when it is made of its own keys. */
const TABLE_SEARCH = /^\?(?:(?:species|size|edge|base|top)=[\w%+.-]{1,60}&?){1,5}$/;

function readTable(params: URLSearchParams): EnquiryQuery["table"] {
  const words = text(params.get("quote"));
  const search = params.get("table") ?? "";
  if (!words || !TABLE_SEARCH.test(search)) return null;
  return { words, search };
}

/** The contact page's address for a quote on a configured Divergence table (the configurator links to it). */
export function quoteHref(words: string, search: string): string {
  const q = new URLSearchParams({ enquiryType: "Dining Table", quote: words, table: search });
  return `/contact?${q.toString()}`;
}

/** The item as the studio's records have it, when the page could find it. */
export type EnquiryItem = {
  kind: EnquiryItemKind;
  id: number;
  title: string;
  /** A product's category. */
  category: string | null;
  /** A base's material. */
  material: string | null;
  /** 'Sale Pending': the visitor asks for a similar one, not this one. */
  salePending: boolean;
  image: { folder: ImageFolder; fileName: string } | null;
  href: string;
};

/** What the enquiry is about, shown above the form. */
export type EnquirySubject = {
  /** Order (a product made to order), Reserve (a slab or base) or Similar to (one already sold). */
  intent: "Order" | "Reserve" | "Similar to";
  kind: EnquiryItemKind;
  id: number | null;
  title: string;
  finish: string | null;
  image: EnquiryItem["image"];
  href: string | null;
};

export type EnquiryPrefill = { fields: Partial<ContactFields>; subject: EnquirySubject | null };

/** The line the studio reads in `interest`: what, which one, and the finish chosen. */
export function subjectLine(s: Pick<EnquirySubject, "intent" | "kind" | "id" | "title" | "finish">): string {
  const which = s.id === null ? s.kind : `${s.kind} #${s.id}`;
  return `${s.intent}: ${s.title} (${which})${s.finish ? `, finish ${s.finish}` : ""}`;
}

/**
 * The form's first values. An item (looked up from `kind` and `itemId`, or named by `item`)
 * gives the type, edge and base defaults of `enquiryDefaults`, its finish as the colour and
 * the subject line as the interest; an explicit `enquiryType` wins over the default.
 */
export function enquiryPrefill(query: EnquiryQuery, found: EnquiryItem | null): EnquiryPrefill {
  const item = found && found.kind === query.kind && found.id === query.itemId ? found : null;
  const title = query.item ?? item?.title ?? null;
  if (!query.kind || !title) {
    const fields = enquiryDefaults(query.fromWishlist ? { from: "wishlist" } : { from: "none" });
    if (query.enquiryType) fields.enquiryType = query.enquiryType;
    // A configured Divergence table: the studio reads the choices and the link that reopens them.
    if (query.table) {
      fields.enquiryType = "Dining Table";
      fields.interest = `Quote on a Divergence table: ${query.table.words} (/divergence${query.table.search})`;
    }
    return { fields, subject: null };
  }
  const fields =
    query.kind === "product"
      ? enquiryDefaults({ from: "product", title, category: item?.category ?? undefined })
      : query.kind === "slab"
        ? enquiryDefaults({ from: "slab", title })
        : enquiryDefaults({ from: "base", title, material: item?.material ?? "" });
  // A base whose material is unknown says nothing about the base type.
  if (query.kind === "base" && !item?.material) delete fields.baseType;
  if (query.enquiryType) fields.enquiryType = query.enquiryType;
  const subject: EnquirySubject = {
    intent: query.kind === "product" ? "Order" : item?.salePending ? "Similar to" : "Reserve",
    kind: query.kind,
    id: query.itemId,
    title,
    finish: query.finish,
    image: item?.image ?? null,
    href: item?.href ?? null,
  };
  if (query.finish) fields.color = query.finish;
  fields.interest = subjectLine(subject);
  return { fields, subject };
}

const MAX_SAVED = 20;

/** The wish list as one `interest` line: each saved piece with its kind and id. */
export function wishlistInterest(entries: { kind: EnquiryItemKind; item: { id: number; title: string } }[]): string {
  if (entries.length === 0) return "";
  const listed = entries.slice(0, MAX_SAVED).map((e) => `${e.item.title} (${e.kind} #${e.item.id})`);
  const more = entries.length > MAX_SAVED ? `; and ${entries.length - MAX_SAVED} more` : "";
  return `Saved pieces: ${listed.join("; ")}${more}`;
}
