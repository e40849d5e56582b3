import { enquiryDefaults } from "../../domain/enquiry.ts";
import { expect, expectNoSeriousA11yViolations, open, test } from "./support/fixtures.ts";
import { photo } from "./support/photos.ts";
import { recordSentParts } from "./support/sent-parts.ts";

type ApiProduct = {
  id: number;
  productId: number | null;
  title: string;
  category: string;
  stock: number;
  topFinish: string | null;
};

test("'Order this' on an out-of-stock piece opens the enquiry about it, prefilled, and sends it with two photos", async ({
  page,
  request,
}) => {
  const sentParts = await recordSentParts(page);
  const all = (await (await request.get("/api/Products")).json()) as ApiProduct[];
  const piece = all.find((p) => p.productId === null && p.stock === 0)!;
  const type = enquiryDefaults({ from: "product", title: piece.title, category: piece.category }).enquiryType!;

  await open(page, `/products/${piece.id}`);
  await page.getByRole("link", { name: "Order this" }).click();
  await expect(page).toHaveURL(/\/contact\?.*kind=product/);
  const main = page.getByRole("main");
  const about = main.getByRole("region", { name: "Your enquiry: Order this" });
  await expect(about.getByRole("link", { name: piece.title })).toBeVisible();
  if (piece.topFinish) await expect(about.getByText(piece.topFinish)).toBeVisible();
  await expect(main.getByRole("combobox", { name: /Enquiry type/ })).toHaveValue(type);
  await expect(main.getByRole("textbox", { name: /interested in/ })).toHaveValue(
    new RegExp(`^Order: ${piece.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} \\(product #${piece.id}\\)`),
  );

  // Nothing filled in: the messages show under their fields and the first one has the focus.
  await main.getByRole("button", { name: "Send enquiry" }).click();
  const firstName = main.getByRole("textbox", { name: /First name/ });
  await expect(firstName).toBeFocused();
  await expect(firstName).toHaveAttribute("aria-invalid", "true");
  await expect(main.getByText("Please provide a first name.")).toBeVisible();
  await expect(main.getByText("Please tell us about your project.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await firstName.fill("Ada");
  await expect(main.getByText("Please provide a first name.")).toHaveCount(0);
  await main.getByRole("textbox", { name: /Last name/ }).fill("Lovelace");
  await main.getByRole("textbox", { name: /^Email/ }).fill("ada@example.com");
  await main.getByRole("textbox", { name: /^Phone/ }).fill("(610) 555-0100");
  await main.getByRole("radio", { name: "Phone" }).check();
  await main
    .getByRole("textbox", { name: /Details/ })
    .fill("Could you make this piece again for our dining room? We need it by spring.");
  if (type === "Dining Table" || type === "Coffee Table") {
    await main.getByRole("combobox", { name: /Base type/ }).selectOption("Wood base");
    await main.getByRole("combobox", { name: /Edge type/ }).selectOption("Straight edge");
  }

  const photos = main.getByLabel(/^Photos/);
  await photos.setInputFiles([await photo("dining-room.jpg"), await photo("sketch.png", "png", 40)]);
  await expect(main.getByText("2 image(s) selected. Thank you!")).toBeVisible();
  await expect(main.getByRole("button", { name: "Remove sketch.png" })).toBeVisible();
  // Two more would make four: refused, and the two chosen stay.
  await photos.setInputFiles([await photo("hall.jpg", "jpeg", 10), await photo("door.jpg", "jpeg", 20)]);
  await expect(main.getByText(/Please choose up to 3 photos\./)).toBeVisible();
  await expect(main.getByText("2 image(s) selected. Thank you!")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await main.getByRole("button", { name: "Send enquiry" }).click();
  await expect(page).toHaveURL(/\/contact-submitted$/);
  const parts = await sentParts();
  for (const part of ["image1", "image2", "honeyPot", "interest", "contactMethod", "baseType", "edgeType"])
    expect(parts, part).toContain(part);
  expect(parts).not.toContain("image3");
  await expect(page.getByRole("heading", { level: 1, name: "Email Sent" })).toBeFocused();
  await expect(
    page.getByText("Thank you for your enquiry, you will be contacted soon by one of the studio team."),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Read our story" })).toHaveAttribute("href", "/our-story");
  await expectNoSeriousA11yViolations(page);
});

test("a slab's 'Reserve this table or base' asks about a Custom Item, which needs an edge and a photo", async ({
  page,
}) => {
  await open(page, "/slabs");
  const card = page.locator(".listing__grid article").first();
  const title = (await card.getByRole("heading").textContent())?.trim() ?? "";
  await card.getByRole("link", { name: title }).last().click();
  await page.getByRole("link", { name: /Reserve this table or base|Request Similar/ }).click();
  const main = page.getByRole("main");
  await expect(main.getByRole("combobox", { name: /Enquiry type/ })).toHaveValue("Custom Item");
  await expect(main.getByLabel(/^Photos/)).toHaveAttribute("required", "");
  await main.getByRole("combobox", { name: /Edge type/ }).selectOption("");
  await main.getByRole("button", { name: "Send enquiry" }).click();
  await expect(main.getByText("Please choose an edge type.")).toBeVisible();
  await expect(main.getByText("Please add at least one photo.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("the wish list's enquiry is a General Inquiry about the saved pieces", async ({ page }) => {
  await open(page, "/slabs");
  const card = page.locator(".listing__grid article").first();
  const title = (await card.getByRole("heading").textContent())?.trim() ?? "";
  await card.getByRole("button", { name: `Add ${title} to wish list` }).click();
  await page.keyboard.press("Escape");

  await open(page, "/wishlist");
  await page.getByRole("link", { name: "Ask about these pieces" }).click();
  await expect(page).toHaveURL(/\/contact\?from=wishlist$/);
  const main = page.getByRole("main");
  await expect(main.getByRole("combobox", { name: /Enquiry type/ })).toHaveValue("General Inquiry");
  await expect(
    main.getByRole("region", { name: "Your enquiry: your wish list" }).getByRole("link", { name: title }),
  ).toBeVisible();
  await expect(main.getByRole("textbox", { name: /interested in/ })).toHaveValue(/^Saved pieces: .*\(slab #\d+\)/);
  await expectNoSeriousA11yViolations(page);
});
