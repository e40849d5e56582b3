import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Base, MediaPost, Product, Slab } from "../../domain/catalog-types.ts";
import { sitePages } from "../../server/pages.ts";
import { serveApp } from "../../server/serve.ts";
import { devSiteBuild } from "../support/dev-site.ts";
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

/** A GET with the Host header a client chose, over a socket, as the server sees any request. */
function getAs(port: number, path: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path, headers: { host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
    });
    req.on("error", reject);
    req.end();
  });
}

const attr = (html: string, pattern: RegExp) => html.match(pattern)?.[1] ?? null;
const jsonLdUrls = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].flatMap((m) =>
    [...m[1]!.matchAll(/"(?:url|item|@id)":"([^"]+)"/g)].map((u) => u[1]!),
  );

describe("links never take the request's Host", () => {
  let site: Awaited<ReturnType<typeof devSiteBuild>>;
  beforeAll(async () => {
    site = await devSiteBuild();
  });
  afterAll(() => site.close());

  describe.each([
    ["with PUBLIC_URL", { PUBLIC_URL: "https://shop.example.com" }, "https://shop.example.com"],
    ["without PUBLIC_URL", { PORT: "3000" }, "http://localhost:3000"],
  ])("%s", (_name, env, origin) => {
    let t: TestApp;
    let port: number;
    let stop: () => Promise<void>;
    beforeAll(async () => {
      t = await createTestApp("pglite", { env });
      const pages = sitePages(t.deps, site.build);
      const running = await serveApp(t.deps, { port: 0, host: "127.0.0.1" }, { pages, clientDir: t.dataDir });
      port = running.port;
      stop = running.stop;
    });
    afterAll(() => stop());

    it("writes the site's origin into canonical links, og:url, JSON-LD and share links", async () => {
      const products = (await (await t.request("/api/Products")).json()) as Product[];
      const product = products.find((p) => p.productId === null)!;
      for (const p of ["/", "/shop", "/contact", `/products/${product.id}`]) {
        for (const host of ["evil.example", `evil.example:${port}`]) {
          const { status, body } = await getAs(port, p, host);
          expect(status, p).toBe(200);
          expect(body, p).not.toContain("evil.example");
          expect(attr(body, /<link rel="canonical" href="([^"]+)"/), p).toBe(origin + p);
          expect(attr(body, /<meta property="og:url" content="([^"]+)"/), p).toBe(origin + p);
          const urls = jsonLdUrls(body);
          if (p !== "/shop") expect(urls.length, p).toBeGreaterThan(0);
          for (const url of urls) expect(url.startsWith(`${origin}/`), `${p}: ${url}`).toBe(true);
        }
      }
    });

    it("writes the site's origin into the sitemap and robots.txt, whoever asked first", async () => {
      for (let i = 0; i < 2; i++) {
        const sitemap = await getAs(port, "/sitemap.xml", "evil.example");
        expect(sitemap.status).toBe(200);
        expect(sitemap.body).not.toContain("evil.example");
        const locs = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
        expect(locs.length).toBeGreaterThan(10);
        for (const loc of locs) expect(loc.startsWith(`${origin}/`), loc).toBe(true);
        const robots = await getAs(port, "/robots.txt", "evil.example");
        expect(robots.body).not.toContain("evil.example");
        expect(robots.body).toContain(`Sitemap: ${origin}/sitemap.xml`);
      }
    });
  });
});
