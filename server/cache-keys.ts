/**
 * Every key of the response cache (server/http/response-cache.ts), named once. An API answer
 * and a page that show the same data read the same entry, so they never disagree; a page's
 * own shape of it (HTML sanitised, null for "none") has a `page` key of its own, so the two
 * never overwrite each other. Every entry lives until the data changes (`invalidate`), or
 * for a time limit where the data comes from an outside service.
 */
export const cacheKeys = {
  // The catalog (server/catalog/).
  products: "products",
  product: (id: number) => `product:${id}`,
  slabs: "slabs",
  slab: (id: number) => `slab:${id}`,
  bases: "bases",
  base: (id: number) => `base:${id}`,
  finishes: "finishes",
  divergence: (id: number) => `divergence:${id}`,
  search: (folded: string) => `search:${folded}`,
  // Content (server/content/).
  homepage: (takeProducts: number) => `homepage:${takeProducts}`,
  announcement: "announcement",
  portfolios: "portfolios",
  faqs: "faqs",
  testimonials: "testimonials",
  team: "team",
  media: "media",
  mediaPost: (id: number) => `media:${id}`,
  /** The studio's record as the API answers it (404 when missing). */
  studio: "studio",
  // Newsletter campaigns (from Mailchimp or the local store, for a time).
  campaigns: (count: number) => `campaigns:${count}`,
  campaign: (campaignId: string) => `campaign:${campaignId}`,
  sitemap: (origin: string) => `sitemap:${origin}`,
  /** What the pages read in a shape of their own. */
  page: {
    /** The studio's record or null, read by the pages, the checkout and the enquiry desk. */
    studio: "page:studio",
    announcement: "page:announcement",
    products: "page:products",
    product: (id: number) => `page:product:${id}`,
    slabs: "page:slabs",
    slab: (id: number) => `page:slab:${id}`,
    bases: "page:bases",
    base: (id: number) => `page:base:${id}`,
    divergence: "page:divergence",
    faqs: "page:faqs",
    mediaPost: (id: number) => `page:media:${id}`,
  },
} as const;
