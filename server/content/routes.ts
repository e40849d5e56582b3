import type { Hono } from "hono";
import { z } from "zod";
import { cacheKeys } from "../cache-keys.ts";
import type { AppDeps } from "../deps.ts";
import { cachedJson, idParam, query } from "../http/params.ts";
import { getHomePage } from "./home.ts";
import {
  getAnnouncement,
  getMediaPost,
  getStudio,
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

export function contentRoutes(api: Hono, deps: AppDeps) {
  const { db } = deps.database;
  api.get("/homepage", (c) => {
    const n = query(c, homeQuery).takeProducts ?? HOME_PRODUCTS_DEFAULT;
    return cachedJson(c, deps.cache, cacheKeys.homepage(n), () => getHomePage(db, n));
  });
  // No announcement is a normal state: the answer is JSON null.
  api.get("/announcement", (c) => cachedJson(c, deps.cache, cacheKeys.announcement, () => getAnnouncement(db)));
  api.get("/portfolios", (c) => cachedJson(c, deps.cache, cacheKeys.portfolios, () => listPortfolio(db)));
  api.get("/faqs", (c) => cachedJson(c, deps.cache, cacheKeys.faqs, () => listFaqs(db)));
  api.get("/testimonials", (c) => cachedJson(c, deps.cache, cacheKeys.testimonials, () => listTestimonials(db)));
  api.get("/team", (c) => cachedJson(c, deps.cache, cacheKeys.team, () => listEmployees(db)));
  api.get("/media", (c) => cachedJson(c, deps.cache, cacheKeys.media, () => listMediaPosts(db)));
  api.get("/media/:id", (c) => {
    const id = idParam(c);
    return cachedJson(c, deps.cache, cacheKeys.mediaPost(id), async () => (await getMediaPost(db, id)) ?? undefined);
  });
  api.get("/studio", (c) =>
    cachedJson(c, deps.cache, cacheKeys.studio, async () => (await getStudio(db)) ?? undefined),
  );
}
