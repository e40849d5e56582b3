import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type ImageFolder, imageSrcSet, imageUrl } from "../../app/lib/images.ts";
import { ApiError } from "../http/errors.ts";
import { queryObject } from "../http/validate.ts";
import { LIMITS, parseOptimizeQuery, resizeOptions } from "./optimize-query.ts";

const parseUrl = (url: string) => parseOptimizeQuery(queryObject(new URL(url, "http://x")));
const refusal = (query: string) => {
  try {
    parseUrl(`/api/images/optimize?filePath=images/products/a.jpg&${query}`);
  } catch (err) {
    if (err instanceof ApiError) return `${err.status} ${err.field}`;
  }
  return "accepted";
};
const srcsetUrls = (srcset: string) => srcset.split(", ").map((entry) => entry.split(" ")[0]!);

/** Every size the site's call sites ask for (app/), built with the app's own helpers. */
function siteUrls(): string[] {
  const f: ImageFolder = "products";
  const one = (width: number, height: number, quality: number) => imageUrl(f, "a.jpg", { width, height, quality });
  const set = (widths: number[], ratio: number, quality?: number) =>
    srcsetUrls(imageSrcSet(f, "a.jpg", widths, ratio, quality));
  return [
    one(2000, 2000, 90), // zoom
    one(1200, 1200, 99), // gallery, zoom background
    ...set([600, 900, 1200], 1, 99),
    one(1600, 900, 80), // hero
    ...set([800, 1200, 1600, 1920], 9 / 16),
    one(600, 800, 90), // cards, wish list
    ...set([300, 450, 600], 800 / 600, 90),
    ...[384, 768].map((w) => one(w, Math.round((w * 9) / 16), 70)), // splash poster
    ...[50, 100, 200, 400].map((w) => one(w, w, 85)), // finish swatches
    one(50, 50, 70), // search
    one(150, 150, 80), // thumbnails, cart, enquiry, preview
    one(300, 300, 80),
    one(800, 533, 82), // media
    ...set([400, 600, 800], 2 / 3, 82),
    one(1000, 1000, 90), // portfolio
    ...set([500, 750, 1000], 1, 90),
    one(480, 360, 80), // Divergence species
    ...set([240, 480], 3 / 4, 80),
    one(850, 1100, 82), // look book
    one(1200, 900, 82), // founder
    ...set([600, 900, 1200], 900 / 1200, 82),
    one(1000, 667, 82), // media post
    ...set([500, 750, 1000], 667 / 1000, 82),
  ];
}

/** Files under app/ that build optimiser URLs, directly or through ResponsiveImage. */
function appSources(dir = path.join(import.meta.dirname, "../../app")): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return appSources(p);
    if (!/\.tsx?$/.test(e.name) || e.name.endsWith(".test.ts")) return [];
    const text = readFileSync(p, "utf8");
    return /imageUrl\(|imageSrcSet\(|<ResponsiveImage/.test(text) ? [p] : [];
  });
}

describe("parseOptimizeQuery limits", () => {
  it("accepts every size and quality the site asks for", () => {
    for (const url of siteUrls()) expect(() => parseUrl(url), url).not.toThrow();
  });

  it("finds no literal size or quality in app/ beyond the caps", () => {
    const files = appSources();
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(/\b(width|height|quality)(?::\s*|=\{)(\d+)/g)) {
        const max = m[1] === "quality" ? LIMITS.maxQuality : LIMITS.maxDimension;
        expect(Number(m[2]), `${file}: ${m[0]}`).toBeLessThanOrEqual(max);
      }
      for (const m of text.matchAll(/(?:widths=\{|imageSrcSet\([^;]*?)\[([\d,\s]+)\]/g)) {
        for (const w of m[1]!.split(","))
          expect(Number(w), `${file}: ${m[0]}`).toBeLessThanOrEqual(LIMITS.maxDimension);
      }
    }
  });

  it("refuses sizes, pixel counts and qualities over the caps, naming the field", () => {
    expect(refusal("width=2400&height=1600")).toBe("accepted");
    expect(refusal("width=2401")).toBe("400 width");
    expect(refusal("height=4000")).toBe("400 height");
    expect(refusal("width=2400&height=2400")).toBe("400 height");
    expect(refusal("quality=99")).toBe("accepted");
    expect(refusal("quality=100")).toBe("400 quality");
    expect(refusal("format=avif&quality=70")).toBe("accepted");
    expect(refusal("format=avif&quality=71")).toBe("400 quality");
    expect(refusal("format=avif")).toBe("accepted");
  });

  it("bounds the free side of a one-sided resize by the pixel cap", () => {
    expect(resizeOptions({ width: 2400, height: undefined })).toMatchObject({ width: 2400, height: 1747 });
    expect(resizeOptions({ width: 60, height: undefined })).toMatchObject({ width: 60, height: 2400 });
    const none = resizeOptions({ width: undefined, height: undefined });
    expect(none).toMatchObject({ width: 2048, height: 2048, withoutEnlargement: true });
  });
});
