import { fillCommission } from "./support/commission.ts";
import { expect, expectNoSeriousA11yViolations, open, test } from "./support/fixtures.ts";
import { recordSentParts } from "./support/sent-parts.ts";

test("a visitor asks for a commission with five photos and lands on the thank-you page", async ({ page }) => {
  const sentParts = await recordSentParts(page);
  await open(page, "/custom-design");
  const form = page.getByRole("region", { name: "Start a commission" });
  await expect(page.getByRole("heading", { name: "How a commission works" })).toBeVisible();

  // Every field is required, and one photo at least.
  await form.getByRole("button", { name: "Send request" }).click();
  await expect(form.getByRole("textbox", { name: /First name/ })).toBeFocused();
  for (const message of [
    "Please provide a phone number.",
    "Please provide your location.",
    "Please describe the piece you would like made.",
    "Please provide a wood species.",
    "Please provide a budget.",
    "Please choose between 1 and 5 photos.",
  ])
    await expect(form.getByText(message)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await fillCommission(form);
  await expect(form.getByText("5 image(s) selected. Thank you!")).toBeVisible();
  await expect(form.getByText("Please choose between 1 and 5 photos.")).toHaveCount(0);
  await expect(form.getByRole("list", { name: "Chosen photos" }).getByRole("listitem")).toHaveCount(5);
  await expectNoSeriousA11yViolations(page);

  await form.getByRole("button", { name: "Send request" }).click();
  await expect(page).toHaveURL(/\/contact-submitted$/);
  expect(await sentParts()).toEqual([
    "firstName",
    "lastName",
    "email",
    "phone",
    "location",
    "type",
    "species",
    "budget",
    "honeyPot",
    "image1",
    "image2",
    "image3",
    "image4",
    "image5",
  ]);
  await expect(page.getByRole("heading", { level: 1, name: "Email Sent" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
