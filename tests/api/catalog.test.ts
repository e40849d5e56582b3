import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Base, DivergenceData, Finish, Product, Slab } from "../../domain/catalog-types.ts";
import { createTestApp, dbKinds, type TestApp } from "../support/test-app.ts";

describe.each(dbKinds)("catalog API on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const get = async <T>(path: string) => {
    const res = await t.request(path);
    expect(res.status, path).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    return (await res.json()) as T;
  };

  it("lists products with the spec's fields, variants pointing at their parent", async () => {
    const products = await get<Product[]>("/api/Products");
    const parents = products.filter((p) => p.productId === null);
    expect(parents.length).toBeGreaterThanOrEqual(24);
    const withSizes = parents.find((p) => p.variants.some((v) => v.type === "Size"))!;
    const variant = withSizes.variants.find((v) => v.type === "Size")!;
    expect(variant.productId).toBe(withSizes.id);
    const variantRow = products.find((p) => p.id === variant.id)!;
    expect(variantRow.productId).toBe(withSizes.id);
    for (const key of ["salePrice", "metaData", "customShipping", "inventoryId", "weight", "videos"]) {
      expect(parents[0]).toHaveProperty(key);
    }
    expect(parents.some((p) => p.stock === 0)).toBe(true);
    expect(parents.some((p) => p.salePrice !== null && p.salePrice < p.price)).toBe(true);
    expect(parents.some((p) => p.visibility === "Sale Pending")).toBe(true);
    expect(new Set(parents.map((p) => p.tag))).toEqual(new Set(["best seller", "new in", "none"]));
    expect(parents.some((p) => p.variants.some((v) => v.type === "Material"))).toBe(true);
    expect(parents.some((p) => p.customShipping)).toBe(true);
    expect(parents.some((p) => p.type === "Divergence")).toBe(true);
  });

  it("matches /api paths case-insensitively", async () => {
    const a = await t.request("/api/Products");
    const b = await t.request("/API/PRODUCTS");
    const c = await t.request("/api/products");
    expect([a.status, b.status, c.status]).toEqual([200, 200, 200]);
    expect(await b.text()).toBe(await c.text());
  });

  it("serves one product, and 404 or 400 for unknown or malformed ids", async () => {
    const [first] = await get<Product[]>("/api/Products");
    const one = await get<Product>(`/api/Products/${first!.id}`);
    expect(one.title).toBe(first!.title);
    const missing = await t.request("/api/Products/999999");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { code: "not_found" } });
    for (const bad of ["abc", "-1", "0", "99999999999", "1.5"]) {
      const res = await t.request(`/api/Products/${bad}`);
      expect(res.status, bad).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: "invalid_request", field: "id" } });
    }
  });

  it("answers with an ETag and 304 when the client has it, gzip when asked", async () => {
    const first = await t.request("/api/Slabs");
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"/);
    const again = await t.request("/api/Slabs", { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    const zipped = await t.request("/api/Slabs", { headers: { "accept-encoding": "gzip" } });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
  });

  it("lists 30 slabs over the three length classes", async () => {
    const slabs = await get<Slab[]>("/api/Slabs");
    expect(slabs.length).toBeGreaterThanOrEqual(30);
    expect(slabs.some((s) => s.length <= 36)).toBe(true);
    expect(slabs.some((s) => s.length > 36 && s.length <= 72)).toBe(true);
    expect(slabs.some((s) => s.length > 72)).toBe(true);
    expect(new Set(slabs.map((s) => s.species)).size).toBeGreaterThanOrEqual(4);
    const one = await get<Slab>(`/api/Slabs/${slabs[0]!.id}`);
    expect(one).toEqual(slabs[0]);
  });

  it("lists 12 bases over Steel, Wood and other materials", async () => {
    const bases = await get<Base[]>("/api/Bases");
    expect(bases.length).toBeGreaterThanOrEqual(12);
    const materials = new Set(bases.map((b) => b.material));
    expect(materials.has("Steel")).toBe(true);
    expect(materials.has("Wood")).toBe(true);
    expect(materials.size).toBeGreaterThanOrEqual(3);
    expect((await t.request(`/api/Bases/${bases[0]!.id}`)).status).toBe(200);
  });

  it("lists 8 finishes", async () => {
    const finishes = await get<Finish[]>("/api/finishes");
    expect(finishes.length).toBeGreaterThanOrEqual(8);
    expect(finishes[0]).toMatchObject({ name: expect.any(String), imageFileName: expect.stringMatching(/\.jpg$/) });
  });

  it("serves the Divergence data with at least four species and their sizes", async () => {
    const d = await get<DivergenceData>("/api/divergence/GetDivergenceVariants/1");
    expect(d.divergenceMetadata.divergenceId).toBe(1);
    expect(d.divergenceMetadata.liveEdgePrice).toBeGreaterThan(0);
    expect(d.variantSpecies.length).toBeGreaterThanOrEqual(4);
    for (const s of d.variantSpecies) {
      expect(s.metadata.length).toBeGreaterThan(0);
      expect(s.metadata[0]).toMatchObject({ size: expect.any(String), price: expect.any(Number) });
    }
    expect((await t.request("/api/divergence/GetDivergenceVariants/2")).status).toBe(404);
  });
});
