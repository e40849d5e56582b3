import type { Page } from "@playwright/test";
import { expect, expectConsoleErrors, expectNoSeriousA11yViolations, open, test } from "./support/fixtures.ts";

// The preview popup's, the drawer's and the search results' code are chunks of their own,
// fetched at the visitor's first sign of engagement or when first needed. A chunk that cannot be fetched is retried for 120 s (docs/product.md §9); the
// page's clock is moved on rather than waited for.
const PREVIEW_CHUNK = "**/assets/preview-dialog-*.js";
const DRAWER_CHUNK = "**/assets/drawer-dialog-*.js";
const SEARCH_CHUNK = "**/assets/search-results-*.js";

const header = (page: Page) => page.getByRole("banner");

/** Refuses a chunk until the returned function is called. */
async function blockChunk(page: Page, pattern: string): Promise<() => void> {
  let blocked = true;
  await page.route(pattern, (route) => (blocked ? route.abort() : route.continue()));
  return () => {
    blocked = false;
  };
}

async function addFirstCard(page: Page): Promise<string> {
  const card = page
    .locator(".listing__grid article")
    .filter({ has: page.getByRole("button", { name: /^Add to cart:/ }) })
    .first();
  const title = (await card.getByRole("heading").textContent())?.trim() ?? "";
  await card.getByRole("button", { name: /^Add to cart:/ }).click();
  return title;
}

test("an add to cart counts while the preview's script cannot load, and the popup's place says so after 120 s", async ({
  page,
}) => {
  expectConsoleErrors();
  await page.clock.install();
  await blockChunk(page, PREVIEW_CHUNK);
  await open(page, "/shop");

  await addFirstCard(page);
  await expect(header(page).getByRole("link", { name: "Cart (1)" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Shop" })).toBeVisible();
  const notice = page.getByRole("alert").filter({ hasText: "Loading chunk failed" });
  await expect(notice).toHaveCount(0);

  // Still retrying a minute in: nothing is said yet, the page is whole.
  await page.clock.fastForward("01:00");
  await expect(page.getByRole("heading", { level: 1, name: "Shop" })).toBeVisible();
  await expect(notice).toHaveCount(0);

  await page.clock.fastForward("01:05");
  await expect(notice).toBeVisible();
  await expect(notice).toContainText("Added to your cart");
  await expect(notice.getByRole("link", { name: "View Cart" })).toHaveAttribute("href", "/cart");
  await expect(page.getByText("Unexpected Application Error!")).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1, name: "Shop" })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The rest of the page works: a second piece is added and counted, the notice can be closed.
  await notice.getByRole("button", { name: "Close" }).click();
  await expect(notice).toHaveCount(0);
  await page
    .locator(".listing__grid article")
    .filter({ has: page.getByRole("button", { name: /^Add to cart:/ }) })
    .nth(1)
    .getByRole("button", { name: /^Add to cart:/ })
    .click();
  await expect(header(page).getByRole("link", { name: "Cart (2)" })).toBeVisible();
});

test("the preview shows once its script can be fetched again within the retry window", async ({ page }) => {
  expectConsoleErrors();
  await page.clock.install();
  const unblock = await blockChunk(page, PREVIEW_CHUNK);
  await open(page, "/shop");

  const title = await addFirstCard(page);
  await expect(header(page).getByRole("link", { name: "Cart (1)" })).toBeVisible();
  await page.clock.fastForward(5_000);
  await expect(page.getByRole("dialog")).toHaveCount(0);

  unblock();
  await page.clock.fastForward(30_000);
  const preview = page.getByRole("dialog", { name: title });
  await expect(preview.getByText("Added to cart")).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "Loading chunk failed" })).toHaveCount(0);
});

test("a drawer that cannot load leaves the detail page whole and points to the cart page", async ({
  page,
  request,
}) => {
  expectConsoleErrors();
  const all = (await (await request.get("/api/Products")).json()) as {
    id: number;
    productId: number | null;
    stock: number;
    variants: { type: string }[];
  }[];
  const piece = all.find((p) => p.productId === null && p.stock >= 1 && !p.variants.some((v) => v.type === "Size"))!;
  await page.clock.install();
  await blockChunk(page, DRAWER_CHUNK);
  await open(page, `/products/${piece.id}`);
  const title = await page.getByRole("heading", { level: 1 }).textContent();

  await page.getByRole("button", { name: "Add to cart", exact: true }).first().click();
  await expect(header(page).getByRole("link", { name: "Cart (1)" })).toBeVisible();
  await page.clock.fastForward("02:05");
  const notice = page.getByRole("alert").filter({ hasText: "Loading chunk failed" });
  await expect(notice).toContainText("Your cart is saved");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title ?? "");

  await notice.getByRole("link", { name: "View Cart" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(notice).toHaveCount(0);
  await expect(
    page
      .getByRole("main")
      .getByText(title ?? "")
      .first(),
  ).toBeVisible();
});

test("a visit that only reads fetches none of the code that interactions need", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
  });
  await page.goto("/");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  // Longer than the idle callbacks' own time limit (5 s).
  await page.waitForTimeout(6000);
  for (const name of ["preview-dialog", "drawer-dialog", "tooltips", "search-results"])
    expect(scripts.filter((s) => s.includes(`/${name}-`))).toEqual([]);

  // The first sign of engagement fetches the popup's and the drawers' code.
  await page.mouse.move(200, 300);
  // Both are asked for on that sign, each as its own request: neither is assumed to come first.
  await expect.poll(() => scripts.some((s) => s.includes("/preview-dialog-"))).toBe(true);
  await expect.poll(() => scripts.some((s) => s.includes("/drawer-dialog-"))).toBe(true);
});

test("search results whose script cannot load say so in the results' place after 120 s", async ({ page }) => {
  expectConsoleErrors();
  await page.clock.install();
  const unblock = await blockChunk(page, SEARCH_CHUNK);
  await open(page, "/shop");
  const search = header(page).getByRole("searchbox", { name: "Search products, slabs and bases" });
  await search.fill("walnut");
  await page.clock.fastForward("01:00");
  await expect(header(page).getByText("Loading chunk failed")).toHaveCount(0);
  await page.clock.fastForward("01:05");
  await expect(header(page).getByText("Loading chunk failed")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Shop" })).toBeVisible();

  // Once the script can be had, Enter tries it again on the way to the results page, and the
  // quick list then lists results as the text changes.
  unblock();
  await search.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Results for “walnut”" })).toBeVisible();
  await search.fill("walnu");
  await page.clock.fastForward(1000);
  await expect(
    header(page)
      .getByRole("link", { name: /walnut/i })
      .first(),
  ).toBeVisible();
});
