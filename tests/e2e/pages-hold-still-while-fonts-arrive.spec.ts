import { expect, open, test } from "./support/fixtures.ts";
import { cumulativeShift, watchShifts } from "./support/layout-shifts.ts";

// Text is set in a local font scaled to the web fonts' widths and heights until they arrive
// (app/styles/tokens.css), so their arrival moves nothing: CLS <= 0.02 with slow fonts. At the
// size of Lighthouse's phone (412 px), where the swap had moved these pages by 0.023-0.033.
for (const path of ["/contact", "/bases", "/look-book", "/our-story"]) {
  test(`on a 412 px phone ${path} does not move when its web fonts arrive late`, async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    await page.route(/\.woff2?$/, async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await watchShifts(page);
    await open(page, path);
    await page.waitForFunction(
      () => document.fonts.check("16px Inter") && document.fonts.check("32px 'Cormorant Garamond'"),
    );
    // A frame for the swap to be laid out and reported.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect(await cumulativeShift(page)).toBeLessThanOrEqual(0.02);
  });
}
