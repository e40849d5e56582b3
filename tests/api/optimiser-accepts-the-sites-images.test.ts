// The optimiser's limits (server/images/optimize-query.ts) against every image URL the site
// builds (app/): a contract between the two, so it lives beside the API tests, which may read both.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type ImageFolder, imageSrcSet, imageUrl } from "../../app/lib/images.ts";
import { IMAGE_PRESETS } from "../../domain/image-presets.ts";
import { ApiError } from "../../server/http/errors.ts";
import { queryObject } from "../../server/http/validate.ts";
import { LIMITS, parseOptimizeQuery, resizeOptions } from "../../server/images/optimize-query.ts";

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
  return [
    ...Object.values(IMAGE_PRESETS).flatMap((preset) => srcsetUrls(imageSrcSet(f, "a.jpg", preset))),
    one(2000, 2000, 90), // zoom
    one(50, 50, 70), // search
    ...srcsetUrls(imageSrcSet(f, "a.jpg", { widths: [500, 750, 1000], ratio: 667 / 1000, quality: 82 })), // media post
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
