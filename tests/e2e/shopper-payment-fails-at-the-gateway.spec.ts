import { payButton, readyToPayForOnePiece } from "./support/checkout.ts";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures.ts";

test("a payment the gateway cannot process shows 'Payment Error' and can be tried again", async ({ page, request }) => {
  await readyToPayForOnePiece(page, request, "4999006200620062");

  const answers: string[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith("/api/payment/process-payment")) answers.push(r.headers()["idempotency-key"] ?? "");
  });
  await payButton(page).click();
  const dialog = page.getByRole("dialog", { name: "Payment Error" });
  await expect(
    dialog.getByText("Sorry, something went wrong while trying to process your payment. Please try again."),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Back to checkout" }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Cart (1)" })).toBeAttached();

  // Trying again is a new attempt with a new key.
  await payButton(page).click();
  await expect(dialog).toBeVisible();
  expect(answers).toHaveLength(2);
  expect(answers[0]).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
  expect(answers[1]).not.toBe(answers[0]);
});
