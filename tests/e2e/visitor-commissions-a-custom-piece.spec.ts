import { expect, expectNoSeriousA11yViolations, open, test } from "./support/fixtures.ts";
import { photo } from "./support/photos.ts";
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

  await form.getByRole("textbox", { name: /First name/ }).fill("Grace");
  await form.getByRole("textbox", { name: /Last name/ }).fill("Hopper");
  await form.getByRole("textbox", { name: /^Email/ }).fill("grace@example.com");
  await form.getByRole("textbox", { name: /^Phone/ }).fill("717 555 0199");
  await form.getByRole("textbox", { name: /Location/ }).fill("Lancaster, PA");
  await form
    .getByRole("textbox", { name: /Describe the piece/ })
    .fill("A white oak dining table for ten, with a trestle base, for a long farmhouse kitchen.");
  await form.getByRole("combobox", { name: /Wood species/ }).fill("White Oak");
  await form.getByRole("textbox", { name: /Budget/ }).fill("$12,000 to $15,000");
  await form
    .getByLabel(/^Photos/)
    .setInputFiles([
      await photo("kitchen-1.jpg"),
      await photo("kitchen-2.jpg", "jpeg", 10),
      await photo("kitchen-3.png", "png", 20),
      await photo("sketch.png", "png", 30),
      await photo("table-we-like.jpg", "jpeg", 40),
    ]);
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
