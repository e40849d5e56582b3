import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { productFolder } from "../../domain/image-folders.ts";
import { SUBSCRIBE_OFFERED_KEY } from "../../domain/newsletter.ts";
import { content } from "../../seed/content/index.ts";
import { stopChildren } from "../support/app-processes.ts";
import { BUYER_ADDRESS, paymentRequest, type QuotedRate } from "../support/payment-request.ts";
import { type ApiProduct, cartKey, products, shippablePiece, stockLine } from "./support/checkout.ts";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures.ts";
import { expectToFit } from "./support/phone-fit.ts";
import { goToSection, signInAs } from "./support/studio.ts";

// A studio that began from the demo clears it from a phone, on a shop of its own (the journeys'
// shared shop keeps the demo for the others): a visitor has bought one demo piece, so deleting it
// archives it instead and the page names the order; an unsold piece is deleted and goes from the
// listing, search, the sitemap, its page and its photos; then "Remove the demo content" on Today,
// asked first, leaves no demo item on any page, API list, search or the sitemap
// (docs/product.md, "The back office").

const PORT = Number(process.env.E2E_PORT ?? 3900) + 81;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const OWNER = { email: "owner@clearing.example", password: "sanded-and-waxed-2026" };
const PHONE = { width: 390, height: 844 };
const DESK = { width: 1280, height: 900 };

/** Every demo title a page could show, with a space in it (a one-word title is the shop's own word too). */
const DEMO_TITLES = [
  // (The Divergence is the shop's own table builder, which its menu names whatever the catalog holds.)
  ...content.products.filter((p) => p.type !== "Divergence").map((p) => p.title),
  ...content.slabs.map((x) => x.title),
  ...content.bases.map((b) => b.title),
  ...content.projects.map((p) => p.title),
  // (The founder is the studio's identity, which the studio rewrites itself: not demo content.)
  ...content.employees.map((e) => e.name).filter((name) => name !== content.studio.founderName),
  ...content.testimonials.map((r) => r.author),
  ...content.faqs.map((f) => f.section),
  ...content.mediaPosts.map((m) => m.title),
  ...content.carousel.map((c) => c.title),
].filter((w) => w.includes(" "));

/** A page's text as a reader sees its words: React's markers gone, entities undone. */
const wordsOf = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** Where the public reads the catalog and the content. */
const PUBLIC = [
  "/",
  "/shop",
  "/slabs",
  "/bases",
  "/portfolio",
  "/media",
  "/faqs",
  "/search?q=walnut",
  "/api/Website/search?query=walnut",
];

/** The sitemap's addresses of catalog items, media posts, newsletters, the look book and the Divergence table. */
const itemsIn = (sitemap: string) =>
  [
    ...sitemap.matchAll(
      /<loc>[^<]*?(\/(?:products|slabs|bases|media|newsletter)\/[^<]+|\/look-book|\/divergence|\/table-builder)<\/loc>/g,
    ),
  ].map((m) => m[1]);

const demoIn = (text: string) => DEMO_TITLES.filter((t) => text.includes(t));

let shop: ChildProcess | undefined;
let dataDir = "";

async function waitForHealth(child: ChildProcess, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`The shop exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${ORIGIN}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`The shop at ${ORIGIN} did not start within ${timeoutMs / 1000} s`);
}

test.use({ viewport: PHONE, baseURL: ORIGIN });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  dataDir = mkdtempSync(path.join(tmpdir(), "heartwood-clearing-"));
  // The demo's pictures, drawn ahead for the journeys, so the first start does not draw them again.
  const drawn = path.join(process.env.E2E_DATA_DIR ?? ".e2e-data", "images");
  if (existsSync(drawn)) cpSync(drawn, path.join(dataDir, "images"), { recursive: true });
  else mkdirSync(path.join(dataDir, "images"));
  const env = {
    ...process.env,
    SEED: "demo",
    DATA_DIR: dataDir,
    PORT: String(PORT),
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    DATABASE_URL: "",
    PUBLIC_URL: ORIGIN,
    FORM_RATE_LIMIT: "100000/600",
    PAYMENT_RATE_LIMIT: "100000/600",
    QUOTE_RATE_LIMIT: "100000/600",
    STAFF_PASSWORD: OWNER.password,
  };
  shop = spawn(process.execPath, ["dist/server.mjs"], { env, stdio: ["ignore", "inherit", "inherit"] });
  await waitForHealth(shop, 230_000);
  // The owner, added with the real command while the shop runs (through its staff socket).
  execFileSync(process.execPath, ["--import", "tsx", "scripts/staff.ts", "add", OWNER.email, "--owner"], {
    env,
    stdio: "ignore",
  });
});

test.afterAll(async () => {
  if (shop) await stopChildren([shop]);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** A visitor's paid order for one of `piece`, through the checkout API: its reference. */
async function buy(request: APIRequestContext, piece: ApiProduct): Promise<string> {
  const email = "clearing-buyer@example.com";
  const quoted = await request.post("/api/shipping/rates", {
    data: { ...BUYER_ADDRESS, email, products: [{ id: piece.id, quantity: 1 }] },
  });
  const rate = ((await quoted.json()) as { rates: QuotedRate[] }).rates[0]!;
  const paid = await request.post("/api/payment/process-payment", {
    headers: { "Idempotency-Key": `clearing-${Date.now()}` },
    data: paymentRequest({ id: piece.id, title: piece.title, unit: piece.salePrice ?? piece.price, rate }, { email }),
  });
  const answer = (await paid.json()) as { orderId?: string };
  expect(paid.ok(), JSON.stringify(answer)).toBe(true);
  return answer.orderId!;
}

/** The page as it is now at a phone's and a desk's width, kept with the run's results. */
async function screenshots(page: Page, name: string) {
  for (const [label, size] of [
    ["390", PHONE],
    ["1280", DESK],
  ] as const) {
    await page.setViewportSize(size);
    const file = test.info().outputPath(`${name}-${label}.png`);
    await page.screenshot({ path: file, fullPage: true });
    await test.info().attach(`${name} at ${label} px`, { path: file, contentType: "image/png" });
  }
  await page.setViewportSize(PHONE);
}

const status = async (request: APIRequestContext, p: string) => (await request.get(p)).status();
/** A link to a piece's page (its title follows in the query). */
const linkTo = (id: number) => new RegExp(`href="/products/${id}[?"]`);

/** The pieces the search API finds for `query`: their ids. */
const found = async (request: APIRequestContext, query: string) =>
  (
    (await (await request.get(`/api/Website/search?query=${query}`)).json()) as { products: { id: number }[] }
  ).products.map((p) => p.id);
const body = async (request: APIRequestContext, p: string) => wordsOf(await (await request.get(p)).text());

test("the owner deletes an unsold piece, a sold one is archived for its order, and removing the demo leaves none of it", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(150_000);

  // 1. A visitor buys one demo piece.
  const sold = await shippablePiece(request);
  const orderRef = await buy(request, sold);

  // 2. The owner, from a phone, opens the sold piece and asks to delete it: it can only be
  // archived, and the page names the order.
  await signInAs(page, OWNER.email, OWNER.password);
  await expect(page.getByRole("button", { name: "Remove the demo content" })).toBeVisible();
  await goToSection(page, "Catalog");
  await page.getByRole("link", { name: sold.title, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(sold.title);
  await page.getByRole("link", { name: /^Delete this piece/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Archive ${sold.title}?` })).toBeVisible();
  await expect(page.getByRole("alert")).toContainText(`Sold on order ${orderRef}: it cannot be deleted`);
  await page.getByRole("button", { name: "Archive this piece" }).click();
  const archived = page.getByRole("status");
  await expect(archived).toContainText(`Archived instead of deleted: sold on order ${orderRef}`);
  await expect(archived.getByRole("link", { name: orderRef })).toBeVisible();
  await expectToFit(page, "a piece archived for its order");
  await expectNoSeriousA11yViolations(page);
  await screenshots(page, "archived-for-its-order");
  expect(await status(request, `/products/${sold.id}`)).toBe(404);
  expect(await status(request, `/api/Products/${sold.id}`)).toBe(404);
  expect(await body(request, "/shop")).not.toContain(sold.title);
  expect(await body(request, "/sitemap.xml")).not.toContain(`/products/${sold.id}<`);
  expect(await found(request, encodeURIComponent(sold.title))).not.toContain(sold.id);

  // 3. An unsold piece with photos, on the shop's first page (and the home page's, if one is
  // there), found by search, is deleted with its sizes.
  const [shopPage, homePage, listed] = [
    await body(request, "/shop"),
    await body(request, "/"),
    await products(request),
  ];
  const candidates = listed.filter(
    (p) =>
      p.id !== sold.id &&
      p.productId === null &&
      p.type !== "Divergence" &&
      p.images.length > 1 &&
      shopPage.includes(p.title),
  );
  const piece = candidates.find((p) => homePage.includes(p.title)) ?? candidates[0];
  expect(piece, "an unsold piece with photos on /shop").toBeTruthy();
  const { id, title } = piece!;
  const query = encodeURIComponent(title);
  const variants = listed.filter((p) => p.productId === id);
  const photos = [
    ...new Set(
      [piece!, ...variants].flatMap((p) => p.images.map((i) => `/images/${productFolder(p.type)}/${i.fileName}`)),
    ),
  ];
  const pages = [`/products/${id}`, ...variants.map((v) => `/products/${id}/${v.id}`)];
  const optimised = `/api/images/optimize?filePath=${encodeURIComponent(photos[0]!.slice(1))}&width=640&quality=80&format=webp`;
  // Everything that shows it, asked before the deletion (the caches hold it then).
  // (The search page repeats what was asked: it is its results' links that name the piece.)
  expect(await body(request, `/search?q=${query}`)).toMatch(linkTo(id));
  expect(await found(request, query)).toContain(id);
  expect(await body(request, "/sitemap.xml")).toContain(`/products/${id}<`);
  for (const p of pages) expect(await status(request, p), p).toBe(200);
  for (const photo of photos) expect(await status(request, photo), photo).toBe(200);
  expect(await status(request, optimised)).toBe(200);

  await page.goto(`/studio/catalog/products/${id}`);
  await page.getByRole("link", { name: /^Delete this piece/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Delete ${title}?` })).toBeVisible();
  await expect(page.getByText("and its pictures: the shop no longer shows it anywhere")).toBeVisible();
  await expectToFit(page, "the delete confirmation");
  await expectNoSeriousA11yViolations(page);
  await screenshots(page, "delete-confirmation");
  await page.getByRole("button", { name: "Delete this piece" }).click();
  await page.waitForURL((url) => url.pathname === "/studio/catalog");
  await expect(page.getByRole("status")).toHaveText(`${title} is deleted: the shop no longer shows it.`);
  await expect(page.getByRole("link", { name: title, exact: true })).toHaveCount(0);

  expect(await body(request, "/shop")).not.toContain(title);
  expect((await products(request)).map((p) => p.id)).not.toContain(id);
  expect(await body(request, `/search?q=${query}`)).not.toMatch(linkTo(id));
  expect(await found(request, query)).not.toContain(id);
  expect(await body(request, "/sitemap.xml")).not.toContain(`/products/${id}<`);
  for (const p of pages) expect(await status(request, p), p).toBe(404);
  for (const photo of photos) expect(await status(request, photo), photo).toBe(404);
  expect(await body(request, "/"), "the home page").not.toContain(title);
  expect(JSON.stringify(await (await request.get("/api/homepage")).json())).not.toContain(title);

  // A visitor who had put it in the cart and the wish list before finds it gone from both, with
  // no broken picture.
  const visitor = await browser.newContext({ viewport: PHONE, baseURL: ORIGIN });
  const cart = await cartKey(request);
  const wishlist = cart.replace(/-cart$/, "-wishlist");
  const wish = {
    kind: "product",
    type: piece!.type,
    item: { id, title, images: piece!.images.slice(0, 1), inventoryId: "" },
  };
  await visitor.addInitScript(
    ({ offered, stored }) => {
      sessionStorage.setItem("splash-seen", "1");
      localStorage.setItem(offered, "e2e");
      if (!sessionStorage.getItem("seeded")) {
        for (const [k, v] of stored) localStorage.setItem(k, v);
        sessionStorage.setItem("seeded", "1");
      }
    },
    {
      offered: SUBSCRIBE_OFFERED_KEY,
      stored: [
        [cart, JSON.stringify([stockLine(piece!)])],
        [wishlist, JSON.stringify([wish])],
      ] as [string, string][],
    },
  );
  const shopper = await visitor.newPage();
  const shopperErrors: string[] = [];
  shopper.on("console", (m) => {
    if (m.type() === "error") shopperErrors.push(m.text());
  });
  await shopper.goto("/cart");
  await expect(shopper.getByText("It looks like your cart is empty.")).toBeVisible();
  await shopper.goto("/wishlist");
  await expect(shopper.getByText("It looks like your wish list is empty.")).toBeVisible();
  expect(shopperErrors).toEqual([]);
  await visitor.close();
  expect(await status(request, optimised), "the optimiser's copy of a deleted photo").toBe(404);

  // 4. Today → "Remove the demo content": asked first, with a box to tick. Before it, every page
  // below shows some of the demo, and a slab's photo is there.
  for (const p of PUBLIC) expect(demoIn(await body(request, p)), p).not.toEqual([]);
  expect(itemsIn(await body(request, "/sitemap.xml"))).not.toEqual([]);
  const slabPhoto = `/images/slabs/${((await (await request.get("/api/Slabs")).json()) as ApiProduct[])[0]!.images[0]!.fileName}`;
  expect(await status(request, slabPhoto)).toBe(200);
  await page.goto("/studio");
  await page.getByRole("button", { name: "Remove the demo content" }).click();
  await page.waitForURL((url) => url.pathname === "/studio/demo");
  await expect(page.getByRole("heading", { level: 1, name: "Remove the demo content" })).toBeVisible();
  await expect(page.getByRole("status")).toContainText(sold.title);
  await expectToFit(page, "the demo removal page");
  await expectNoSeriousA11yViolations(page);
  await screenshots(page, "remove-the-demo");
  await page.getByRole("checkbox", { name: /Remove the demo's pieces/ }).check();
  await page.getByRole("button", { name: "Remove the demo content" }).click();
  // One transaction takes out every demo row, then their files: on a busy machine, seconds.
  await expect(page.getByRole("status")).toContainText("The demo content is removed", { timeout: 45_000 });
  await expect(page.getByText("There is no demo content left in this shop.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("link", { name: "← Today" }).click();
  await expect(page.getByRole("heading", { name: "Today" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Remove the demo content" })).toHaveCount(0);

  // No demo item anywhere the public reads: pages, search, the sitemap, the API's lists.
  for (const p of PUBLIC) {
    const res = await request.get(p);
    expect(res.status(), p).toBe(200);
    expect(demoIn(wordsOf(await res.text())), p).toEqual([]);
  }
  expect(itemsIn(await body(request, "/sitemap.xml")), "/sitemap.xml").toEqual([]);
  for (const p of ["/api/Products", "/api/Slabs", "/api/Bases"]) {
    const listed = (await (await request.get(p)).json()) as unknown[];
    expect(listed, p).toEqual([]);
  }
  expect(demoIn(JSON.stringify(await (await request.get("/api/homepage")).json())), "/api/homepage").toEqual([]);
  expect(await status(request, "/look-book")).toBe(404);
  expect(await status(request, slabPhoto)).toBe(404);
  expect(await status(request, `/products/${sold.id}`)).toBe(404);
});
