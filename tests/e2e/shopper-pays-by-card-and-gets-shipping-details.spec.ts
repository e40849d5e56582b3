import { formatPrice as usd } from "../../domain/format.ts";
import { cartKey, fillAddress, fillCard, payButton, seedCart, shippablePiece, stockLine } from "./support/checkout.ts";
import { expect, expectNoSeriousA11yViolations, open, test } from "./support/fixtures.ts";

test("a shopper calculates shipping, pays by card, gets the label and tracking links, and the cart is emptied", async ({
  page,
  request,
}) => {
  const piece = await shippablePiece(request);
  await seedCart(page, request, [stockLine(piece)]);

  await open(page, "/check-out");
  const summary = page.getByRole("complementary", { name: "Order summary" });
  await expect(summary.getByRole("link", { name: piece.title })).toBeVisible();
  await expect(payButton(page)).toHaveText(`Pay ${usd(piece.salePrice ?? piece.price)}`);
  await expectNoSeriousA11yViolations(page);

  await fillAddress(page);
  await page.getByRole("button", { name: "Calculate shipping" }).click();
  const rates = page.getByRole("group", { name: "Shipping method" }).getByRole("radio");
  await expect(rates.first()).toBeChecked();
  expect(await rates.count()).toBeGreaterThan(1);

  // The first rate is chosen; another can be; the total follows the chosen one.
  const rateAmount = async (i: number) =>
    Number(((await page.locator(".co-rate__amount").nth(i).textContent()) ?? "").replace(/[$,]/g, ""));
  await rates.nth(1).check();
  await expect(rates.nth(1)).toBeChecked();
  const unit = piece.salePrice ?? piece.price;
  await expect(summary.getByText(usd(unit + (await rateAmount(1))), { exact: true })).toBeVisible();
  await rates.first().check();
  const total = Math.round((unit + (await rateAmount(0))) * 100) / 100;
  await expect(summary.getByText(usd(total), { exact: true })).toBeVisible();
  await expect(payButton(page)).toHaveText(`Pay ${usd(total)}`);

  await fillCard(page, "4111111111111111");
  await payButton(page).click();

  const dialog = page.getByRole("dialog", { name: "Payment Successful" });
  await expect(dialog.getByText("Thank you for your purchase. Feel free to continue browsing.")).toBeVisible();
  await expect(dialog.getByRole("heading", { name: "Shipping Details" })).toBeVisible();
  const label = dialog.getByRole("link", { name: /Shipping label \(PDF\)/ });
  const tracking = dialog.getByRole("link", { name: /Track your shipment/ });
  for (const link of [label, tracking]) await expect(link).toHaveAttribute("target", "_blank");
  const pdf = await request.get((await label.getAttribute("href"))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toContain("application/pdf");
  expect((await request.get((await tracking.getAttribute("href"))!)).status()).toBe(200);
  await expect(dialog.getByRole("link", { name: "Continue browsing" })).toHaveAttribute("href", "/shop");
  await expectNoSeriousA11yViolations(page);

  // The cart is empty: in the header, in storage, and the page now thanks the shopper.
  await expect(page.getByRole("banner").getByRole("link", { name: "Cart (0)" })).toBeAttached();
  expect(await page.evaluate((k) => localStorage.getItem(k), await cartKey(request))).toBe("[]");
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { name: "Thank you for your order" })).toBeVisible();
  await expect(page.getByRole("form", { name: "Checkout" })).toHaveCount(0);
});
