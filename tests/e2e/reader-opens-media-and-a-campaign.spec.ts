import type { Page } from "@playwright/test";
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
  // Sandboxed with scripts off; its links may only leave it.
  await expect(frame).toHaveAttribute("sandbox", /allow-top-navigation-by-user-activation/);
  expect(await frame.getAttribute("sandbox")).not.toMatch(/allow-scripts|allow-forms|allow-top-navigation(?!-by)/);
  await expect(page.frameLocator("iframe").locator("body")).not.toBeEmpty();
  await expectNoSeriousA11yViolations(page, { iframes: false });

  await open(page, "/newsletter/nosuchcampaign");
  await expect(page.getByText("Failed to load newsletter content")).toBeVisible();
  await expect(page.getByRole("link", { name: /Back to Media/ }).first()).toHaveAttribute("href", "/media");
});

/** The frame's inner box beside the e-mail it shows (as zoomed to fit, if it had to be). */
const frameAndContent = (page: Page) =>
  page.evaluate(() => {
    const frame = document.querySelector<HTMLIFrameElement>("iframe.newsletter-frame")!;
    const root = frame.contentDocument!.documentElement;
    // The root's box is as tall as the e-mail; its scroll width is the e-mail's widest part.
    return {
      frameHeight: frame.clientHeight,
      frameWidth: frame.clientWidth,
      height: root.getBoundingClientRect().height,
      width: root.scrollWidth,
    };
  });

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`a campaign shows whole at ${viewport.width} px, and its link opens the studio's page over it`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await open(page, "/newsletter/9d04a6f2b8");
    await expect(page.frameLocator("iframe").getByRole("link", { name: "Start a commission" })).toBeVisible();
    // Fitted once its pictures are in: no part of the e-mail is cut off, across or down.
    await expect
      .poll(async () => {
        const m = await frameAndContent(page);
        return m.frameHeight >= Math.floor(m.height) && m.frameWidth >= Math.floor(m.width);
      })
      .toBe(true);
    const { height } = await frameAndContent(page);
    expect(height).toBeGreaterThan(700);

    await page.frameLocator("iframe").getByRole("link", { name: "Start a commission" }).click();
    await expect(page).toHaveURL(/\/custom-design$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator("iframe.newsletter-frame")).toHaveCount(0);
  });
}
