import { existsSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Product, Slab } from "../../domain/catalog-types.ts";
import { content } from "../../seed/content/index.ts";
import { createApp } from "../../server/app.ts";
import { runImageWork } from "../../server/images/image-work.ts";
import { ImageOptimizer } from "../../server/images/optimize.ts";
import { UNDRAWN_TIMING } from "../../server/images/undrawn.ts";
import { variantsByUrgency } from "../../server/images/variant-plan.ts";
import { sitePages } from "../../server/pages.ts";
import { devSiteBuild } from "../support/dev-site.ts";
import { createTestApp, dbKinds, type TestApp } from "../support/test-app.ts";

/** The start's picture work for a shop whose pictures are drawn: only the variants, in the image-work process. */
const makeVariants = (deps: Parameters<typeof runImageWork>[0]) =>
  runImageWork(deps, { content, draw: false, signal: new AbortController().signal });

/**
 * Every optimiser URL a page's HTML loads for one picture (src, srcset, preload links; not the
 * social preview's meta tag, which only a sharing site fetches).
 */
function optimiserUrls(html: string, fileName: string): string[] {
  const urls = new Set<string>();
  for (const attr of html.matchAll(/\s(?:src|srcset|imagesrcset|href)="([^"]+)"/gi)) {
    for (const m of attr[1]!.matchAll(/\/api\/images\/optimize\?[^"\s,]+/g)) {
      const url = m[0].replaceAll("&amp;", "&");
      if (new URL(url, "http://x").searchParams.get("filePath")?.endsWith(`/${fileName}`)) urls.add(url);
    }
  }
  return [...urls];
}

describe.each(dbKinds)("image variants made ahead of need, in a process of their own, on %s", (kind) => {
  let t: TestApp;
  let site: Awaited<ReturnType<typeof devSiteBuild>>;
  let card: { folder: string; fileName: string };
  let slab: Slab;
  const json = async <T>(p: string) => (await (await t.request(p)).json()) as T;
  const page = async (p: string) =>
    (await createApp(t.deps, { pages: sitePages(t.deps, site.build) }).request(`http://localhost${p}`)).text();

  beforeAll(async () => {
    [t, site] = await Promise.all([createTestApp(kind), devSiteBuild()]);
    // Sources for the shop's first card and the first slab only, stored in the database and on
    // no disk: the image-work process asks the server for them. Every other planned picture is
    // missing, which it passes over.
    const first = (await json<Product[]>("/api/Products")).find((p) => p.productId === null)!;
    card = { folder: "products", fileName: first.images[0]!.fileName };
    slab = (await json<Slab[]>("/api/Slabs"))[0]!;
    const sources = [card, ...slab.images.map((i) => ({ folder: "slabs", fileName: i.fileName }))];
    const jpeg = await sharp({ create: { width: 640, height: 640, channels: 3, background: "#7a5534" } })
      .jpeg()
      .toBuffer();
    for (const s of sources) await t.deps.files.put(`images/${s.folder}/${s.fileName}`, jpeg, "image/jpeg");
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await site?.close();
  });

  it("plans the first screens' pictures first: the shop's and the slabs' first cards", async () => {
    const { opening } = await variantsByUrgency(t.deps.database.db);
    const widths = (fileName: string) => opening.filter((v) => v.fileName === fileName).map((v) => v.width);
    expect(widths(card.fileName)).toEqual([300, 450, 600]);
    expect(widths(slab.images[0]!.fileName)).toEqual([300, 450, 600]);
    // A detail page's gallery (square) comes later.
    expect(opening.filter((v) => v.width === v.height)).toEqual([]);
  });

  it("makes every variant the shop's first card and a slab page's pictures ask for, before anyone asks", async () => {
    const summary = await makeVariants(t.deps);
    expect(summary?.made).toBeGreaterThan(0);
    expect(summary).toMatchObject({ failed: 0, cached: 0 });
    expect(summary!.missing).toBeGreaterThan(summary!.made);

    const shop = optimiserUrls(await page("/shop"), card.fileName);
    const detail = await page(`/slabs/${slab.id}`);
    const slabUrls = slab.images.flatMap((i) => optimiserUrls(detail, i.fileName));
    // The card's srcset, the gallery's phone and wide srcsets, its preload links and thumbnails.
    expect(shop.length).toBeGreaterThanOrEqual(3);
    expect(slabUrls.length).toBeGreaterThanOrEqual(slab.images.length * 7);
    const before = t.deps.images.transformations;
    for (const url of [...shop, ...slabUrls]) expect((await t.request(url)).status, url).toBe(200);
    // The server made none of them: the image-work process had.
    expect(t.deps.images.transformations - before).toBe(0);
  });

  it("keeps an item's first picture, as its card and page show it, with the renditions: a cleared cache keeps it", async () => {
    const { renditions } = await variantsByUrgency(t.deps.database.db);
    const first = slab.images[0]!.fileName;
    const sizes = renditions.filter((v) => v.fileName === first).map((v) => `${v.width}x${v.height}q${v.quality}`);
    // The card (3:4), the phone's gallery (square, q80) and the wide gallery (square, q99).
    expect(sizes).toEqual([
      ...["300x400q90", "450x600q90", "600x800q90"],
      ...["400x400q80", "600x600q80", "800x800q80", "1200x1200q80"],
      ...["600x600q99", "900x900q99", "1200x1200q99"],
    ]);
    // The optimiser's cache is cleared (a new machine's, or a deploy's): the slab's page still
    // finds its first picture, phone and wide, without making anything.
    rmSync(path.join(t.dataDir, "cache"), { recursive: true, force: true });
    const images = new ImageOptimizer(t.deps.files, t.dataDir);
    const app = createApp({ ...t.deps, images });
    const urls = optimiserUrls(await page(`/slabs/${slab.id}`), first).filter((u) => {
      const q = new URL(u, "http://x").searchParams;
      return Number(q.get("width")) >= 400; // not the thumbnails' strip
    });
    expect(urls.length).toBeGreaterThanOrEqual(7);
    for (const url of urls) expect((await app.request(`http://localhost${url}`)).status, url).toBe(200);
    expect(images.transformations).toBe(0);
  });

  it("makes again only what a cleared cache took, and a start that finds everything makes nothing", async () => {
    const images = new ImageOptimizer(t.deps.files, t.dataDir, { diskCacheBytes: 1 });
    const again = await makeVariants({ ...t.deps, images });
    // The cache was cleared above: the variants made ahead are made again, the renditions kept.
    expect(again?.made).toBeGreaterThan(0);
    expect(again?.cached).toBeGreaterThan(0);
    const third = await makeVariants({ ...t.deps, images });
    expect(third).toMatchObject({ made: 0, failed: 0, cached: again!.cached + again!.made });
    expect(images.transformations).toBe(0);
    expect(await images.aheadBytes()).toBeGreaterThan(0);
  });

  it("deletes what was made for a picture no page shows any more", async () => {
    const ahead = path.join(t.dataDir, "cache", "images-ahead");
    const count = readdirSync(ahead).length;
    const stray = path.join(ahead, `${"0".repeat(64)}.webp`);
    writeFileSync(stray, Buffer.from("an old variant"));
    await makeVariants({ ...t.deps, images: new ImageOptimizer(t.deps.files, t.dataDir) });
    expect(existsSync(stray)).toBe(false);
    expect(readdirSync(ahead).length).toBe(count);
  });
});

describe("a picture still being drawn", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("pglite", { seed: false });
  });
  afterAll(() => t.close());

  it("answers its placeholder in its colour, never cached, at its own address and the optimiser's, until it is stored", async () => {
    t.deps.undrawn.add("images/slabs/walnut-1.jpg", "#5c3b28");
    for (const url of [
      "/images/slabs/walnut-1.jpg",
      "/api/images/optimize?filePath=images%2Fslabs%2Fwalnut-1.jpg&width=600&height=800&quality=90&format=webp",
    ]) {
      const res = await t.request(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/svg+xml");
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.headers.get("server-timing")).toBe(UNDRAWN_TIMING);
      expect(await res.text()).toContain('fill="#5c3b28"');
    }
    // A picture nobody is drawing is the plain 404, as before.
    expect((await t.request("/images/slabs/nobody-draws-this.jpg")).status).toBe(404);

    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#5c3b28" } })
      .jpeg()
      .toBuffer();
    await t.deps.files.put("images/slabs/walnut-1.jpg", jpeg, "image/jpeg");
    t.deps.undrawn.drawn("images/slabs/walnut-1.jpg");
    const drawn = await t.request("/images/slabs/walnut-1.jpg");
    expect(drawn.headers.get("content-type")).toBe("image/jpeg");
    const variant = await t.request(
      "/api/images/optimize?filePath=images%2Fslabs%2Fwalnut-1.jpg&width=600&height=800&quality=90&format=webp",
    );
    expect(variant.headers.get("content-type")).toBe("image/webp");
  });
});
