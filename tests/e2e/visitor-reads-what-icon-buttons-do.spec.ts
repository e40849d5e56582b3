import type { Locator, Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, open, test } from "./support/fixtures.ts";

// docs/product.md §9: a tooltip sits 8 px from its control and at least 10 px inside the window.
const OFFSET = 8;
const MARGIN = 10;

/** The tooltip's box beside its control's, and the window's size. */
async function geometry(page: Page, control: Locator) {
  const box = async (l: Locator) => (await l.boundingBox())!;
  const [tip, ctl] = [await box(page.getByRole("tooltip")), await box(control)];
  const win = await page.evaluate(() => ({ width: document.documentElement.clientWidth, height: innerHeight }));
  return { tip, ctl, win };
}

async function expectInsideWindow(page: Page, control: Locator) {
  const { tip, win } = await geometry(page, control);
  expect(tip.x).toBeGreaterThanOrEqual(MARGIN - 0.5);
  expect(tip.x + tip.width).toBeLessThanOrEqual(win.width - MARGIN + 0.5);
  expect(tip.y).toBeGreaterThanOrEqual(MARGIN - 0.5);
}

test("icon buttons say what they do on hover and on keyboard focus, and Escape hides it", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await open(page, "/products/1");
  const tooltip = page.getByRole("tooltip");
  const heart = page.locator(".detail__social").getByRole("button", { name: /to wish list$/ });
  const name = (await heart.getAttribute("aria-label"))!;

  await heart.hover();
  await expect(tooltip).toHaveText(name);
  const { tip, ctl } = await geometry(page, heart);
  expect(Math.abs(tip.y + tip.height + OFFSET - ctl.y)).toBeLessThan(1.5);
  expect(Math.abs(tip.x + tip.width / 2 - (ctl.x + ctl.width / 2))).toBeLessThan(1.5);
  // The mouse can move onto the tooltip and keep it (WCAG 1.4.13).
  await page.mouse.move(tip.x + tip.width / 2, tip.y + tip.height / 2, { steps: 5 });
  await expect(tooltip).toBeVisible();
  // The tooltip repeats the name rather than adding a description screen readers would say twice.
  await expect(heart).toHaveAccessibleName(name);
  await expect(heart).not.toHaveAttribute("aria-describedby");

  // Pressed, the heart's name changes; the wish-list drawer opens over it, and once it is closed
  // the heart's tooltip says the new name.
  await heart.click();
  await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
  await page.mouse.move(5, 890);
  await expect(tooltip).toBeHidden();
  await page
    .locator(".detail__social")
    .getByRole("button", { name: /from wish list$/ })
    .hover();
  await expect(tooltip).toHaveText(/^Remove .* from wish list$/);
  await page.mouse.move(5, 890);
  await expect(tooltip).toBeHidden();

  // From the keyboard: focus shows it, Escape hides it and leaves the focus where it was.
  const plus = page.getByRole("button", { name: /^Increase quantity of / });
  await page.getByRole("spinbutton", { name: /^Quantity of / }).focus();
  await page.keyboard.press("Tab");
  await expect(plus).toBeFocused();
  await expect(tooltip).toHaveText(/^Increase quantity of /);
  await expect(tooltip).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(tooltip).toBeHidden();
  await expect(plus).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Shift+Tab");
  await expect(tooltip).toHaveText(/^Decrease quantity of /);
  await expectNoSeriousA11yViolations(page);
});

test("the zoom's buttons have tooltips, drawn above the open zoom", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await open(page, "/products/1");
  const tooltip = page.getByRole("tooltip");
  const zoomFirst = page.getByRole("button", { name: /^Zoom image 1 of / });
  await zoomFirst.hover();
  await expect(tooltip).toHaveText(/^Zoom image 1 of /);
  await zoomFirst.press("Enter");
  const zoom = page.getByRole("dialog");
  await expect.poll(() => zoom.locator("img").evaluate((img: HTMLImageElement) => img.complete)).toBe(true);

  const next = zoom.getByRole("button", { name: "Next image" });
  await next.focus();
  await expect(tooltip).toHaveText("Next image");
  const { tip } = await geometry(page, next);
  const withTip = await page.screenshot({ clip: tip });
  // Moved to the other button, the tooltip leaves that spot: had it been under the modal, the
  // spot would look the same either way.
  await zoom.getByRole("button", { name: "Previous image" }).focus();
  await expect(tooltip).toHaveText("Previous image");
  const without = await page.screenshot({ clip: tip });
  expect(withTip.equals(without), "the tooltip shows above the zoom").toBe(false);
});

test("on a phone a tooltip shifts to stay 10 px inside the window and flips below a control at the top", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, "/products/1");
  const tooltip = page.getByRole("tooltip");

  // The heart sits at the left edge; its long tooltip is pushed right, not cut.
  const heart = page.locator(".detail__social").getByRole("button", { name: /to wish list$/ });
  await heart.hover();
  await expect(tooltip).toBeVisible();
  await expectInsideWindow(page, heart);

  // The header's wish list sits near the right edge.
  await page.evaluate(() => window.scrollTo(0, 0));
  const wish = page.getByRole("banner").getByRole("link", { name: /^Wish list/ });
  await wish.hover();
  await expect(tooltip).toHaveText(/^Wish list/);
  await expectInsideWindow(page, wish);

  // With no room above, it goes below the control.
  await heart.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - 4));
  await expect.poll(async () => (await heart.boundingBox())!.y).toBeLessThan(20);
  await heart.hover();
  await expect(tooltip).toBeVisible();
  const { tip, ctl } = await geometry(page, heart);
  expect(Math.abs(tip.y - (ctl.y + ctl.height + OFFSET))).toBeLessThan(1.5);
  await expectInsideWindow(page, heart);
});
