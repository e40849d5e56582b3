/**
 * /sitemap.xml and /robots.txt: every product (and size or material variant), slab, base,
 * media post, newsletter campaign and browsing page, with the date it last changed. Built
 * from the database and kept until the data changes (the response cache).
 */
import { ne } from "drizzle-orm";
import type { Hono } from "hono";
import { cacheKeys } from "../cache-keys.ts";
import { studioRecord } from "../content/studio.ts";
import * as t from "../db/schema.ts";
import type { AppDeps } from "../deps.ts";
import { siteOrigin } from "./origin.ts";

const STATIC_PATHS = [
  "/",
  "/shop",
  "/slabs",
  "/bases",
  "/divergence",
  "/portfolio",
  "/look-book",
  "/our-story",
  "/additional-services",
  "/faqs",
  "/media",
  "/contact",
  "/custom-design",
  "/table-builder",
];

/** Pages kept out of search indexes: a visitor's own lists and payment. */
export const PRIVATE_PATHS = ["/cart", "/wishlist", "/check-out", "/studio", "/orders/", "/quotes/"];

const xmlEscape = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const day = (d: Date | string) => new Date(d).toISOString().slice(0, 10);

export type SitemapEntry = { path: string; lastmod?: string };

export async function sitemapEntries(deps: AppDeps): Promise<SitemapEntry[]> {
  const { db } = deps.database;
  const [studio] = await db
    .select({ slug: t.studioConfig.founderSlug, updatedAt: t.studioConfig.updatedAt })
    .from(t.studioConfig);
  // Pages of what a studio may not have (a shop started empty): the Divergence table, the look
  // book, as the studio's record says (Studio["media"]).
  const media = (await studioRecord(deps))?.media;
  const absent = new Set([
    ...(media?.divergence ? [] : ["/divergence", "/table-builder"]),
    ...(media?.lookBookPages ? [] : ["/look-book"]),
  ]);
  const products = await db
    .select({ id: t.products.id, parentId: t.products.parentId, updatedAt: t.products.updatedAt })
    .from(t.products)
    .where(ne(t.products.visibility, "Hidden"));
  const slabs = await db
    .select({ id: t.slabs.id, updatedAt: t.slabs.updatedAt })
    .from(t.slabs)
    .where(ne(t.slabs.visibility, "Hidden"));
  const bases = await db
    .select({ id: t.bases.id, updatedAt: t.bases.updatedAt })
    .from(t.bases)
    .where(ne(t.bases.visibility, "Hidden"));
  const posts = await db.select({ id: t.mediaPosts.id, date: t.mediaPosts.date }).from(t.mediaPosts);
  let campaigns: { campaignId: string; createdDate: string }[] = [];
  try {
    campaigns = await deps.campaigns.list(1000);
  } catch (err) {
    deps.logger.warn({ err }, "Sitemap without newsletter campaigns: they could not be listed");
  }
  const newest = (dates: Date[]) =>
    dates.length ? day(new Date(Math.max(...dates.map((d) => d.getTime())))) : undefined;
  const catalogDate = newest([...products, ...slabs, ...bases].map((r) => r.updatedAt));
  return [
    ...STATIC_PATHS.filter((path) => !absent.has(path)).map((path) => ({ path, lastmod: catalogDate })),
    ...(studio?.slug ? [{ path: `/${studio.slug}`, lastmod: day(studio.updatedAt) }] : []),
    ...products.map((p) => ({
      path: p.parentId === null ? `/products/${p.id}` : `/products/${p.parentId}/${p.id}`,
      lastmod: day(p.updatedAt),
    })),
    ...slabs.map((s) => ({ path: `/slabs/${s.id}`, lastmod: day(s.updatedAt) })),
    ...bases.map((b) => ({ path: `/bases/${b.id}`, lastmod: day(b.updatedAt) })),
    ...posts.map((p) => ({ path: `/media/${p.id}`, lastmod: day(p.date) })),
    ...campaigns.map((c) => ({ path: `/newsletter/${encodeURIComponent(c.campaignId)}`, lastmod: day(c.createdDate) })),
  ];
}

export function sitemapXml(origin: string, entries: SitemapEntry[]): string {
  const urls = entries.map(
    (e) => `  <url><loc>${xmlEscape(origin + e.path)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ""}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

export function seoRoutes(app: Hono, deps: AppDeps) {
  app.get("/sitemap.xml", async (c) => {
    const origin = siteOrigin(deps.config);
    const xml = await deps.cache.value(cacheKeys.sitemap(origin), async () =>
      sitemapXml(origin, await sitemapEntries(deps)),
    );
    return c.body(xml, 200, {
      "content-type": "application/xml; charset=utf-8",
      "cache-control": "public, max-age=3600",
    });
  });
  app.get("/robots.txt", (c) =>
    c.text(
      [
        "User-agent: *",
        "Allow: /",
        ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`),
        "Disallow: /api/",
        `Sitemap: ${siteOrigin(deps.config)}/sitemap.xml`,
        "",
      ].join("\n"),
    ),
  );
}
