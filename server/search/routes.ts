import type { Hono } from "hono";
import { z } from "zod";
import { SEARCH_MAX_CHARS } from "../../domain/search-limits.ts";
import { foldForSearch } from "../../domain/text.ts";
import { cacheKeys } from "../cache-keys.ts";
import type { AppDeps } from "../deps.ts";
import { cachedJson, query } from "../http/params.ts";
import { searchCatalog } from "./search.ts";

const searchQuery = z.object({ query: z.string().max(SEARCH_MAX_CHARS).optional() });

export function searchRoutes(api: Hono, deps: AppDeps) {
  api.get("/website/search", async (c) => {
    const folded = foldForSearch(query(c, searchQuery).query ?? "");
    // Shoppers repeat the same few searches; answers are kept like any catalog read.
    return cachedJson(c, deps.cache, cacheKeys.search(folded), () => searchCatalog(deps.database.db, folded));
  });
}
