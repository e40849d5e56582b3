import { richResultProblems } from "../../domain/structured-data-check.ts";
import { expect, test } from "./support/fixtures.ts";

type Item = { id: number; productId?: number | null };

/** What a search engine or a link preview reads from a page's HTML (no JavaScript run). */
async function head(request: import("@playwright/test").APIRequestContext, path: string) {
  const html = await (await request.get(path)).text();
  const meta = (attr: string, name: string) =>
    html.match(new RegExp(`<meta ${attr}="${name}" content="([^"]*)"`))?.[1] ?? null;
  return {
    title: html.match(/<title>([^<]*)<\/title>/)?.[1] ?? "",
    description: meta("name", "description"),
    canonical: html.match(/<link rel="canonical" href="([^"]+)"/)?.[1] ?? null,
    og: { title: meta("property", "og:title"), url: meta("property", "og:url"), image: meta("property", "og:image") },
    twitter: meta("name", "twitter:card"),
    jsonLd: [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]!) as Record<string, unknown>,
    ),
  };
}

test("every page says what it is: title, description, canonical address, share card and structured data", async ({
  request,
}) => {
  const product = ((await (await request.get("/api/Products")).json()) as Item[]).find((p) => p.productId === null)!;
  const slab = ((await (await request.get("/api/Slabs")).json()) as Item[])[0]!;
  const post = ((await (await request.get("/api/Media")).json()) as Item[])[0]!;
  const pages: [string, string[]][] = [
    ["/", ["FurnitureStore"]],
    ["/shop", []],
    [`/products/${product.id}`, ["Product", "BreadcrumbList"]],
    [`/slabs/${slab.id}`, ["Product", "BreadcrumbList"]],
    ["/media", []],
    ["/contact", ["FurnitureStore"]],
    [`/media/${post.id}`, []],
  ];
  for (const [path, types] of pages) {
    const h = await head(request, path);
    expect(h.title, path).not.toBe("");
    expect(h.description?.length ?? 0, path).toBeGreaterThan(20);
    expect(h.canonical, path).toMatch(new RegExp(`^https?://[^/]+${path.replace(/\?.*/, "")}$`));
    expect(h.og.url, path).toBe(h.canonical);
    expect(h.og.title, path).toBe(h.title.replace(/&amp;/g, "&").replace(/&#x27;/g, "'"));
    expect(h.twitter, path).toMatch(/^summary/);
    expect(
      h.jsonLd.map((j) => j["@type"]),
      path,
    ).toEqual(types);
    for (const block of h.jsonLd) expect(richResultProblems(block), path).toEqual([]);
    if (types.includes("Product")) expect(h.og.image, path).toMatch(/^https?:\/\/.+\/api\/images\/optimize\?/);
  }
});

test("a piece's offer carries its price in USD and whether it can be had", async ({ request }) => {
  const products = (await (await request.get("/api/Products")).json()) as (Item & {
    price: number;
    salePrice: number | null;
    stock: number;
  })[];
  const onSale = products.find((p) => p.productId === null && p.salePrice !== null && p.stock > 0)!;
  const { jsonLd } = await head(request, `/products/${onSale.id}`);
  expect(jsonLd[0]).toMatchObject({
    offers: { price: onSale.salePrice!.toFixed(2), priceCurrency: "USD", availability: "https://schema.org/InStock" },
  });
});
