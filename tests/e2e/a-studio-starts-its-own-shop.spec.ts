import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { SUBSCRIBE_OFFERED_KEY } from "../../domain/newsletter.ts";
import { startBuiltShop } from "./support/built-shop.ts";
import { fillAddress, fillCard, payButton } from "./support/checkout.ts";
import { expect, test } from "./support/fixtures.ts";
import { yardPhoto } from "./support/studio.ts";

// A studio that is not the demo: the built shop started with SEED=none on an empty data folder
// prints a one-time setup link; the studio sets itself up from a phone as "Test Bench Studio"
// (short name "testbench"), adds one piece with two photos, and a visitor buys it with the
// sandbox card. Nothing the shop serves or sends afterwards names the demo studio.

const PORT = Number(process.env.E2E_PORT ?? 3900) + 71;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const DEMO = /hay ?creek/i;
const OWNER = { email: "owner@testbench.example", password: "planed-and-oiled-2026" };

let shop: Awaited<ReturnType<typeof startBuiltShop>> | undefined;
let dataDir = "";
let setupLink = "";

test.use({ viewport: { width: 390, height: 844 } });
// One shop process for the file: its tests run in order.
test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  shop = await startBuiltShop({
    env: {
      SEED: "none",
      PORT: String(PORT),
      FORM_RATE_LIMIT: "100000/600",
      PAYMENT_RATE_LIMIT: "100000/600",
      QUOTE_RATE_LIMIT: "100000/600",
    },
    until: /(http:\/\/\S+\/studio\/setup\?code=[\w-]+)/,
    timeoutMs: 170_000,
  });
  dataDir = shop.dataDir;
  setupLink = shop.match[1]!;
});

test.afterAll(async () => {
  await shop?.stop();
});

test("a studio sets up its own shop from the log's link, adds a piece and sells it, with no word of the demo", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  // Before setup the shop is opening soon.
  const soon = await request.get(`${ORIGIN}/`);
  expect(soon.status()).toBe(503);
  expect(Number(soon.headers()["retry-after"])).toBeGreaterThan(0);

  await page.goto(setupLink.replace(/^http:\/\/localhost:\d+/, ORIGIN));
  await page.getByLabel("Studio name").fill("Test Bench Studio");
  await page.getByLabel("Short name").fill("testbench");
  await page.getByLabel("Email").fill(OWNER.email);
  await page.getByLabel("Password").fill(OWNER.password);
  await page.getByRole("button", { name: "Open the shop" }).click();
  await page.waitForURL((url) => url.pathname === "/studio");
  await expect(page.getByText("testbench studio", { exact: false }).first()).toBeVisible();

  // One piece, two photos.
  await page.goto(`${ORIGIN}/studio/catalog/products/new`);
  await page.getByRole("textbox", { name: "Title", exact: true }).fill("Ash Hall Bench");
  await page.getByRole("textbox", { name: "Price (USD)", exact: true }).fill("640");
  await page.getByLabel("In stock").fill("2");
  await page.getByRole("textbox", { name: "Category", exact: true }).fill("Benches");
  await page.getByLabel("Inventory id").fill("TB-001");
  await page.getByRole("textbox", { name: "Type", exact: true }).fill("Bench");
  await page.getByLabel("Length (in)").fill("48");
  await page.getByLabel("Width (in)").fill("14");
  await page.getByLabel("Height (in)").fill("18");
  await page.getByLabel("Weight (lb)").fill("30");
  await page
    .locator("#item-photos")
    .setInputFiles([await yardPhoto("#c9a97c", "IMG_0101.jpg"), await yardPhoto("#8a6a44", "IMG_0102.jpg")]);
  await page.getByRole("button", { name: "Add the piece" }).click();
  await expect(page.getByRole("status")).toContainText("Saved.");

  // A visitor, in a browser of their own, buys it.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  // As the journeys' own pages: no splash and no subscribe offer over the steps (support/fixtures.ts).
  await context.addInitScript((key) => {
    sessionStorage.setItem("splash-seen", "1");
    localStorage.setItem(key, "e2e");
  }, SUBSCRIBE_OFFERED_KEY);
  const visitor = await context.newPage();
  const visitorErrors: string[] = [];
  visitor.on("console", (m) => {
    if (m.type() === "error") visitorErrors.push(m.text());
  });
  await visitor.goto(`${ORIGIN}/shop`);
  await expect(visitor.getByRole("heading", { name: "Ash Hall Bench" })).toBeVisible();
  await visitor.getByRole("heading", { name: "Ash Hall Bench" }).getByRole("link").click();
  await expect(visitor.getByRole("heading", { name: "Ash Hall Bench", level: 1 })).toBeVisible();
  const photos = visitor.locator("main img");
  await expect(photos.first()).toBeVisible();
  // The photo's first variant may still be being made on a busy machine: it arrives, whole.
  await expect
    .poll(() => photos.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
      timeout: 20_000,
    })
    .toBe(true);
  await visitor.getByRole("button", { name: "Add to cart" }).first().click();
  await visitor.goto(`${ORIGIN}/check-out`);
  await expect(visitor.getByText("Test mode: no card is charged")).toBeVisible();
  await fillAddress(visitor);
  await visitor.getByRole("button", { name: "Calculate shipping" }).click();
  await expect(visitor.getByRole("group", { name: "Shipping method" }).getByRole("radio").first()).toBeChecked();
  await fillCard(visitor, "4111111111111111");
  await payButton(visitor).click();
  await expect(visitor.getByRole("dialog", { name: "Payment Successful" })).toBeVisible({ timeout: 20_000 });
  // The visitor's cart is kept under the studio's own short name.
  const keys = await visitor.evaluate(() => Object.keys(localStorage));
  expect(keys).toContain("testbench-cart");
  expect(keys.join(" ")).not.toMatch(DEMO);
  expect(visitorErrors).toEqual([]);
  await context.close();

  // Nothing public names the demo: pages, sitemap, robots, scripts and styles.
  const paths = [
    "/",
    "/shop",
    "/slabs",
    "/bases",
    "/portfolio",
    "/our-story",
    "/faqs",
    "/media",
    "/contact",
    "/custom-design",
    "/additional-services",
    "/contact-submitted",
    "/cart",
    "/wishlist",
    "/check-out",
    "/search?q=bench",
    "/sitemap.xml",
    "/robots.txt",
    "/api/studio",
    "/api/homepage",
  ];
  const assets = new Set<string>();
  for (const p of paths) {
    const res = await request.get(`${ORIGIN}${p}`);
    const body = await res.text();
    expect(body, p).not.toMatch(DEMO);
    for (const m of body.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)) assets.add(m[1]!);
  }
  const sitemap = await (await request.get(`${ORIGIN}/sitemap.xml`)).text();
  const piecePath = /<loc>[^<]*(\/products\/\d+)<\/loc>/.exec(sitemap)?.[1];
  expect(piecePath).toBeTruthy();
  const piecePage = await (await request.get(`${ORIGIN}${piecePath}`)).text();
  expect(piecePage).toContain("Ash Hall Bench");
  expect(piecePage).not.toMatch(DEMO);
  for (const m of piecePage.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)) assets.add(m[1]!);
  expect(assets.size).toBeGreaterThan(0);
  for (const a of assets) expect(await (await request.get(`${ORIGIN}${a}`)).text(), a).not.toMatch(DEMO);

  // And no mail the shop wrote: the buyer's confirmation and the studio's own notice.
  await expect
    .poll(
      () =>
        readdirSync(path.join(dataDir, "mail"), { recursive: false }).filter((n) => String(n).endsWith(".eml")).length,
      {
        timeout: 20_000,
      },
    )
    .toBeGreaterThanOrEqual(2);
  for (const name of readdirSync(path.join(dataDir, "mail"))) {
    if (!String(name).endsWith(".eml")) continue;
    const eml = readFileSync(path.join(dataDir, "mail", String(name)), "utf8");
    expect(eml, String(name)).not.toMatch(DEMO);
  }
});

test("a visitor's cart follows the studio to its new short name", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addInitScript((key) => {
    sessionStorage.setItem("splash-seen", "1");
    localStorage.setItem(key, "e2e");
  }, SUBSCRIBE_OFFERED_KEY);
  const visitor = await context.newPage();
  await visitor.goto(`${ORIGIN}/shop`);
  await visitor.getByRole("heading", { name: "Ash Hall Bench" }).getByRole("link").click();
  await visitor.getByRole("button", { name: "Add to cart" }).first().click();
  await expect(visitor.getByRole("banner").getByRole("link", { name: "Cart (1)" })).toBeAttached();
  expect(await visitor.evaluate(() => Object.keys(localStorage))).toContain("testbench-cart");

  // The owner renames the shop's short name on the Content page.
  await page.goto(`${ORIGIN}/studio/login`);
  await page.getByLabel("Email").fill(OWNER.email);
  await page.getByLabel("Password").fill(OWNER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname === "/studio");
  await page.goto(`${ORIGIN}/studio/content`);
  await page.getByLabel("Short name").fill("oakbench");
  // Setup asked for no address; the details form needs one.
  await page.getByLabel("Street").fill("14 Mill Race Lane");
  await page.getByLabel("City").fill("Hood River");
  // The studio's own state (the sales-tax rows below have state fields of their own).
  await page.getByRole("textbox", { name: "State", exact: true }).fill("OR");
  await page.getByLabel("ZIP code").fill("97031");
  await page.getByRole("button", { name: "Save the studio's details" }).click();
  await expect(page.getByRole("status")).toContainText("saved");

  // The visitor comes back: the cart is there, kept under the new name alone.
  await visitor.goto(`${ORIGIN}/cart`);
  await expect(visitor.getByRole("banner").getByRole("link", { name: "Cart (1)" })).toBeAttached();
  await expect(visitor.getByRole("main").getByRole("link", { name: "Ash Hall Bench" }).first()).toBeVisible();
  const keys = await visitor.evaluate(() => Object.keys(localStorage));
  expect(keys).toContain("oakbench-cart");
  expect(keys).not.toContain("testbench-cart");
  await context.close();
});
