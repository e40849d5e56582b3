import type { Hono } from "hono";
import { z } from "zod";
import type { HomePageData } from "../../domain/catalog-types.ts";
import { getDivergence, listProducts } from "../catalog/queries.ts";
import type { Db } from "../db/client.ts";
import type { AppDeps } from "../deps.ts";
import { cachedJson, idParam, query } from "../http/params.ts";
import {
  getAnnouncement,
  getMediaPost,
  getStudio,
  listCarousel,
  listEmployees,
  listFaqs,
  listMediaPosts,
  listPortfolio,
  listTestimonials,
} from "./queries.ts";

const HOME_PRODUCTS_DEFAULT = 10;
const homeQuery = z.object({
  takeProducts: z
    .string()
    .regex(/^\d{1,3}$/, "must be a whole number from 0 to 100")
    .transform(Number)
    .pipe(z.number().int().min(0).max(100))
    .optional(),
});

/** Home data: the first n parent products, the Divergence table, carousel, announcement, testimonials. */
export async function getHomePage(db: Db, takeProducts: number): Promise<HomePageData> {
  const [products, divergence, carousel, announcement, testimonials] = await Promise.all([
    listProducts(db),
    getDivergence(db, 1),
    listCarousel(db),
    getAnnouncement(db),
    listTestimonials(db),
  ]);
  return {
    products: products.filter((p) => p.productId === null).slice(0, takeProducts),
    divergence,
    carousel,
    announcement,
    testimonials,
  };
}

export function contentRoutes(api: Hono, deps: AppDeps) {
  const { db } = deps.database;
  api.get("/homepage", (c) => {
    const n = query(c, homeQuery).takeProducts ?? HOME_PRODUCTS_DEFAULT;
    return cachedJson(c, deps, `homepage:${n}`, () => getHomePage(db, n));
  });
  // No announcement is a normal state: the answer is JSON null.
  api.get("/announcement", (c) => cachedJson(c, deps, "announcement", () => getAnnouncement(db)));
  api.get("/portfolios", (c) => cachedJson(c, deps, "portfolios", () => listPortfolio(db)));
  api.get("/faqs", (c) => cachedJson(c, deps, "faqs", () => listFaqs(db)));
  api.get("/testimonials", (c) => cachedJson(c, deps, "testimonials", () => listTestimonials(db)));
  api.get("/team", (c) => cachedJson(c, deps, "team", () => listEmployees(db)));
  api.get("/media", (c) => cachedJson(c, deps, "media", () => listMediaPosts(db)));
  api.get("/media/:id", (c) => {
    const id = idParam(c);
    return cachedJson(c, deps, `media:${id}`, async () => (await getMediaPost(db, id)) ?? undefined);
  });
  api.get("/studio", (c) => cachedJson(c, deps, "studio", async () => (await getStudio(db)) ?? undefined));
}
