import type { Page } from "@playwright/test";
import { fillAddress, fillCard, payButton, seedCart, shippablePiece, stockLine, textbox } from "./support/checkout.ts";
import { expect, expectNoSeriousA11yViolations, open, test } from "./support/fixtures.ts";

const calculate = (page: Page) => page.getByRole("button", { name: /^(Re)?calculate shipping$/i });

test("rates are dropped when the address changes, and an address outside the carriers' reach points to the studio", async ({
  page,
  request,
}) => {
  await seedCart(page, request, [stockLine(await shippablePiece(request))]);
  await open(page, "/check-out");
  await fillAddress(page);
  await calculate(page).click();
  await expect(page.getByRole("radio").first()).toBeChecked();
  const summary = page.getByRole("complementary", { name: "Order summary" });
  await expect(summary.getByText("Calculated from your address")).toHaveCount(0);

  await textbox(page, "City").fill("Reading");
  await expect(page.getByRole("radio")).toHaveCount(0);
  await expect(summary.getByText("Calculated from your address")).toBeVisible();
  await expect(page.getByRole("button", { name: "Calculate shipping", exact: true })).toBeVisible();

  // Canada: no carrier rate; the studio arranges it, and the order cannot be paid here.
  await page.getByRole("combobox", { name: "Country" }).selectOption("CA");
  await textbox(page, "State or province").fill("Ontario");
  await textbox(page, "Postal code").fill("K1A 0B1");
  await calculate(page).click();
  await expect(page.getByText("Shipping to this address is arranged with the studio")).toBeVisible();
  await expect(page.getByRole("link", { name: "contact us" })).toHaveAttribute("href", "/contact");
  await expectNoSeriousA11yViolations(page);
  const payments: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/payment/")) payments.push(r.url());
  });
  await fillCard(page, "4111111111111111");
  await payButton(page).click();
  await expect(calculate(page)).toBeFocused();
  expect(payments).toEqual([]);
});
