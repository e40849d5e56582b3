import { formatPrice as usd } from "../../domain/format.ts";
import { formatCents, parseDollars, toCents } from "../../domain/money.ts";
import { percentOf } from "../../domain/money-shares.ts";
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

  // The first rate is chosen; another can be; the total follows the chosen one, with the
  // Pennsylvania sales tax on the piece and its delivery (6 %).
  const rateCents = async (i: number) =>
    parseDollars(((await page.locator(".co-rate__amount").nth(i).textContent()) ?? "").replace(/[$,]/g, ""))!;
  const unit = toCents(piece.salePrice ?? piece.price);
  const withTax = (shipping: number) => unit + shipping + percentOf(unit + shipping, 6);
  await rates.nth(1).check();
  await expect(rates.nth(1)).toBeChecked();
  await expect(summary.getByText(formatCents(withTax(await rateCents(1))), { exact: true })).toBeVisible();
  await rates.first().check();
  const total = withTax(await rateCents(0));
  await expect(summary.getByText(formatCents(total), { exact: true })).toBeVisible();
  await expect(payButton(page)).toHaveText(`Pay ${formatCents(total)}`);

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
