import { existsSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Product, Slab } from "../../domain/catalog-types.ts";
import { createApp } from "../../server/app.ts";
import { ImageOptimizer } from "../../server/images/optimize.ts";
import {
  makeOpeningVariants,
  makeRenditions,
  plannedVariants,
  variantsByUrgency,
  warmUpImages,
} from "../../server/images/warm-up.ts";
import { createLogger } from "../../server/logger.ts";
import { sitePages } from "../../server/pages.ts";
import { devSiteBuild } from "../support/dev-site.ts";
import { createTestApp, dbKinds, type TestApp } from "../support/test-app.ts";

const logger = createLogger("silent");

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

describe.each(dbKinds)("image variants made ahead of need on %s", (kind) => {
  let t: TestApp;
  let site: Awaited<ReturnType<typeof devSiteBuild>>;
  let card: { folder: string; fileName: string };
  let slab: Slab;
  const json = async <T>(p: string) => (await (await t.request(p)).json()) as T;
  const page = async (p: string) =>
    (await createApp(t.deps, { pages: sitePages(t.deps, site.build) }).request(`http://localhost${p}`)).text();

  beforeAll(async () => {
    [t, site] = await Promise.all([createTestApp(kind), devSiteBuild()]);
    // Sources for the shop's first card and the first slab only; every other planned picture is
    // missing, which the warm-up passes over.
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

  it("makes the first screens' pictures before the server listens: the shop's and the slabs' first cards", async () => {
    const { opening } = await variantsByUrgency(t.deps.database.db);
    const widths = (fileName: string) => opening.filter((v) => v.fileName === fileName).map((v) => v.width);
    expect(widths(card.fileName)).toEqual([300, 450, 600]);
    expect(widths(slab.images[0]!.fileName)).toEqual([300, 450, 600]);
    // A detail page's gallery (square) waits for the background lane.
    expect(opening.filter((v) => v.width === v.height)).toEqual([]);

    // Only those two pictures have sources here: their cards are made, the rest is passed over.
    const summary = await makeOpeningVariants({ db: t.deps.database.db, images: t.deps.images, logger });
    expect(summary).toMatchObject({ made: 6, failed: 0, planned: opening.length });
    const before = t.deps.images.transformations;
    for (const url of optimiserUrls(await page("/shop"), card.fileName))
      expect((await t.request(url)).status).toBe(200);
    expect(t.deps.images.transformations - before).toBe(0);
  });

  it("keeps an item's first picture, as its card and page show it, with the stored pictures: a cleared cache keeps it", async () => {
    const { renditions } = await variantsByUrgency(t.deps.database.db);
    const first = slab.images[0]!.fileName;
    const sizes = renditions.filter((v) => v.fileName === first).map((v) => `${v.width}x${v.height}q${v.quality}`);
    // The card (3:4), the phone's gallery (square, q80) and the wide gallery (square, q99).
    expect(sizes).toEqual([
      ...["300x400q90", "450x600q90", "600x800q90"],
      ...["400x400q80", "600x600q80", "800x800q80", "1200x1200q80"],
      ...["600x600q99", "900x900q99", "1200x1200q99"],
    ]);
    // Only the shop's first card and the slab have sources; their card sizes were made above.
    const summary = await makeRenditions({ db: t.deps.database.db, images: t.deps.images, logger });
    expect(summary).toMatchObject({ made: 14, cached: 6, failed: 0, planned: renditions.length });

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

  it("makes every variant the shop's first card and a slab page's pictures ask for, before anyone asks", async () => {
    const summary = await warmUpImages({ db: t.deps.database.db, images: t.deps.images, logger });
    expect(summary.made).toBeGreaterThan(0);
    expect(summary.failed).toBe(0);

    const shop = optimiserUrls(await page("/shop"), card.fileName);
    const detail = await page(`/slabs/${slab.id}`);
    const slabUrls = slab.images.flatMap((i) => optimiserUrls(detail, i.fileName));
    // The card's srcset, the gallery's phone and wide srcsets, its preload links and thumbnails.
    expect(shop.length).toBeGreaterThanOrEqual(3);
    expect(slabUrls.length).toBeGreaterThanOrEqual(slab.images.length * 7);

    const before = t.deps.images.transformations;
    for (const url of [...shop, ...slabUrls]) {
      const res = await t.request(url);
      expect(res.status, url).toBe(200);
    }
    expect(t.deps.images.transformations - before).toBe(0);
  });

  it("keeps what it made beyond the least-recently-used bound, and a restart makes nothing", async () => {
    // A later process whose LRU bound holds nothing: the pages' variants are still on disk.
    const images = new ImageOptimizer(t.deps.files, t.dataDir, { diskCacheBytes: 1 });
    const again = await warmUpImages({ db: t.deps.database.db, images, logger });
    expect(again.made).toBe(0);
    expect(again.cached).toBeGreaterThan(0);
    expect(images.transformations).toBe(0);
    const first = (await plannedVariants(t.deps.database.db)).find((v) => v.fileName === card.fileName)!;
    await images.get(first);
    expect(images.transformations).toBe(0);
    expect(await images.aheadBytes()).toBeGreaterThan(0);
  });

  it("deletes what it made for a picture no page shows any more", async () => {
    const ahead = path.join(t.dataDir, "cache", "images-ahead");
    const count = readdirSync(ahead).length;
    const stray = path.join(ahead, `${"0".repeat(64)}.webp`);
    writeFileSync(stray, Buffer.from("an old variant"));
    await warmUpImages({ db: t.deps.database.db, images: new ImageOptimizer(t.deps.files, t.dataDir), logger });
    expect(existsSync(stray)).toBe(false);
    expect(readdirSync(ahead).length).toBe(count);
  });
});

describe("a visitor's image beside the warm-up", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("pglite", { seed: false });
    const noise = await sharp({
      create: {
        width: 1600,
        height: 1600,
        channels: 3,
        background: "#000",
        noise: { type: "gaussian", mean: 128, sigma: 40 },
      },
    })
      .jpeg({ quality: 90 })
      .toBuffer();
    for (const name of ["a.jpg", "b.jpg", "c.jpg", "visitor.jpg"])
      await t.deps.files.put(`images/products/${name}`, noise, "image/jpeg");
  });
  afterAll(() => t.close());

  const variant = (fileName: string, width: number) =>
    ({ folder: "products", fileName, width, height: width, quality: 99, format: "webp" }) as const;

  it("is made at once, not after the work made ahead, even with one transform slot", async () => {
    const images = new ImageOptimizer(t.deps.files, t.dataDir, { concurrency: 1 });
    const finished: string[] = [];
    const ahead = ["a.jpg", "b.jpg", "c.jpg"].flatMap((f) =>
      [1200, 1100, 1000].map((w) => images.prepare(variant(f, w)).then(() => finished.push(`${f}@${w}`))),
    );
    await vi.waitFor(() => expect(images.stats().background).toEqual({ running: 1, queued: 8 }));
    expect(images.stats()).toMatchObject({ running: 0, queued: 0 });
    await images.get(variant("visitor.jpg", 600)).then(() => finished.push("visitor"));
    // At most the one background transform already running finished first.
    expect(finished.indexOf("visitor")).toBeLessThanOrEqual(1);
    await Promise.all(ahead);
    expect(finished).toHaveLength(10);
  });

  it("takes a variant still waiting in the background lane into the visitors' line", async () => {
    const images = new ImageOptimizer(t.deps.files, t.dataDir, { concurrency: 1 });
    const finished: string[] = [];
    const ahead = [variant("a.jpg", 900), variant("a.jpg", 800), variant("b.jpg", 900), variant("b.jpg", 800)];
    const queued = [...ahead, variant("c.jpg", 900)].map((v) =>
      images.prepare(v).then(() => finished.push(`${v.fileName}@${v.width}`)),
    );
    await vi.waitFor(() => expect(images.stats().background).toEqual({ running: 1, queued: 4 }));
    // c.jpg waits behind four variants (one running); a visitor wants it now.
    await images.get(variant("c.jpg", 900)).then(() => finished.push("visitor"));
    // Without being moved it would come after all four; moved, it runs beside the first.
    const before = finished.slice(0, finished.indexOf("visitor")).filter((f) => f !== "c.jpg@900");
    expect(before.length).toBeLessThanOrEqual(2);
    await Promise.all(queued);
    expect(images.stats().transformations).toBe(5);
  });
});
