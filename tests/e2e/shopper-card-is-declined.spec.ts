import { payButton, readyToPayForOnePiece } from "./support/checkout.ts";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures.ts";

test("a declined card shows 'Payment Declined' and leaves the cart and the form as they were", async ({
  page,
  request,
}) => {
  await readyToPayForOnePiece(page, request, "4387751111111038");
  await payButton(page).click();

  const dialog = page.getByRole("dialog", { name: "Payment Declined" });
  await expect(
    dialog.getByText("Sorry, your payment has been declined. Please try again and make sure all details are correct."),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Back to checkout" }).click();
  await expect(dialog).toBeHidden();
  // Nothing was bought: the cart, the chosen rate and the card are still there to correct.
  await expect(page.getByRole("banner").getByRole("link", { name: "Cart (1)" })).toBeAttached();
  await expect(page.getByRole("radio").first()).toBeChecked();
  await expect(page.getByRole("textbox", { name: "Card number", exact: true })).toHaveValue("4387 7511 1111 1038");
  await expect(payButton(page)).toBeEnabled();
});
