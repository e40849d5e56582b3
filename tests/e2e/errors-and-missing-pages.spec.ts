import { expect, expectConsoleErrors, expectNoSeriousA11yViolations, open, test } from "./support/fixtures.ts";

test("an unknown path gets the designed 404 page with status 404", async ({ page }) => {
  expectConsoleErrors();
  const response = await open(page, "/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: /shop/i }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("a missing product is a 404", async ({ page }) => {
  expectConsoleErrors();
  const response = await page.goto("/products/999999");
  expect(response?.status()).toBe(404);
});

test("an unexpected failure shows the router fallback inside the header and footer", async ({ page }) => {
  expectConsoleErrors();
  await open(page, "/");
  await page.route("**/faqs.data**", (route) => route.fulfill({ status: 500, body: "boom" }));
  await page.getByRole("contentinfo").getByRole("link", { name: "FAQs" }).click();
  await expect(page.getByRole("main").getByRole("heading", { name: "Unexpected Application Error!" })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: /^Cart/ })).toBeVisible();
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "FAQs" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The shell still works: its links lead on once the failure has passed.
  await page.unroute("**/faqs.data**");
  await page.getByRole("contentinfo").getByRole("link", { name: "FAQs" }).click();
  await expect(page.getByRole("main").getByRole("heading", { level: 1 })).not.toHaveText(
    "Unexpected Application Error!",
  );
});
