import type { Hono } from "hono";
import { cacheKeys } from "../cache-keys.ts";
import type { AppDeps } from "../deps.ts";
import { cachedJson, idParam } from "../http/params.ts";
import {
  getBase,
  getDivergence,
  getProduct,
  getSlab,
  listBases,
  listFinishes,
  listProducts,
  listSlabs,
} from "./queries.ts";

/** Catalog reads (docs/product.md §7). Paths are lowercase: the app lowercases /api paths before routing. */
export function catalogRoutes(api: Hono, deps: AppDeps) {
  const { db } = deps.database;
  api.get("/products", (c) => cachedJson(c, deps.cache, cacheKeys.products, () => listProducts(db)));
  api.get("/products/:id", (c) => {
    const id = idParam(c);
    return cachedJson(c, deps.cache, cacheKeys.product(id), async () => (await getProduct(db, id)) ?? undefined);
  });
  api.get("/slabs", (c) => cachedJson(c, deps.cache, cacheKeys.slabs, () => listSlabs(db)));
  api.get("/slabs/:id", (c) => {
    const id = idParam(c);
    return cachedJson(c, deps.cache, cacheKeys.slab(id), async () => (await getSlab(db, id)) ?? undefined);
  });
  api.get("/bases", (c) => cachedJson(c, deps.cache, cacheKeys.bases, () => listBases(db)));
  api.get("/bases/:id", (c) => {
    const id = idParam(c);
    return cachedJson(c, deps.cache, cacheKeys.base(id), async () => (await getBase(db, id)) ?? undefined);
  });
  api.get("/finishes", (c) => cachedJson(c, deps.cache, cacheKeys.finishes, () => listFinishes(db)));
  api.get("/divergence/getdivergencevariants/:id", (c) => {
    const id = idParam(c);
    return cachedJson(c, deps.cache, cacheKeys.divergence(id), async () => (await getDivergence(db, id)) ?? undefined);
  });
}
