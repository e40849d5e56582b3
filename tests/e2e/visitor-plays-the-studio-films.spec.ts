import type { Page } from "@playwright/test";
import { expect, open, test } from "./support/fixtures.ts";

/** Every console message, warnings included (the fixtures only fail on errors). */
function consoleMessages(page: Page) {
  const messages: string[] = [];
  page.on("console", (m) => messages.push(`${m.type()}: ${m.text()}`));
  return messages;
}

test.beforeEach(async ({ page }) => {
  // The player itself is YouTube's; a blank page stands in for it so the journey needs no network.
  await page.route(/youtube(-nocookie)?\.com\/embed\//, (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Player</title><p>player</p>" }),
  );
});

test("a piece's video plays in a YouTube frame that logs nothing", async ({ page }) => {
  const messages = consoleMessages(page);
  await open(page, "/products/1");
  const frame = page.locator(".detail__section--video iframe");
  await frame.scrollIntoViewIfNeeded();
  await expect(page.frameLocator(".detail__section--video iframe").getByText("player")).toBeVisible();
  expect(messages).toEqual([]);
  // Full screen stays allowed, by the allow list alone.
  await expect(frame).toHaveAttribute("allow", /fullscreen/);
  await expect(frame).not.toHaveAttribute("allowfullscreen");
});

test("the studio film starts from its poster in a YouTube frame that logs nothing", async ({ page }) => {
  const messages = consoleMessages(page);
  await open(page, "/our-story");
  await page.getByRole("button", { name: /^Play: / }).click();
  const frame = page.locator(".story-video iframe");
  await expect(page.frameLocator(".story-video iframe").getByText("player")).toBeVisible();
  expect(messages).toEqual([]);
  // Full screen stays allowed, by the allow list alone.
  await expect(frame).toHaveAttribute("allow", /fullscreen/);
  await expect(frame).not.toHaveAttribute("allowfullscreen");
});
