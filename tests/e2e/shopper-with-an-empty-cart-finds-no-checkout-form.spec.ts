import { expect, expectNoSeriousA11yViolations, open, test } from "./support/fixtures.ts";

test("with nothing in the cart there is no form, only the way back to the shop", async ({ page }) => {
  await open(page, "/check-out");
  await expect(page.getByText("It looks like your cart is empty.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to the shop" })).toHaveAttribute("href", "/shop");
  await expect(page.getByRole("form", { name: "Checkout" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});
