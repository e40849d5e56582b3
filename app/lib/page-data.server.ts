import type { AppLoadContext } from "react-router";
import { cacheKeys } from "../../server/cache-keys.ts";
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
import { getHomePage } from "../../server/content/home.ts";
import {
  getAnnouncement,
  getMediaPost,
  listEmployees,
  listFaqs,
  listMediaPosts,
  listPortfolio,
  listTestimonials,
} from "../../server/content/queries.ts";
import { studioRecord } from "../../server/content/studio.ts";
import { searchCatalog } from "../../server/search/search.ts";
import { siteOrigin } from "../../server/seo/origin.ts";
import { sanitizeHtml, sanitizeInlineHtml } from "./sanitize.server.ts";

/**
 * Data for server-rendered pages, read through the same response cache as the API (same keys),
 * so a page and an API answer never disagree, and a page costs no query while nothing changed.
 * Keys are named in server/cache-keys.ts: data whose page shape differs from the API's
 * (sanitised HTML, null for "none") has a page key of its own.
 */
export function pageData(context: AppLoadContext) {
  const { cache, database } = context.deps;
  const db = database.db;
  return {
    /** The address absolute links start with: configured, never the request's Host. */
    origin: () => siteOrigin(context.deps.config),
    studio: () => studioRecord(context.deps),
    announcement: () =>
      cache.value(cacheKeys.page.announcement, async () => {
        const a = await getAnnouncement(db);
        return a ? { ...a, content: sanitizeInlineHtml(a.content) } : null;
      }),
    home: () => cache.value(cacheKeys.homepage(10), () => getHomePage(db, 10)),
    products: () =>
      cache.value(cacheKeys.page.products, async () =>
        (await listProducts(db)).map((p) => ({
          ...p,
          description: sanitizeHtml(p.description),
          specification: sanitizeHtml(p.specification),
          grain: sanitizeHtml(p.grain),
        })),
      ),
    product: (id: number) => cache.value(cacheKeys.page.product(id), () => getProduct(db, id)),
    slabs: () =>
      cache.value(cacheKeys.page.slabs, async () =>
        (await listSlabs(db)).map((s) => ({ ...s, description: sanitizeHtml(s.description) })),
      ),
    slab: (id: number) => cache.value(cacheKeys.page.slab(id), () => getSlab(db, id)),
    bases: () =>
      cache.value(cacheKeys.page.bases, async () =>
        (await listBases(db)).map((b) => ({
          ...b,
          description: sanitizeHtml(b.description),
          specification: sanitizeHtml(b.specification),
        })),
      ),
    base: (id: number) => cache.value(cacheKeys.page.base(id), () => getBase(db, id)),
    finishes: () => cache.value(cacheKeys.finishes, () => listFinishes(db)),
    /** Not cached: a query's answer is asked for once and the catalog lists it uses are. */
    search: (query: string) => searchCatalog(db, query),
    divergence: () => cache.value(cacheKeys.page.divergence, () => getDivergence(db, 1)),
    portfolio: () => cache.value(cacheKeys.portfolios, () => listPortfolio(db)),
    testimonials: () => cache.value(cacheKeys.testimonials, () => listTestimonials(db)),
    team: () => cache.value(cacheKeys.team, () => listEmployees(db)),
    faqs: () =>
      cache.value(cacheKeys.page.faqs, async () =>
        (await listFaqs(db)).map((f) => ({
          ...f,
          content: f.content.map((q) => ({ question: q.question, answer: sanitizeHtml(q.answer) })),
        })),
      ),
    mediaPosts: () => cache.value(cacheKeys.media, () => listMediaPosts(db)),
    mediaPost: (id: number) =>
      cache.value(cacheKeys.page.mediaPost(id), async () => {
        const post = await getMediaPost(db, id);
        return post ? { ...post, content: sanitizeHtml(post.content) } : null;
      }),
    // Same key and lifetime as the API's campaign list (five minutes when they come from Mailchimp).
    campaigns: () =>
      cache.value(
        cacheKeys.campaigns(100),
        () => context.deps.campaigns.list(100),
        context.deps.campaigns.kind === "mailchimp" ? 5 * 60_000 : undefined,
      ),
    campaignHtml: (id: string) => context.deps.campaigns.html(id),
  };
}
