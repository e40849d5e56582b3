import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp, { type Sharp } from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "../../server/app.ts";
import { ImageOptimizer, type OptimizerOptions } from "../../server/images/optimize.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

/** A photo-sized source of pure noise: nothing compresses, so every transform costs its most. */
const noiseJpeg = (side: number) =>
  sharp({
    create: {
      width: side,
      height: side,
      channels: 3,
      background: "#000",
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer();

describe("image optimiser under load", () => {
  let t: TestApp;
  let noise: Buffer;
  let grain: Buffer;
  const dirs: string[] = [];
  beforeAll(async () => {
    t = await createTestApp("pglite", { seed: false });
    noise = await noiseJpeg(3000);
    grain = await noiseJpeg(400);
    await t.deps.files.put("images/products/noise.jpg", noise, "image/jpeg");
    await t.deps.files.put("images/products/grain.jpg", grain, "image/jpeg");
  });
  afterEach(() => vi.restoreAllMocks());
  afterAll(async () => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
    await t.close();
  });

  /** The app over its own data folder (so no test sees another's cache) and optimiser. */
  function appWith(options: OptimizerOptions) {
    const dataDir = mkdtempSync(path.join(tmpdir(), "heartwood-images-"));
    dirs.push(dataDir);
    const images = new ImageOptimizer(t.deps.files, dataDir, options);
    const app = createApp({ ...t.deps, config: { ...t.deps.config, dataDir }, images });
    const request = async (p: string) => app.request(`http://localhost${p}`);
    const optimize = (file: string, q: string) => request(`/api/images/optimize?filePath=images/products/${file}&${q}`);
    return { dataDir, images, request, optimize };
  }

  /** Counts sharp encodes in flight, independently of the optimiser's own bookkeeping. */
  function countEncodes() {
    const counter = { inFlight: 0, peak: 0, done: 0 };
    const toBuffer = sharp.prototype.toBuffer;
    vi.spyOn(sharp.prototype, "toBuffer").mockImplementation(function (this: Sharp) {
      counter.inFlight += 1;
      counter.peak = Math.max(counter.peak, counter.inFlight);
      return (toBuffer.call(this) as Promise<Buffer>).finally(() => {
        counter.inFlight -= 1;
        counter.done += 1;
      }) as never;
    });
    return counter;
  }

  it("never runs more transforms at once than its concurrency", async () => {
    const { images, optimize } = appWith({ concurrency: 2 });
    const encodes = countEncodes();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => optimize("noise.jpg", `width=${800 + i}&height=800&quality=90`)),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(200));
    // Two at once is what the optimiser allows; a busy machine may finish one before the next starts.
    expect(encodes.peak).toBeLessThanOrEqual(2);
    expect(images.stats().peak).toBeLessThanOrEqual(2);
    expect(images.stats()).toMatchObject({ running: 0, queued: 0, transformations: 8 });
  });

  it("answers 503 with Retry-After once the queue is full", async () => {
    const { optimize } = appWith({ concurrency: 1, maxQueue: 2 });
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => optimize("noise.jpg", `width=${1600 + i}&height=1600&quality=99`)),
    );
    const refused = answers.filter((r) => r.status === 503);
    expect(answers.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(3);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(refused.length + answers.filter((r) => r.status === 200).length).toBe(6);
    for (const r of refused) {
      expect(r.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(await r.json()).toMatchObject({ error: { code: "busy" } });
    }
  });

  it("answers 504 when a transform runs past its time limit, and frees its slot", async () => {
    const { images, optimize } = appWith({ concurrency: 1, timeoutMs: 1 });
    const started = performance.now();
    const res = await optimize("noise.jpg", "width=2000&height=2000&quality=99");
    expect(res.status).toBe(504);
    expect(await res.json()).toMatchObject({ error: { code: "image_timeout", field: "filePath" } });
    expect(performance.now() - started).toBeLessThan(1000);
    await vi.waitFor(() => expect(images.stats().running).toBe(0), { timeout: 5000 });
  });

  it("keeps the disk cache under its bound, evicting the least recently used", async () => {
    // Each variant is about 14 kB: the bound holds two or three of the six.
    const bound = 40_000;
    const { dataDir, images, optimize } = appWith({ diskCacheBytes: bound });
    const sizes = [200, 201, 202, 203, 204, 205];
    for (const w of sizes) expect((await optimize("grain.jpg", `width=${w}&height=${w}`)).status).toBe(200);
    const cacheDir = path.join(dataDir, "cache", "images");
    const onDisk = readdirSync(cacheDir).reduce((sum, f) => sum + statSync(path.join(cacheDir, f)).size, 0);
    expect(onDisk).toBeLessThanOrEqual(bound);
    expect(await images.diskCacheBytes()).toBe(onDisk);
    expect(readdirSync(cacheDir).length).toBeLessThan(sizes.length);

    // A new process finds the newest variant on disk and has to redo the oldest.
    const fresh = new ImageOptimizer(t.deps.files, dataDir, { diskCacheBytes: bound });
    const variant = (w: number) => ({ folder: "products", fileName: "grain.jpg", width: w, height: w, quality: 80 });
    await fresh.get({ ...variant(205), format: "webp" });
    expect(fresh.transformations).toBe(0);
    await fresh.get({ ...variant(200), format: "webp" });
    expect(fresh.transformations).toBe(1);
  });

  it("answers a static image at once while transforms are queued", async () => {
    const { images, optimize, request } = appWith({ concurrency: 1 });
    // Every encode really runs (on sharp's threads), but its result is held until the gate opens:
    // the transform keeps its slot, the others stay queued, and a static answer that waited for any
    // of them would never come.
    let openGate = () => {};
    const gate = new Promise<void>((resolve) => {
      openGate = resolve;
    });
    const encodes = { started: 0, done: 0 };
    const toBuffer = sharp.prototype.toBuffer;
    vi.spyOn(sharp.prototype, "toBuffer").mockImplementation(function (this: Sharp) {
      encodes.started += 1;
      const result = toBuffer.call(this) as Promise<Buffer>;
      return gate
        .then(() => result)
        .finally(() => {
          encodes.done += 1;
        }) as never;
    });
    const transforms = Array.from({ length: 4 }, (_, i) =>
      optimize("noise.jpg", `width=${2000 - i}&height=2000&quality=99`).then((r) => r.status),
    );
    await vi.waitFor(() => expect(encodes.started).toBeGreaterThan(0), { timeout: 5000 });
    const staticImage = await request("/images/products/grain.jpg");
    // The file's bytes come from the file store (memory, or the database), not from a thread sharp holds.
    const body = Buffer.from(await staticImage.arrayBuffer());
    expect(staticImage.status).toBe(200);
    expect(body.equals(grain)).toBe(true);
    expect(encodes.done).toBe(0);
    expect(images.stats()).toMatchObject({ running: 1 });
    expect(images.stats().queued).toBeGreaterThan(0);
    openGate();
    expect(await Promise.all(transforms)).toEqual([200, 200, 200, 200]);
  });
});
