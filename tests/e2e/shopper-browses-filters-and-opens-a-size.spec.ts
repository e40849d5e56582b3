import { expect, expectNoSeriousA11yViolations, open, test } from "./support/fixtures.ts";

const price = (text: string) => Number(text.replace(/[^\d]/g, ""));

test("a shopper goes from home to the shop, filters and sorts, opens a piece and picks a size", async ({ page }) => {
  await open(page, "/");
  await page.getByRole("link", { name: "Shop all" }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page.getByRole("heading", { level: 1, name: "Shop" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Divergence Table Builder" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Drafts change nothing until APPLY.
  await page.getByRole("button", { name: /^Filter/ }).click();
  await page.getByLabel("Category").selectOption("Dining Tables");
  await page.getByLabel("Sort by").selectOption("highToLow");
  await expect(page).toHaveURL(/\/shop$/);
  await page.getByRole("button", { name: "APPLY" }).click();
  await expect(page).toHaveURL(/category=Dining(\+|%20)Tables/);
  await expect(page).toHaveURL(/sort=highToLow/);
  // The address changes as the new listing is rendered: the grid is read once it has settled.
  const amounts = async () =>
    (await page.locator(".listing__grid .card__price").allInnerTexts()).map((t) => price(t.split(/\s+/).pop() ?? t));
  await expect
    .poll(async () => {
      const shown = await amounts();
      return shown.length > 1 && shown.every((v, i) => i === 0 || shown[i - 1]! >= v);
    })
    .toBe(true);

  // A piece with sizes: open it, then pick a size, which moves to the variant's route.
  const card = page.locator(".listing__grid article").filter({ hasText: "Conestoga" }).first();
  await card.getByRole("link").last().click();
  await expect(page).toHaveURL(/\/products\/\d+\?title=/);
  const size = page.getByLabel("Select size");
  await expect(size).toBeVisible();
  const option = await size.locator("option").nth(1).getAttribute("value");
  await size.selectOption(option!);
  await expect(page).toHaveURL(new RegExp(`/products/\\d+/${option}`));
  await expectNoSeriousA11yViolations(page);
});

test("CLEAR resets the filters, and Show more brings the next group", async ({ page }) => {
  await open(page, "/shop?sort=lowToHigh");
  const grid = page.locator(".listing__grid > *");
  const first = await grid.count();
  expect(first).toBeLessThanOrEqual(9);
  await page.getByRole("link", { name: "Show more" }).click();
  await expect.poll(() => grid.count()).toBeGreaterThan(first);
  await page.getByRole("button", { name: /^Filter/ }).click();
  await page.getByRole("button", { name: "CLEAR" }).click();
  await expect(page).toHaveURL(/\/shop$/);
});

test("slabs filter by length class and open a quick view", async ({ page }) => {
  await open(page, "/slabs");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.getByRole("button", { name: /^Filter/ }).click();
  const length = page.getByLabel(/Length|Use/);
  await length.selectOption({ index: 1 });
  await page.getByRole("button", { name: "APPLY" }).click();
  await expect(page).toHaveURL(/\?.+=/);
  await expect(page.locator(".listing__grid article").first()).toBeVisible();
  await page
    .getByRole("button", { name: /Quick view/ })
    .first()
    .click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("Starting Price from")).toBeVisible();
  await expect(dialog.getByRole("link", { name: "More info" })).toHaveAttribute("href", /\/slabs\/\d+/);
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});

test("bases filter by material and clamp a reversed price range", async ({ page }) => {
  await open(page, "/bases");
  await page.getByRole("button", { name: /^Filter/ }).click();
  await page.getByLabel("Material").selectOption("Steel");
  await page.getByLabel("Minimum price").fill("5000");
  await page.getByLabel("Maximum price").fill("100");
  await page.getByRole("button", { name: "APPLY" }).click();
  await expect(page).toHaveURL(/material=Steel/);
  const url = new URL(page.url());
  expect(Number(url.searchParams.get("max") ?? Number.POSITIVE_INFINITY)).toBeGreaterThanOrEqual(
    Number(url.searchParams.get("min") ?? 0),
  );
  await expectNoSeriousA11yViolations(page);
});
