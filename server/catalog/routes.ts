import type { Hono } from "hono";
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
  api.get("/products", (c) => cachedJson(c, deps, "products", () => listProducts(db)));
  api.get("/products/:id", (c) => {
    const id = idParam(c);
    return cachedJson(c, deps, `product:${id}`, async () => (await getProduct(db, id)) ?? undefined);
  });
  api.get("/slabs", (c) => cachedJson(c, deps, "slabs", () => listSlabs(db)));
  api.get("/slabs/:id", (c) => {
    const id = idParam(c);
    return cachedJson(c, deps, `slab:${id}`, async () => (await getSlab(db, id)) ?? undefined);
  });
  api.get("/bases", (c) => cachedJson(c, deps, "bases", () => listBases(db)));
  api.get("/bases/:id", (c) => {
    const id = idParam(c);
    return cachedJson(c, deps, `base:${id}`, async () => (await getBase(db, id)) ?? undefined);
  });
  api.get("/finishes", (c) => cachedJson(c, deps, "finishes", () => listFinishes(db)));
  api.get("/divergence/getdivergencevariants/:id", (c) => {
    const id = idParam(c);
    return cachedJson(c, deps, `divergence:${id}`, async () => (await getDivergence(db, id)) ?? undefined);
  });
}
