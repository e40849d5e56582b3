import type { Page } from "@playwright/test";
import { expect } from "@playwright/test";
import { fillCommission } from "./commission.ts";
import { openEnquiryFrom, signOut } from "./studio.ts";
import { studioMailAbout } from "./studio-mail.ts";

/** A quote page's address in a mail (its soft line breaks undone). */
export const quoteLink = (mail: string) => /\/quotes\/[A-Za-z0-9_-]{43}/.exec(mail.replace(/=\r?\n/g, ""))![0];

/**
 * A visitor (Grace `last`) asks for a commission, and the owner answers it with a quote of one
 * piece at `price` (the studio's usual deposit): the address of the quote's page, from its mail.
 * Works with scripts on or off, as the forms do.
 */
export async function quoteOnACommission(page: Page, last: string, piece: { title: string; price: string }) {
  await page.goto("/custom-design");
  await fillCommission(page.getByRole("region", { name: "Start a commission" }), last);
  await page.getByRole("button", { name: "Send request" }).click();
  await expect(page).toHaveURL(/\/contact-submitted$/);
  await openEnquiryFrom(page, last);
  const first = page.getByRole("group", { name: "Piece 1" });
  await first.getByLabel("Piece", { exact: true }).fill(piece.title);
  await first.getByLabel("Price each (USD)").fill(piece.price);
  await page.getByRole("button", { name: "Send the quote" }).click();
  await expect(page.getByRole("status")).toContainText(/Quote #\d+ sent/);
  await signOut(page);
  return quoteLink(await studioMailAbout(`Dear Grace ${last}`));
}

/** Fills the quote page's acceptance form: Grace's address and an approved card. */
export async function fillAcceptance(page: Page, { card = "4111 1111 1111 1111" } = {}) {
  const form = page.getByRole("form", { name: "Accept the quote" });
  await form.getByLabel("First name").fill("Grace");
  await form.getByLabel("Last name").fill("Hopper");
  await form.getByLabel("Street address").fill("4 Mill Race Road");
  await form.getByLabel("City").fill("Kutztown");
  await form.getByLabel("State").fill("PA");
  await form.getByLabel("ZIP code").fill("19530");
  await form.getByLabel("Card number").fill(card);
  await form.getByLabel("Expiry (MM/YY)").fill("12/30");
  await form.getByLabel("CVC").fill("123");
  await form.getByLabel("Name on card").fill("Grace Hopper");
  return form.getByRole("button", { name: /^Accept and pay/ });
}
