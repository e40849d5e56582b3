import type { Page } from "@playwright/test";
import { fillAddress, fillCard, payButton, seedCart, shippablePiece, stockLine, textbox } from "./support/checkout.ts";
import { expect, expectConsoleErrors, expectNoSeriousA11yViolations, open, test } from "./support/fixtures.ts";

const calculate = (page: Page) => page.getByRole("button", { name: /^(Re)?calculate shipping$/i });

test("the payment API's refusals show where they belong: under the field, or at the top of the form", async ({
  page,
  request,
}) => {
  expectConsoleErrors(); // the refusals below are 4xx answers, which the browser logs
  await seedCart(page, request, [stockLine(await shippablePiece(request))]);
  await open(page, "/check-out");
  await fillAddress(page);
  await calculate(page).click();
  await expect(page.getByRole("radio").first()).toBeChecked();
  await fillCard(page, "4111111111111111");

  const answers: ({ status: number; body: unknown; delay?: number } | "network failure")[] = [];
  const keys: string[] = [];
  await page.route("**/api/payment/process-payment", async (route) => {
    keys.push(route.request().headers()["idempotency-key"] ?? "");
    const next = answers.shift()!;
    if (next === "network failure") return route.abort("connectionreset");
    if (next.delay) await new Promise((r) => setTimeout(r, next.delay));
    await route.fulfill({ status: next.status, json: next.body });
  });
  const refuse = (status: number, code: string, message: string, field?: string, extra = {}) =>
    answers.push({ status, body: { ...extra, error: { code, message, ...(field ? { field } : {}) } } });

  // No answer: the error modal, and pressing Pay again retries the same request with the same key.
  answers.push("network failure");
  await payButton(page).click();
  const failed = page.getByRole("dialog", { name: "Payment Error" });
  await expect(failed).toBeVisible();
  await failed.getByRole("button", { name: "Back to checkout" }).click();
  answers.push({ status: 200, body: { status: "declined", data: { respstat: "C" }, label: null }, delay: 600 });
  // While it is in flight the button shows progress and cannot be pressed again.
  await payButton(page).dblclick();
  const busy = page.getByRole("button", { name: "Processing payment…" });
  await expect(busy).toBeDisabled();
  await expect(page.getByRole("dialog", { name: "Payment Declined" })).toBeVisible();
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  await page
    .getByRole("dialog", { name: "Payment Declined" })
    .getByRole("button", { name: "Back to checkout" })
    .click();

  // 400s name the payload's field: cvv2 is the CVC, region the state.
  refuse(400, "invalid_request", "Please provide a valid CVC number.", "cvv2");
  await payButton(page).click();
  const cvc = textbox(page, "CVC");
  await expect(cvc).toHaveAccessibleDescription("Please provide a valid CVC number.");
  await expect(cvc).toBeFocused();
  refuse(400, "invalid_request", "Please provide a state or region.", "region");
  await payButton(page).click();
  await expect(page.getByRole("combobox", { name: "State" })).toHaveAccessibleDescription(
    "Please provide a state or region.",
  );

  // Sold out: the API's message at the top of the form.
  refuse(409, "sold_out", "Sorry, this piece has just sold out. Please update your cart.", "products");
  await payButton(page).click();
  const alert = page.getByRole("alert").filter({ hasText: "has just sold out" });
  await expect(alert).toBeVisible();
  await expect(alert).toBeFocused();

  // New prices: the message and the new total, its sales tax included.
  refuse(
    409,
    "price_changed",
    "Prices have changed since you added these items. Please review the new total.",
    "amount",
    {
      fresh: { products: [], subtotal: 90, shippingTotal: 10.5, taxTotal: 6.03, amount: 106.53 },
    },
  );
  await payButton(page).click();
  const changed = page.getByRole("alert").filter({ hasText: "Prices have changed" });
  await expect(changed).toContainText("New total $106.53");
  await expectNoSeriousA11yViolations(page);

  // Every attempt after an answer had a key of its own.
  expect(keys).toHaveLength(6);
  expect(new Set(keys).size).toBe(5);
});
