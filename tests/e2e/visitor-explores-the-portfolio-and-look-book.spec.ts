import { expect, expectConsoleErrors, expectNoSeriousA11yViolations, open, test } from "./support/fixtures.ts";

test("a project opens in the showcase with a dark header, other projects and the shop, and closes", async ({
  page,
}) => {
  await open(page, "/portfolio");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.locator("main a[href*='project=']").first().click();
  const showcase = page.getByRole("dialog");
  await expect(showcase).toBeVisible();
  await expect(page).toHaveURL(/project=\d+/);
  await expect(page.getByRole("banner")).toHaveAttribute("data-variant", "dark");
  await expect(showcase.getByRole("heading", { name: "Other Projects" })).toBeVisible();
  await expect(showcase.getByRole("heading", { name: "Check out our shop" })).toBeVisible();
  const shopLinks = showcase.locator("a[href^='/products/']");
  await expect(shopLinks).toHaveCount(4);
  await expectNoSeriousA11yViolations(page);
  await showcase.getByRole("button", { name: "Back to all projects" }).click();
  await expect(showcase).toBeHidden();
  await expect(page.getByRole("banner")).not.toHaveAttribute("data-variant", "dark");
});

for (const width of [1440, 390]) {
  test(`closing a project at ${width} px gives back the header and the place on the page`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    await open(page, "/portfolio");
    const header = page.getByRole("banner");
    // Scrolled down, the header hides; the tile picked is cut by the bottom of the window.
    const tile = page.locator(".portfolio-grid a").nth(3);
    const top = await tile.evaluate((a) => a.getBoundingClientRect().top + window.scrollY);
    await page.evaluate((y) => window.scrollTo(0, y), Math.round(top - 844 * 0.6));
    await expect(header).toHaveClass(/is-hidden/);
    const box = await tile.boundingBox();
    expect(box && box.y + box.height, "the tile runs past the window's bottom edge").toBeGreaterThan(844);
    const before = await page.evaluate(() => window.scrollY);
    await tile.click({ position: { x: 40, y: 40 } });
    const showcase = page.getByRole("dialog");
    await expect(showcase).toBeVisible();
    await showcase.getByRole("button", { name: "Back to all projects" }).click();
    await expect(showcase).toBeHidden();
    await expect(page.locator(".portfolio-grid a:focus")).toHaveCount(1);
    await expect(header).not.toHaveClass(/is-hidden/);
    await expect(header).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBe(before);
  });
}

test("the look book turns pages on a desktop and offers the PDF", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await open(page, "/look-book");
  const book = page.getByRole("region", { name: "Look book" });
  await expect(book).toBeVisible();
  await expect(page.getByRole("link", { name: /PDF/i })).toHaveAttribute("href", /look-book\.pdf$/);
  const where = page.locator(".book__where");
  const before = (await where.textContent()) ?? "";
  await page.getByRole("button", { name: "Next" }).click();
  await expect(where).not.toHaveText(before);
  await expectNoSeriousA11yViolations(page);
  // Only pages near the open spread are loaded, never all 182.
  expect(await page.locator("img[src*='look-book']").count()).toBeLessThan(20);
});

test("a turning page stays inside the book, never over the heading or the controls", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await open(page, "/look-book");
  for (const at of [250, 350, 500, 650, 750]) {
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.locator(".book__leaf")).toBeAttached();
    // The turn is held at one moment and the page above and below it is hit-tested point by point.
    const covered = await page.evaluate((ms) => {
      const turn = document.getAnimations().find((a) => (a as CSSAnimation).animationName?.startsWith("leaf"));
      if (!turn) return ["no turn running"];
      turn.pause();
      turn.currentTime = ms;
      const hits: string[] = [];
      for (const selector of [".lb-head", ".book__controls"]) {
        const box = document.querySelector(selector)!.getBoundingClientRect();
        for (let x = box.left; x < box.right; x += 16)
          for (let y = box.top; y < box.bottom; y += 8)
            if (document.elementFromPoint(x, y)?.closest(".book__leaf")) hits.push(`${selector} at ${x},${y}`);
      }
      turn.finish();
      return hits;
    }, at);
    expect(covered, `the turning page at ${at} ms`).toEqual([]);
    await expect(page.locator(".book__leaf")).toHaveCount(0);
  }
});

test("the look book is a scrolling gallery on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, "/look-book");
  const gallery = page.getByRole("list", { name: "Look book pages" });
  await expect(gallery).toBeVisible();
  await expect(page.getByRole("region", { name: "Look book" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test("a look book page that fails to load says so", async ({ page }) => {
  expectConsoleErrors();
  await page.route(
    (url) => /look-book(%2F|\/)page-00/.test(url.href),
    (route) => route.fulfill({ status: 404, body: "" }),
  );
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, "/look-book");
  await expect(page.getByText("Image not found").first()).toBeVisible();
});
