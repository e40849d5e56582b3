import type { Page } from "@playwright/test";
import { formatPrice as usd } from "../../domain/format.ts";
import { formatCents, parseDollars } from "../../domain/money.ts";
import { percentOf } from "../../domain/money-shares.ts";
import { fillAddress, fillCard, payButton, seedCart, shippablePiece, stockLine } from "./support/checkout.ts";
import { expect, expectNoSeriousA11yViolations, open, test } from "./support/fixtures.ts";

test.use({ viewport: { width: 390, height: 844 } });

const summary = (page: Page) => page.getByRole("complementary", { name: "Order summary" });
const placed = (page: Page) => page.getByRole("region", { name: "Thank you for your order" });

/** A row of the order's figures (summary or thank-you) by its label. */
const row = (page: Page, within: ReturnType<typeof summary>, label: string) =>
  within.locator(".co-summary__row").filter({ has: page.locator("dt").getByText(label, { exact: true }) });

/** The figure a row shows, in cents. */
async function cents(page: Page, label: string): Promise<number> {
  const text = (await row(page, summary(page), label).locator("dd").textContent()) ?? "";
  const value = parseDollars(text.replace(/[$,]/g, ""));
  if (value === null) throw new Error(`${label}: no figure in '${text}'`);
  return value;
}

/** Pays with the test card; the payment's request, as the page sent it. */
async function pay(page: Page) {
  await fillCard(page, "4111111111111111");
  const [sent] = await Promise.all([
    page.waitForRequest((r) => r.url().endsWith("/api/payment/process-payment")),
    payButton(page).click(),
  ]);
  const dialog = page.getByRole("dialog", { name: "Payment Successful" });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await dialog.getByRole("button", { name: "Close" }).click();
  return sent.postDataJSON() as { amount: number; taxTotal: number; shippingTotal: number };
}

test("a buyer in Pennsylvania sees 6% sales tax on the goods and the delivery, pays it, and the thank-you shows it", async ({
  page,
  request,
}) => {
  const piece = await shippablePiece(request);
  await seedCart(page, request, [stockLine(piece)]);
  await open(page, "/check-out");

  // Before the address, the tax waits for it; with the state, for the shipping it is worked out on too.
  await expect(row(page, summary(page), "Sales tax")).toContainText("Calculated from your address");
  await fillAddress(page, { state: "PA", zip: "17601" });
  await expect(row(page, summary(page), "Sales tax (PA 6%)")).toContainText("Calculated with shipping");

  await page.getByRole("button", { name: "Calculate shipping" }).click();
  await expect(page.getByRole("radio").first()).toBeChecked();
  await expect(row(page, summary(page), "Sales tax (PA 6%)")).toContainText("$");
  const subtotal = await cents(page, "Subtotal");
  const shipping = await cents(page, "Shipping");
  const tax = percentOf(subtotal + shipping, 6);
  expect(tax).toBeGreaterThan(0);
  expect(await cents(page, "Sales tax (PA 6%)")).toBe(tax);
  const total = subtotal + shipping + tax;
  expect(await cents(page, "Total")).toBe(total);
  await expect(payButton(page)).toHaveText(`Pay ${formatCents(total)}`);
  await expect(summary(page)).toContainText("USD. Sales tax is added where the studio collects it.");
  await expectNoSeriousA11yViolations(page);

  // The payment carries the tax in its amount, and says it.
  const sent = await pay(page);
  expect(sent).toMatchObject({ amount: total / 100, taxTotal: tax / 100, shippingTotal: shipping / 100 });
  await expect(row(page, placed(page), "Sales tax (PA 6%)")).toContainText(formatCents(tax));
  await expect(row(page, placed(page), "Total")).toContainText(formatCents(total));
  await expect(placed(page)).toContainText(`${formatCents(total)}. A confirmation is on its way`);
  await expectNoSeriousA11yViolations(page);
});

test("a buyer in New Jersey, where the studio collects nothing, sees no tax and pays none", async ({
  page,
  request,
}) => {
  const piece = await shippablePiece(request);
  await seedCart(page, request, [stockLine(piece)]);
  await open(page, "/check-out");
  await fillAddress(page, { state: "NJ", zip: "08608" });
  await page.getByRole("button", { name: "Calculate shipping" }).click();
  await expect(page.getByRole("radio").first()).toBeChecked();

  await expect(summary(page).getByText(/Sales tax \(/)).toHaveCount(0);
  await expect(row(page, summary(page), "Sales tax")).toHaveCount(0);
  const subtotal = await cents(page, "Subtotal");
  expect(subtotal).toBe(parseDollars(String(piece.salePrice ?? piece.price)));
  const total = subtotal + (await cents(page, "Shipping"));
  expect(await cents(page, "Total")).toBe(total);
  await expect(payButton(page)).toHaveText(`Pay ${usd(total / 100)}`);

  const sent = await pay(page);
  expect(sent).toMatchObject({ amount: total / 100, taxTotal: 0 });
  await expect(placed(page).getByText(/Sales tax/)).toHaveCount(0);
  await expect(row(page, placed(page), "Total")).toContainText(formatCents(total));
});
