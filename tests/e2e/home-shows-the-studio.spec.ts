import { expect, expectConsoleErrors, expectNoSeriousA11yViolations, open, test } from "./support/fixtures.ts";

test("home shows the hero, the announcement, products, testimonials and the footer", async ({ page }) => {
  await open(page, "/");
  await expect(page.getByRole("region", { name: "Featured" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await expect(page.getByText(/commission by December 1/)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Finished in the studio" })).toBeVisible();
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByText(`© ${new Date().getFullYear()}`, { exact: false })).toBeVisible();
  await expect(footer.getByRole("link", { name: "Instagram" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Cart (0)" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("the menu opens with its groups and promo tiles and closes on navigation and outside press", async ({ page }) => {
  await open(page, "/");
  const toggle = page.getByRole("button", { name: "Menu" });
  await toggle.click();
  const menu = page.getByRole("navigation", { name: "Main" });
  await expect(menu.getByRole("heading", { name: "Shop" })).toBeVisible();
  await expect(menu.getByRole("heading", { name: "Studio" })).toBeVisible();
  await expect(menu.getByText("A curated selection of artisan pieces.")).toBeVisible();
  await expect(menu.getByText("Build Your Own Divergence Dining Table.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.mouse.click(700, 850);
  await expect(menu).toBeHidden();
  await toggle.click();
  await menu.getByRole("link", { name: "FAQs" }).click();
  await expect(page).toHaveURL(/\/faqs$/);
  await expect(menu).toBeHidden();
});

test("the hero carousel can be paused and driven from its controls", async ({ page }) => {
  await open(page, "/");
  const hero = page.getByRole("region", { name: "Featured" });
  await hero.getByRole("button", { name: "Pause" }).click();
  await expect(hero.getByRole("button", { name: "Play" })).toBeVisible();
  await hero.getByRole("button", { name: /Show slide 2/ }).click();
  await expect(hero.getByRole("button", { name: /Show slide 2/ })).toHaveAttribute("aria-current", "true");
});

test("the header hides while scrolling down and returns on the way up", async ({ page }) => {
  await open(page, "/");
  const header = page.getByRole("banner");
  await page.mouse.wheel(0, 1500);
  await expect(header).toHaveClass(/is-hidden/);
  await page.mouse.wheel(0, -300);
  await expect(header).not.toHaveClass(/is-hidden/);
});

test("the scroll hint bounces three times, again when the reader scrolls, and rests as 'Back to top'", async ({
  page,
}) => {
  await open(page, "/our-story");
  const hint = page.getByRole("button", { name: "Scroll down" });
  await expect(hint).toBeVisible();
  const bounces = () =>
    hint
      .locator("svg")
      .evaluate((svg) =>
        svg
          .getAnimations()
          .map((a) => ({ state: a.playState, end: Math.round(Number(a.effect?.getComputedTiming().endTime)) })),
      );
  // Motion that starts by itself ends within 5 s (WCAG 2.2.2): a page left open draws nothing.
  await expect.poll(bounces).toEqual([{ state: "running", end: 4800 }]);
  await hint.locator("svg").evaluate((svg) => {
    for (const a of svg.getAnimations()) a.finish();
  });
  expect(await bounces()).toEqual([]);
  await page.mouse.wheel(0, 300);
  await expect.poll(bounces).toEqual([{ state: "running", end: 4800 }]);
  // At the end it turns into 'Back to top' and stops moving.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const back = page.getByRole("button", { name: "Back to top" });
  await expect(back).toBeVisible();
  expect(await back.locator("svg").evaluate((svg) => svg.getAnimations().length)).toBe(0);
});

test("with reduced motion the scroll hint does not bounce", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await open(page, "/our-story");
  const hint = page.getByRole("button", { name: "Scroll down" });
  await expect(hint).toBeVisible();
  await page.mouse.wheel(0, 300);
  await expect(hint).toBeVisible();
  expect(await hint.locator("svg").evaluate((svg) => svg.getAnimations().length)).toBe(0);
});

test("the splash shows once per browser session", async ({ page }) => {
  await page.goto("/?splash");
  const splash = page.locator(".splash");
  await expect(splash).toBeVisible();
  await expect(splash).toBeHidden({ timeout: 8000 });
  await page.goto("/?splash=again");
  await expect(page.locator(".splash")).toBeHidden();
});

test("the splash leaves a first visit whose scripts never arrive", async ({ page }) => {
  expectConsoleErrors();
  // A flaky network or a blocked host: none of the page's scripts load.
  await page.route("**/assets/*.js", (route) => route.abort());
  await page.goto("/?splash");
  await expect(page.locator(".splash")).toBeVisible();
  await expect(page.locator(".splash")).toBeHidden({ timeout: 8000 });
  // The server-rendered page is there, readable and in view.
  await expect(page.getByRole("heading", { name: "Finished in the studio" })).toBeAttached();
  await expect(page.getByRole("region", { name: "Featured" })).toBeInViewport();
});

for (const width of [1440, 390]) {
  test(`at ${width} px the product row moves one card at a time with its previous and next buttons`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await open(page, "/");
    const row = page.getByRole("region", { name: "Finished in the studio" });
    const rail = row.locator(".rail");
    const previous = row.getByRole("button", { name: "Previous products" });
    const next = row.getByRole("button", { name: "Next products" });
    await expect(next).toBeVisible();
    await expect(previous).toBeDisabled();
    await expect(next).toBeEnabled();
    const { card, max } = await rail.evaluate((el) => ({
      card: el.firstElementChild!.getBoundingClientRect().width + Number.parseFloat(getComputedStyle(el).columnGap),
      max: el.scrollWidth - el.clientWidth,
    }));
    const scrolled = () => rail.evaluate((el) => el.scrollLeft);
    // How far the row is from a place, in pixels (layout rounds to fractions of one).
    const awayFrom = (at: number) => async () => Math.abs((await scrolled()) - at);

    await next.click();
    await expect.poll(awayFrom(Math.min(card, max))).toBeLessThan(1.5);
    await expect(previous).toBeEnabled();

    // From the keyboard, to the end of the row: the button is then disabled and keeps the focus.
    // With reduced motion each step is a jump rather than a glide.
    await page.emulateMedia({ reducedMotion: "reduce" });
    await next.focus();
    for (let at = Math.min(card, max); at < max - 1; ) {
      await page.keyboard.press("Enter");
      at = Math.min(at + card, max);
      await expect.poll(awayFrom(at)).toBeLessThan(1.5);
    }
    await expect(next).toBeDisabled();
    await expect(next).toBeFocused();
    await previous.click();
    await expect.poll(scrolled).toBeLessThan(max - 1);
    await expectNoSeriousA11yViolations(page);
  });
}
