import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Product, SearchResponse } from "../../domain/catalog-types.ts";
import { createTestApp, dbKinds, type TestApp } from "../support/test-app.ts";

describe.each(dbKinds)("search API on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const search = async (q: string) => {
    const res = await t.request(`/api/Website/search?query=${encodeURIComponent(q)}`);
    expect(res.status, q).toBe(200);
    return (await res.json()) as SearchResponse;
  };

  it("returns empty lists under three trimmed characters", async () => {
    for (const q of ["", "  ", "wa", "  wa  "]) {
      expect(await search(q)).toEqual({ products: [], slabs: [], bases: [] });
    }
    const none = await t.request("/api/Website/search");
    expect(await none.json()).toEqual({ products: [], slabs: [], bases: [] });
  });

  it("finds slabs by species, case- and accent-insensitively, and by prefix", async () => {
    const plain = await search("walnut");
    expect(plain.slabs.length).toBeGreaterThan(0);
    expect(await search("WÁLNUT")).toEqual(plain);
    const prefix = await search("waln");
    expect(prefix.slabs.length).toBeGreaterThan(0);
    for (const hit of plain.slabs) {
      expect(hit).toMatchObject({ id: expect.any(Number), title: expect.any(String) });
      expect(hit.images.length).toBeLessThanOrEqual(1);
    }
  });

  it("finds bases by material and products by category", async () => {
    expect((await search("steel")).bases.length).toBeGreaterThan(0);
    const products = (await (await t.request("/api/Products")).json()) as Product[];
    const category = products[0]!.category;
    const hits = await search(category);
    expect(hits.products.some((h) => h.id === products[0]!.id || h.productId === products[0]!.id)).toBe(true);
  });

  it("requires every word and ranks the closest match first", async () => {
    const products = (await (await t.request("/api/Products")).json()) as Product[];
    const target = products.find((p) => p.productId === null && p.title.split(" ").length >= 2)!;
    const hits = await search(target.title);
    expect(hits.products[0]?.title).toBe(target.title);
    expect((await search(`${target.title} zzzqqq`)).products).toEqual([]);
  });

  it("gives a variant result its parent's productId", async () => {
    const products = (await (await t.request("/api/Products")).json()) as Product[];
    const variant = products.find((p) => p.productId !== null)!;
    const parentTitle = products.find((p) => p.id === variant.productId)!.title;
    const hits = await search(`${parentTitle} ${variant.title}`);
    const hit = hits.products.find((h) => h.id === variant.id);
    expect(hit?.productId).toBe(variant.productId);
    expect(hit?.title).toBe(`${parentTitle} — ${variant.title}`);
    const parentHit = hits.products.find((h) => h.id === variant.productId);
    if (parentHit) expect(parentHit.productId).toBeUndefined();
  });

  it("treats LIKE wildcards as plain characters", async () => {
    expect(await search("%%%")).toEqual({ products: [], slabs: [], bases: [] });
    expect(await search("___")).toEqual({ products: [], slabs: [], bases: [] });
  });

  it("refuses an over-long query with a 400 naming it", async () => {
    const res = await t.request(`/api/Website/search?query=${"a".repeat(101)}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { field: "query" } });
  });
});
