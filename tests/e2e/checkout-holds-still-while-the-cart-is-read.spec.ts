import { products, seedCart, stockLine } from "./support/checkout.ts";
import { expect, open, test } from "./support/fixtures.ts";
import { cumulativeShift, watchShifts } from "./support/layout-shifts.ts";

// The stored cart can only be read once the page has hydrated; until then the page must already
// look as it will (the empty state or the form, room for the order's lines), so nothing moves in
// front of the shopper (CLS ≤ 0.02, as the other pages measure).

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
