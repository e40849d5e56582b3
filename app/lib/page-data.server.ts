import type { AppLoadContext } from "react-router";
import {
  getBase,
  getDivergence,
  getProduct,
  getSlab,
  listBases,
  listFinishes,
  listProducts,
  listSlabs,
} from "../../server/catalog/queries.ts";
import {
  getAnnouncement,
  getMediaPost,
  getStudio,
  listEmployees,
  listFaqs,
  listMediaPosts,
  listPortfolio,
  listTestimonials,
} from "../../server/content/queries.ts";
import { getHomePage } from "../../server/content/routes.ts";
import { searchCatalog } from "../../server/search/search.ts";
import { siteOrigin } from "../../server/seo/origin.ts";
import { sanitizeHtml, sanitizeInlineHtml } from "./sanitize.server.ts";

/**
 * Data for server-rendered pages, read through the same response cache as the API (same keys),
 * so a page and an API answer never disagree, and a page costs no query while nothing changed.
 * Keys whose answer differs from the API's (sanitised HTML, null for "none") are prefixed
 * "page:" so the two never overwrite each other.
 */
export function pageData(context: AppLoadContext) {
  const { cache, database } = context.deps;
  const db = database.db;
  return {
    /** The address absolute links start with: configured, never the request's Host. */
    origin: () => siteOrigin(context.deps.config),
    studio: () => cache.value("page:studio", () => getStudio(db)),
    announcement: () =>
      cache.value("page:announcement", async () => {
        const a = await getAnnouncement(db);
        return a ? { ...a, content: sanitizeInlineHtml(a.content) } : null;
      }),
    home: () => cache.value("homepage:10", () => getHomePage(db, 10)),
    products: () =>
      cache.value("page:products", async () =>
        (await listProducts(db)).map((p) => ({
          ...p,
          description: sanitizeHtml(p.description),
          specification: sanitizeHtml(p.specification),
          grain: sanitizeHtml(p.grain),
        })),
      ),
    product: (id: number) => cache.value(`page:product:${id}`, () => getProduct(db, id)),
    slabs: () =>
      cache.value("page:slabs", async () =>
        (await listSlabs(db)).map((s) => ({ ...s, description: sanitizeHtml(s.description) })),
      ),
    slab: (id: number) => cache.value(`page:slab:${id}`, () => getSlab(db, id)),
    bases: () =>
      cache.value("page:bases", async () =>
        (await listBases(db)).map((b) => ({
          ...b,
          description: sanitizeHtml(b.description),
          specification: sanitizeHtml(b.specification),
        })),
      ),
    base: (id: number) => cache.value(`page:base:${id}`, () => getBase(db, id)),
    finishes: () => cache.value("finishes", () => listFinishes(db)),
    /** Not cached: a query's answer is asked for once and the catalog lists it uses are. */
    search: (query: string) => searchCatalog(db, query),
    divergence: () => cache.value("page:divergence", () => getDivergence(db, 1)),
    portfolio: () => cache.value("portfolios", () => listPortfolio(db)),
    testimonials: () => cache.value("testimonials", () => listTestimonials(db)),
    team: () => cache.value("team", () => listEmployees(db)),
    faqs: () =>
      cache.value("page:faqs", async () =>
        (await listFaqs(db)).map((f) => ({
          ...f,
          content: f.content.map((q) => ({ question: q.question, answer: sanitizeHtml(q.answer) })),
        })),
      ),
    mediaPosts: () => cache.value("media", () => listMediaPosts(db)),
    mediaPost: (id: number) =>
      cache.value(`page:media:${id}`, async () => {
        const post = await getMediaPost(db, id);
        return post ? { ...post, content: sanitizeHtml(post.content) } : null;
      }),
    // Same key and lifetime as the API's campaign list (five minutes when they come from Mailchimp).
    campaigns: () =>
      cache.value(
        "campaigns:100",
        () => context.deps.campaigns.list(100),
        context.deps.campaigns.kind === "mailchimp" ? 5 * 60_000 : undefined,
      ),
    campaignHtml: (id: string) => context.deps.campaigns.html(id),
  };
}
