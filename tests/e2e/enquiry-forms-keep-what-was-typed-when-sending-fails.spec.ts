import type { Route } from "@playwright/test";
import { expect, expectConsoleErrors, expectNoSeriousA11yViolations, open, test } from "./support/fixtures.ts";
import { photo } from "./support/photos.ts";

const FAILED = "Sorry, something went wrong while trying to send your email. Please try again.";
const error = (status: number, error: object) => (route: Route) =>
  route.fulfill({ status, contentType: "application/json", body: JSON.stringify({ error }) });

test("a contact enquiry the server cannot take shows 'Email failed to send' and keeps every field and photo", async ({
  page,
}) => {
  expectConsoleErrors();
  // The first answer waits until the test has seen the busy button.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/website/contact", async (route) => {
    await held;
    await error(500, { code: "internal", message: "Something went wrong on our side." })(route);
  });

  await open(page, "/contact?enquiryType=Additional+Services");
  const main = page.getByRole("main");
  await expect(main.getByRole("combobox", { name: /Enquiry type/ })).toHaveValue("Additional Services");
  await main.getByRole("textbox", { name: /First name/ }).fill("Ada");
  await main.getByRole("textbox", { name: /Last name/ }).fill("Lovelace");
  await main.getByRole("textbox", { name: /^Email/ }).fill("ada@example.com");
  await main.getByRole("textbox", { name: /Details/ }).fill("Refinishing a walnut table top that has water marks.");
  await main.getByLabel(/^Photos/).setInputFiles([await photo("marks.jpg")]);

  const send = main.getByRole("button", { name: "Send enquiry" });
  await send.click();
  const busy = main.getByRole("button", { name: /Sending…/ });
  await expect(busy).toHaveAttribute("aria-disabled", "true");
  await busy.click({ force: true });
  release();

  const dialog = page.getByRole("dialog", { name: "Email failed to send" });
  await expect(dialog.getByText(FAILED)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Back to the form" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(main.getByRole("textbox", { name: /First name/ })).toHaveValue("Ada");
  await expect(main.getByRole("textbox", { name: /Details/ })).toHaveValue(
    "Refinishing a walnut table top that has water marks.",
  );
  await expect(main.getByText("1 image(s) selected. Thank you!")).toBeVisible();

  // A refusal naming a field: the dialog, and the message under that field.
  await page.unroute("**/api/website/contact");
  await page.route(
    "**/api/website/contact",
    error(400, { code: "invalid_request", message: "Please provide a last name.", field: "lastName" }),
  );
  await send.click();
  await expect(page.getByRole("dialog", { name: "Email failed to send" })).toBeVisible();
  await page.keyboard.press("Escape");
  const lastName = main.getByRole("textbox", { name: /Last name/ });
  await expect(lastName).toHaveAttribute("aria-invalid", "true");
  // The message is the field's own (its description), whether or not the closing dialog is still there.
  await expect(lastName).toHaveAccessibleDescription(/Please provide a last name\./);

  // Too many submissions: the dialog carries the server's words.
  await page.unroute("**/api/website/contact");
  await page.route(
    "**/api/website/contact",
    error(429, { code: "too_many_requests", message: "Too many submissions. Please try again in 42 seconds." }),
  );
  await send.click();
  const limited = page.getByRole("dialog", { name: "Email failed to send" });
  await expect(limited.getByText(FAILED)).toBeVisible();
  await expect(limited.getByText("Too many submissions. Please try again in 42 seconds.")).toBeVisible();
});

test("a commission that fails to send shows the failure modal and keeps the form", async ({ page }) => {
  expectConsoleErrors();
  await page.route("**/api/website/custom", (route) => route.fulfill({ status: 500, body: "boom" }));
  await open(page, "/custom-design");
  const form = page.getByRole("region", { name: "Start a commission" });
  await form.getByRole("textbox", { name: /First name/ }).fill("Grace");
  await form.getByRole("textbox", { name: /Last name/ }).fill("Hopper");
  await form.getByRole("textbox", { name: /^Email/ }).fill("grace@example.com");
  await form.getByRole("textbox", { name: /^Phone/ }).fill("717 555 0199");
  await form.getByRole("textbox", { name: /Location/ }).fill("York, PA");
  await form.getByRole("textbox", { name: /Describe the piece/ }).fill("A cherry bench for the hall.");
  await form.getByRole("combobox", { name: /Wood species/ }).fill("Cherry");
  await form.getByRole("textbox", { name: /Budget/ }).fill("$2,500");
  await form.getByLabel(/^Photos/).setInputFiles([await photo("hall.jpg"), await photo("bench.png", "png", 30)]);
  await form.getByRole("button", { name: "Send request" }).click();

  const dialog = page.getByRole("dialog", { name: "Email failed to send" });
  await expect(dialog.getByText(FAILED)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(page).toHaveURL(/\/custom-design$/);
  await expect(form.getByRole("textbox", { name: /Describe the piece/ })).toHaveValue("A cherry bench for the hall.");
  await expect(form.getByText("2 image(s) selected. Thank you!")).toBeVisible();
});

test("a newsletter sign-up that fails says so and keeps the address", async ({ page }) => {
  expectConsoleErrors();
  await page.route("**/api/website/subscribe", (route) => route.fulfill({ status: 500, body: "" }));
  await open(page, "/faqs");
  const footer = page.getByRole("contentinfo");
  await footer.getByRole("textbox", { name: "Email address" }).fill("ada@example.com");
  await footer.getByRole("button", { name: "Subscribe" }).click();
  await expect(footer.getByText("Unfortunately something went wrong. Please try again.")).toBeVisible();
  await expect(footer.getByRole("textbox", { name: "Email address" })).toHaveValue("ada@example.com");
  await expectNoSeriousA11yViolations(page);
});
