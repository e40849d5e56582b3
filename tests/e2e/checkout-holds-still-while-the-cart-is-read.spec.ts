import type { Page } from "@playwright/test";
import { products, seedCart, stockLine } from "./support/checkout.ts";
import { expect, open, test } from "./support/fixtures.ts";

// The stored cart can only be read once the page has hydrated; until then the page must already
// look as it will (the empty state or the form, room for the order's lines), so nothing moves in
// front of the shopper (CLS ≤ 0.02, as the other pages measure).

type Shifts = { shifts: number[]; shiftObserver: PerformanceObserver };
type Shift = { value: number; hadRecentInput: boolean };

/** Layout shifts from the start of the page's load, as Lighthouse counts them (none after input here). */
async function watchShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as Shifts;
    w.shifts = [];
    const add = (entries: PerformanceEntryList) => {
      for (const e of entries as unknown as Shift[]) if (!e.hadRecentInput) w.shifts.push(e.value);
    };
    w.shiftObserver = new PerformanceObserver((list) => add(list.getEntries()));
    w.shiftObserver.observe({ type: "layout-shift", buffered: true });
  });
}

/** The sum so far, with the entries not yet delivered to the observer taken too. */
const cumulativeShift = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as Shifts;
    for (const e of w.shiftObserver.takeRecords() as unknown as Shift[]) if (!e.hadRecentInput) w.shifts.push(e.value);
    return w.shifts.reduce((s, v) => s + v, 0);
  });

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width} px an empty cart's checkout does not jump when the cart is read`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await watchShifts(page);
    await open(page, "/check-out");
    await expect(page.getByText("It looks like your cart is empty.")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    expect(await cumulativeShift(page)).toBeLessThanOrEqual(0.02);
  });

  test(`at ${viewport.width} px a stored cart's checkout does not jump when its lines arrive`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    const pieces = (await products(request)).filter((p) => p.productId === null && p.stock > 0).slice(0, 3);
    await seedCart(
      page,
      request,
      pieces.map((p) => stockLine(p)),
    );
    await watchShifts(page);
    await open(page, "/check-out");
    await expect(page.getByRole("button", { name: /^Pay \$/ })).toBeVisible();
    expect(await cumulativeShift(page)).toBeLessThanOrEqual(0.02);
  });
}
