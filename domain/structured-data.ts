/**
 * schema.org JSON-LD for search engines: the studio as a FurnitureStore, a piece as a Product
 * with its Offer, and the breadcrumb trail. Pure builders; the pages put them in the head.
 */
import type { Studio } from "./catalog-types.ts";
import { decimalText, toCents } from "./money.ts";

type Json = Record<string, unknown>;

const DAYS: Record<string, string> = {
  mon: "Monday",
  tue: "Tuesday",
  wed: "Wednesday",
  thu: "Thursday",
  fri: "Friday",
  sat: "Saturday",
  sun: "Sunday",
};
const ORDER = Object.keys(DAYS);

/** "Mon", "Tue and Wed", "Mon to Fri", "Mon-Fri" → schema.org day names. */
export function parseDays(days: string): string[] {
  const parts = days
    .toLowerCase()
    .split(/\s*(?:,|and|&)\s*/)
    .filter(Boolean);
  const out: string[] = [];
  for (const part of parts) {
    const range = part.split(/\s*(?:to|-|–)\s*/);
    const from = ORDER.indexOf((range[0] ?? "").slice(0, 3));
    const to = ORDER.indexOf((range[1] ?? range[0] ?? "").slice(0, 3));
    if (from < 0 || to < 0) continue;
    for (let i = from; ; i = (i + 1) % 7) {
      out.push(DAYS[ORDER[i]!]!);
      if (i === to) break;
    }
  }
  return out;
}

/**
 * "10-6" → 10:00 to 18:00: a closing hour not after the opening one is read as afternoon, as a
 * shop's sign is. "9:30-5:30" works too; "closed" or anything unreadable gives null.
 */
export function parseHours(hours: string): { opens: string; closes: string } | null {
  const m = hours.trim().match(/^(\d{1,2})(?::(\d{2}))?\s*(?:am)?\s*[-–to]+\s*(\d{1,2})(?::(\d{2}))?\s*(?:pm)?$/i);
  if (!m) return null;
  const open = Number(m[1]);
  let close = Number(m[3]);
  if (close <= open && close < 12) close += 12;
  const pad = (h: number, min = "00") => `${String(h).padStart(2, "0")}:${min}`;
  return { opens: pad(open, m[2]), closes: pad(close, m[4]) };
}

export function storeJsonLd(
  studio: Pick<Studio, "name" | "phone" | "email" | "address" | "hours" | "socials">,
  siteUrl: string,
  image?: string,
): Json {
  return {
    "@context": "https://schema.org",
    "@type": "FurnitureStore",
    "@id": `${siteUrl}/#store`,
    name: studio.name,
    url: `${siteUrl}/`,
    ...(image ? { image } : {}),
    telephone: studio.phone,
    email: studio.email,
    address: {
      "@type": "PostalAddress",
      streetAddress: studio.address.street,
      addressLocality: studio.address.city,
      addressRegion: studio.address.state,
      postalCode: studio.address.zip,
      addressCountry: studio.address.country,
    },
    openingHoursSpecification: studio.hours.flatMap((h) => {
      const time = parseHours(h.hours);
      const days = parseDays(h.days);
      return time && days.length ? [{ "@type": "OpeningHoursSpecification", dayOfWeek: days, ...time }] : [];
    }),
    sameAs: studio.socials.map((s) => s.url),
  };
}

export type ProductLd = {
  name: string;
  description: string;
  url: string;
  images: string[];
  sku: string;
  price: number;
  salePrice: number | null;
  /** Stock for products; null for one-of-a-kind slabs and bases priced "from". */
  stock: number | null;
  salePending?: boolean;
  category?: string;
  brand: string;
};

/** A piece with one Offer: the price paid (the sale price when there is one), USD, and its availability. */
export function productJsonLd(p: ProductLd): Json {
  const availability = p.salePending
    ? "https://schema.org/SoldOut"
    : p.stock === null || p.stock > 0
      ? "https://schema.org/InStock"
      : "https://schema.org/MadeToOrder";
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: p.name,
    description: p.description,
    url: p.url,
    image: p.images,
    sku: p.sku,
    ...(p.category ? { category: p.category } : {}),
    brand: { "@type": "Brand", name: p.brand },
    offers: {
      "@type": "Offer",
      url: p.url,
      price: decimalText(toCents(p.salePrice ?? p.price)),
      priceCurrency: "USD",
      availability,
      itemCondition: "https://schema.org/NewCondition",
      seller: { "@type": "Organization", name: p.brand },
    },
  };
}

export function breadcrumbJsonLd(items: { name: string; url: string }[]): Json {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: item.name,
      item: item.url,
    })),
  };
}
