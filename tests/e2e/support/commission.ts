import type { Locator } from "@playwright/test";
import { photo } from "./photos.ts";

/** A name no other journey uses, to find this journey's mail by. */
export const unique = (name: string) => `${name}${Date.now().toString(36)}${Math.round(Math.random() * 1e4)}`;

/** Fills the commission form (`/custom-design`) in full, with five photos, as Grace `lastName`. */
export async function fillCommission(form: Locator, lastName = "Hopper") {
  await form.getByRole("textbox", { name: /First name/ }).fill("Grace");
  await form.getByRole("textbox", { name: /Last name/ }).fill(lastName);
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
}
