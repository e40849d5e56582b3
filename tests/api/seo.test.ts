import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Base, MediaPost, Product, Slab } from "../../domain/catalog-types.ts";
import { createTestApp, dbKinds, type TestApp } from "../support/test-app.ts";

describe.each(dbKinds)("sitemap and robots on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { PUBLIC_URL: "https://shop.example.com" } });
  });
  afterAll(() => t.close());
  const json = async <T>(p: string) => (await (await t.request(p)).json()) as T;

  it("lists every product and variant, slab, base, media post, campaign and browsing page with its date", async () => {
    const res = await t.request("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/application\/xml/);
    const xml = await res.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(new Set(locs).size).toBe(locs.length);
    for (const p of await json<Product[]>("/api/Products"))
      expect(locs).toContain(
        `https://shop.example.com/products/${p.productId === null ? p.id : `${p.productId}/${p.id}`}`,
      );
    for (const s of await json<Slab[]>("/api/Slabs")) expect(locs).toContain(`https://shop.example.com/slabs/${s.id}`);
    for (const b of await json<Base[]>("/api/Bases")) expect(locs).toContain(`https://shop.example.com/bases/${b.id}`);
    for (const m of await json<MediaPost[]>("/api/Media"))
      expect(locs).toContain(`https://shop.example.com/media/${m.id}`);
    const campaigns = await json<{ campaignId: string }[]>("/api/Mailchimp/GetCampaigns");
    expect(campaigns.length).toBeGreaterThan(0);
    for (const c of campaigns) expect(locs).toContain(`https://shop.example.com/newsletter/${c.campaignId}`);
    for (const p of ["/", "/shop", "/slabs", "/bases", "/media", "/faqs", "/our-story", "/contact"])
      expect(locs).toContain(`https://shop.example.com${p}`);
    for (const p of ["/cart", "/wishlist", "/check-out"]) expect(locs).not.toContain(`https://shop.example.com${p}`);
    expect([...xml.matchAll(/<lastmod>([^<]+)<\/lastmod>/g)].every((m) => /^\d{4}-\d{2}-\d{2}$/.test(m[1]!))).toBe(
      true,
    );
  });

  it("keeps the visitor's own pages out of the index and points at the sitemap", async () => {
    const text = await (await t.request("/robots.txt")).text();
    for (const p of ["/cart", "/wishlist", "/check-out"]) expect(text).toContain(`Disallow: ${p}`);
    expect(text).toContain("Sitemap: https://shop.example.com/sitemap.xml");
  });
});
