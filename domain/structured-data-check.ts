/**
 * The properties schema.org rich results require (Google's structured-data guidelines) for the
 * types the shop publishes; used by tests to check every JSON-LD block the pages carry.
 */
type Json = Record<string, unknown>;

const REQUIRED: Record<string, string[]> = {
  Product: ["name", "image", "offers"],
  Offer: ["price", "priceCurrency", "availability"],
  BreadcrumbList: ["itemListElement"],
  ListItem: ["position", "name"],
  FurnitureStore: ["name", "address"],
  LocalBusiness: ["name", "address"],
  PostalAddress: ["streetAddress", "addressLocality", "addressRegion", "postalCode", "addressCountry"],
  OpeningHoursSpecification: ["dayOfWeek", "opens", "closes"],
};

/** "Type: property" for each required property that is missing or empty, nested objects included. */
export function richResultProblems(node: unknown): string[] {
  const out: string[] = [];
  const visit = (v: unknown) => {
    if (Array.isArray(v)) return v.forEach(visit);
    if (typeof v !== "object" || v === null) return;
    const o = v as Json;
    const type = typeof o["@type"] === "string" ? (o["@type"] as string) : null;
    for (const prop of (type && REQUIRED[type]) || []) {
      const value = o[prop];
      if (value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0))
        out.push(`${type}: ${prop}`);
    }
    for (const [k, child] of Object.entries(o)) if (k !== "@context") visit(child);
  };
  visit(node);
  return out;
}
