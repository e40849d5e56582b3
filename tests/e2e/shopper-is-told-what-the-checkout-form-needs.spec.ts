import { payButton, seedCart, shippablePiece, stockLine, textbox } from "./support/checkout.ts";
import { expect, expectNoSeriousA11yViolations, open, test } from "./support/fixtures.ts";

const SHIPPING = {
  "First name": "Please provide a first name.",
  "Last name": "Please provide a last name.",
  Country: "Please select a country.",
  Address: "Please provide an address.",
  City: "Please provide a city.",
  "State or province": "Please provide a state or region.",
  "Postal code": "Please provide a postal or zip code.",
};
const PAYMENT = {
  Email: "Please enter a valid email address.",
  "Card number": "Please provide a valid credit card number.",
  "Expiry (MM/YY)": "Please provide a valid expiry date.",
  CVC: "Please provide a valid CVC number.",
  "Name on card": "Please provide a valid cardholder name.",
};

test("an empty checkout says what each field needs, and card number, expiry and CVC are shaped as typed", async ({
  page,
  request,
}) => {
  await seedCart(page, request, [stockLine(await shippablePiece(request))]);
  await open(page, "/check-out");
  const field = (name: string) =>
    name === "Country" ? page.getByRole("combobox", { name: "Country" }) : textbox(page, name);

  // 'Calculate shipping' checks the address only.
  await page.getByRole("button", { name: "Calculate shipping" }).click();
  for (const [name, message] of Object.entries(SHIPPING)) {
    await expect(field(name)).toHaveAttribute("aria-invalid", "true");
    await expect(field(name)).toHaveAccessibleDescription(message);
  }
  await expect(field("First name")).toBeFocused();
  for (const message of Object.values(PAYMENT)) await expect(page.getByText(message)).toHaveCount(0);

  // Paying checks everything, and the focus goes to the first field to correct.
  await textbox(page, "First name").fill("Ada");
  await expect(field("First name")).not.toHaveAttribute("aria-invalid", "true");
  await payButton(page).click();
  for (const [name, message] of Object.entries({ ...SHIPPING, ...PAYMENT })) {
    if (name === "First name") continue;
    await expect(page.getByText(message)).toBeVisible();
    await expect(field(name)).toHaveAccessibleDescription(new RegExp(message.replace(/[.()]/g, "\\$&")));
  }
  await expect(field("Last name")).toBeFocused();
  await expectNoSeriousA11yViolations(page);

  // Card numbers are grouped by brand, digits only.
  const card = textbox(page, "Card number");
  await card.pressSequentially("378282246310005");
  await expect(card).toHaveValue("3782 822463 10005");
  await card.fill("");
  await card.pressSequentially("3056-9309-0259-04");
  await expect(card).toHaveValue("3056 930902 5904");
  await card.fill("");
  await card.pressSequentially("4111a1111b11111111");
  await expect(card).toHaveValue("4111 1111 1111 1111");
  await expect(card).toHaveAttribute("inputmode", "numeric");
  await expect(card).toHaveAttribute("autocomplete", "cc-number");

  // CVC: digits only, three for most cards, four for American Express.
  const cvc = textbox(page, "CVC");
  await cvc.pressSequentially("1a2345");
  await expect(cvc).toHaveValue("123");
  await card.fill("");
  await card.pressSequentially("378282246310005");
  await cvc.fill("");
  await cvc.pressSequentially("12345");
  await expect(cvc).toHaveValue("1234");

  // Expiry as MM/YY while typing.
  const expiry = textbox(page, "Expiry (MM/YY)");
  await expiry.pressSequentially("1");
  await expect(expiry).toHaveValue("1");
  await expiry.pressSequentially("230");
  await expect(expiry).toHaveValue("12/30");
  await expiry.fill("");
  await expiry.pressSequentially("4");
  await expect(expiry).toHaveValue("04");
  await expiry.pressSequentially("27");
  await expect(expiry).toHaveValue("04/27");
  await expiry.press("Backspace");
  await expiry.press("Backspace");
  await expect(expiry).toHaveValue("04/");
  await expiry.press("Backspace");
  await expect(expiry).toHaveValue("04");

  // The state is a list of states for the United States, free text elsewhere.
  await page.getByRole("combobox", { name: "Country" }).selectOption("US");
  await expect(page.getByRole("combobox", { name: "State" })).toBeVisible();
  await expect(
    page.getByRole("combobox", { name: "State" }).getByRole("option", { name: "Pennsylvania" }),
  ).toBeAttached();
  await expect(textbox(page, "ZIP code")).toHaveAttribute("autocomplete", "postal-code");
  await page.getByRole("combobox", { name: "Country" }).selectOption("CA");
  await expect(textbox(page, "State or province")).toBeVisible();
});
