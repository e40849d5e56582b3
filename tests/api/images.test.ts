import { readdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ImageOptimizer } from "../../server/images/optimize.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

describe("image optimiser", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("pglite", { seed: false });
    const jpeg = await sharp({ create: { width: 600, height: 800, channels: 3, background: "#6b4a2f" } })
      .jpeg()
      .toBuffer();
    await t.deps.files.put("images/products/walnut-table-1.jpg", jpeg, "image/jpeg");
    await t.deps.files.put("images/carousel/reel.mp4", Buffer.from("not really a video"), "video/mp4");
  });
  afterAll(() => t.close());

  const optimize = (q: string) => t.request(`/api/images/optimize?${q}`);

  it("resizes and converts to webp with long immutable caching and a strong ETag", async () => {
    const res = await optimize(
      "filePath=images/products/walnut-table-1.jpg&width=150&height=150&quality=80&format=webp",
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const etag = res.headers.get("etag")!;
    expect(etag).toMatch(/^"[^"]+"$/);
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 150, 150]);
    const again = await optimize(
      "filePath=images/products/walnut-table-1.jpg&width=150&height=150&quality=80&format=webp",
    );
    expect(again.headers.get("etag")).toBe(etag);
    const revalidated = await t.request(
      "/api/images/optimize?filePath=images/products/walnut-table-1.jpg&width=150&height=150&quality=80&format=webp",
      { headers: { "if-none-match": etag } },
    );
    expect(revalidated.status).toBe(304);
  });

  it("produces every format and keeps the aspect ratio when only a width is given", async () => {
    for (const format of ["avif", "jpeg", "png", "webp"]) {
      const res = await optimize(`filePath=images/products/walnut-table-1.jpg&width=60&format=${format}`);
      expect(res.status, format).toBe(200);
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(meta.width).toBe(60);
      expect(meta.height).toBe(80);
    }
  });

  it("transforms concurrent identical requests once and caches on disk", async () => {
    const before = t.deps.images.transformations;
    const q = "filePath=images/products/walnut-table-1.jpg&width=321&height=123&format=jpeg";
    const answers = await Promise.all(Array.from({ length: 8 }, () => optimize(q)));
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(t.deps.images.transformations - before).toBe(1);
    expect(readdirSync(path.join(t.dataDir, "cache", "images")).some((f) => f.endsWith(".jpeg"))).toBe(true);
    // A new process (a fresh optimiser) reuses the disk cache.
    const fresh = new ImageOptimizer(t.deps.files, t.dataDir);
    await fresh.get({
      folder: "products",
      fileName: "walnut-table-1.jpg",
      width: 321,
      height: 123,
      quality: 80,
      format: "jpeg",
    });
    expect(fresh.transformations).toBe(0);
  });

  it("refuses paths outside images/<known folder>/ with 400", async () => {
    const bad = [
      "filePath=images/../server/config.ts",
      "filePath=images/products/../../etc/passwd",
      "filePath=/etc/passwd",
      "filePath=images/secrets/x.jpg",
      "filePath=images/products",
      "filePath=images/products/a/b.jpg",
      "filePath=images/products/..",
      "filePath=images\\products\\walnut-table-1.jpg",
      "filePath=images/products/%00.jpg",
      "filePath=",
      "",
    ];
    for (const q of bad) {
      const res = await optimize(q);
      expect(res.status, q).toBe(400);
      expect(await res.json()).toMatchObject({ error: { field: "filePath" } });
    }
  });

  it("refuses sizes, pixel counts and qualities over the caps, and unknown formats, with 400 naming the field", async () => {
    const cases: [string, string][] = [
      ["width=0", "width"],
      ["width=4001", "width"],
      ["width=2401", "width"],
      ["height=2401", "height"],
      ["width=2400&height=2400", "height"],
      ["width=4000&height=4000&quality=100&format=avif", "width"],
      ["quality=100", "quality"],
      ["quality=90&format=avif", "quality"],
      ["height=-5", "height"],
      ["height=1e3", "height"],
      ["quality=0", "quality"],
      ["quality=101", "quality"],
      ["format=gif", "format"],
      ["format=WEBP", "format"],
    ];
    for (const [q, field] of cases) {
      const res = await optimize(`filePath=images/products/walnut-table-1.jpg&${q}`);
      expect(res.status, q).toBe(400);
      expect(await res.json()).toMatchObject({ error: { field } });
    }
  });

  it("answers 404 for a missing file and 415 for a file that is not an image", async () => {
    expect((await optimize("filePath=images/products/missing.jpg&width=10")).status).toBe(404);
    const video = await optimize("filePath=images/carousel/reel.mp4&width=10");
    expect(video.status).toBe(415);
    expect(await video.json()).toMatchObject({ error: { code: "unsupported_media" } });
  });

  it("serves the originals under /images", async () => {
    const res = await t.request("/images/products/walnut-table-1.jpg");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    const range = await t.request("/images/carousel/reel.mp4", { headers: { range: "bytes=0-3" } });
    expect(range.status).toBe(206);
    expect(await range.text()).toBe("not ");
    expect((await t.request("/images/products/nope.jpg")).status).toBe(404);
    expect((await t.request("/images/../package.json")).status).toBe(404);
  });
});
