import { expect, expectConsoleErrors, expectNoSeriousA11yViolations, open, test } from "./support/fixtures.ts";

test("media lists posts and campaigns with long dates, and opens a post", async ({ page }) => {
  await open(page, "/media");
  await expect(page.getByRole("link", { name: "View More" }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Read More" }).first()).toBeVisible();
  await expect(
    page.getByText(/(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), [A-Z][a-z]{2} \d{1,2}, \d{4}/).first(),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("link", { name: "View More" }).first().click();
  await expect(page).toHaveURL(/\/media\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("a campaign shows in a sandboxed frame, and a missing one says so", async ({ page }) => {
  expectConsoleErrors();
  await open(page, "/media");
  await page.getByRole("link", { name: "Read More" }).first().click();
  await expect(page).toHaveURL(/\/newsletter\//);
  const frame = page.locator("iframe");
  await expect(frame).toHaveAttribute("sandbox", "");
  await expect(page.frameLocator("iframe").locator("body")).not.toBeEmpty();
  await expectNoSeriousA11yViolations(page, { iframes: false });

  await open(page, "/newsletter/nosuchcampaign");
  await expect(page.getByText("Failed to load newsletter content")).toBeVisible();
  await expect(page.getByRole("link", { name: /Back to Media/ }).first()).toHaveAttribute("href", "/media");
});
