import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Product } from "../../domain/catalog-types.ts";
import { createApp } from "../../server/app.ts";
import { sitePages } from "../../server/pages.ts";
import { devSiteBuild } from "../support/dev-site.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

describe("the search results page", () => {
  let t: TestApp;
  let site: Awaited<ReturnType<typeof devSiteBuild>>;
  const page = async (path: string) => {
    const res = await createApp(t.deps, { pages: sitePages(t.deps, site.build) }).request(`http://localhost${path}`);
    return { status: res.status, html: await res.text() };
  };
  const cardTitles = (html: string) =>
    [...html.matchAll(/class="card__title"><a href="([^"]+)"[^>]*>([^<]+)</g)].map((m) => ({
      href: m[1],
      title: m[2],
    }));

  beforeAll(async () => {
    [t, site] = await Promise.all([createTestApp("pglite"), devSiteBuild()]);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await site?.close();
  });

  it("lists a size that matches as the piece it belongs to, once", async () => {
    const products = (await (await t.request("/api/Products")).json()) as Product[];
    const variant = products.find((p) => p.productId !== null)!;
    const parent = products.find((p) => p.id === variant.productId)!;
    const { status, html } = await page(`/search?q=${encodeURIComponent(variant.title)}`);
    expect(status).toBe(200);
    const cards = cardTitles(html);
    expect(cards.map((c) => c.title)).toContain(parent.title);
    expect(cards.filter((c) => c.title === parent.title)).toHaveLength(1);
    expect(cards.map((c) => c.title)).not.toContain(variant.title);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
  });

  it("shows slabs and bases with their prices, says when nothing matches, and asks for three characters", async () => {
    const walnut = await page("/search?q=walnut");
    expect(walnut.html).toMatch(/Results for “(<!-- -->)?walnut/);
    expect(cardTitles(walnut.html).some((c) => c.href?.startsWith("/slabs/"))).toBe(true);
    expect(walnut.html).toMatch(/\$\d/);
    expect((await page("/search?q=zzzqqq")).html).toContain("No results found");
    expect((await page("/search?q=wa")).html).toContain("Please type at least 3 characters");
  });
});
