import { type APIRequestContext, expect, type Page } from "@playwright/test";
import sharp from "sharp";
import { BUYER_ADDRESS, paymentRequest, type QuotedRate } from "../../support/payment-request.ts";
import { shippablePiece } from "./checkout.ts";

/** The owner the journeys' server starts with (playwright.config.ts adds it with `npm run staff`). */
export const E2E_OWNER = { email: "owner@heartwood.test", password: "walnut-and-steel-2026" };

/** Signs in through the sign-in page, as a person does. */
export async function signInAs(page: Page, email: string, password: string) {
  await page.goto("/studio/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname === "/studio");
}

/**
 * Opens the back office's menu where the bar shows it as one button (a phone); on a wide screen
 * every section is in the bar already. It first waits for the bar: after a sign-in the address
 * is /studio before the back office's layout is drawn, and a menu looked for then is not there.
 */
export async function openStudioMenu(page: Page) {
  const menu = page.locator("details.studio-menu");
  await menu.waitFor({ state: "attached" });
  if (!(await menu.isVisible())) return;
  await expect(async () => {
    if (!(await menu.evaluate((d: HTMLDetailsElement) => d.open))) await menu.locator("summary").click();
    await expect(menu.locator(".studio-menu__panel")).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
}

/** Goes to a section of the back office through the bar (its menu on a phone), as a person does. */
export async function goToSection(page: Page, name: string) {
  await openStudioMenu(page);
  const link = page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name, exact: true });
  const href = await link.getAttribute("href");
  await link.click();
  await page.waitForURL((url) => url.pathname === href);
}

/** Signs the owner in and opens the enquiry from `name`, found through the inbox's search as a person does. */
export async function openEnquiryFrom(page: Page, name: string) {
  await signInAs(page, E2E_OWNER.email, E2E_OWNER.password);
  await goToSection(page, "Enquiries");
  await page.getByLabel("Search").fill(name);
  await page.getByRole("button", { name: "Show" }).click();
  await page.getByRole("link", { name: new RegExp(name) }).click();
}

/** Signs out from the back office's bar, and waits until it is done. */
export async function signOut(page: Page) {
  await openStudioMenu(page);
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await page.getByText("You are signed out.").waitFor();
}

/** A shopper's paid order, placed through the checkout API: its reference. */
export async function placeOrder(request: APIRequestContext, email: string): Promise<string> {
  const piece = await shippablePiece(request);
  const quoted = await request.post("/api/shipping/rates", {
    data: { ...BUYER_ADDRESS, email, products: [{ id: piece.id, quantity: 1 }] },
  });
  const rate = ((await quoted.json()) as { rates: QuotedRate[] }).rates[0]!;
  const paid = await request.post("/api/payment/process-payment", {
    headers: { "Idempotency-Key": `journey-${Date.now()}-${Math.random().toString(36).slice(2)}` },
    data: paymentRequest({ id: piece.id, title: piece.title, unit: piece.salePrice ?? piece.price, rate }, { email }),
  });
  const answer = (await paid.json()) as { orderId?: string };
  if (!paid.ok() || !answer.orderId)
    throw new Error(`The order was not placed: ${paid.status()} ${JSON.stringify(answer)}`);
  return answer.orderId;
}

/** A phone's photo of a slab in the yard: a plain JPEG of the given colour. */
export const yardPhoto = async (colour: string, name: string) => ({
  name,
  mimeType: "image/jpeg",
  buffer: await sharp({ create: { width: 1600, height: 1200, channels: 3, background: colour } })
    .jpeg()
    .toBuffer(),
});

/** Fills the new slab form (on the page already) as a person does, with three photos of `colours`. */
export async function fillNewSlab(
  page: Page,
  slab: { title: string; price: string; origin: string; inventoryId: string; colours: [string, string, string] },
) {
  await page.getByRole("textbox", { name: "Title", exact: true }).fill(slab.title);
  await page.getByRole("textbox", { name: "Price (USD)", exact: true }).fill(slab.price);
  await page.getByRole("textbox", { name: "Category", exact: true }).fill("Live Edge Slab");
  await page.getByLabel("Species").fill("Walnut");
  await page.getByLabel("Tone").fill("Dark");
  await page.getByLabel("Length (in)").fill("108");
  await page.getByLabel("Width (in)").fill("40");
  await page.getByLabel("Thickness (in)").fill("2.5");
  await page.getByLabel("Seats").fill("10");
  await page.getByLabel("Origin").fill(slab.origin);
  await page.getByRole("combobox", { name: "Size", exact: true }).selectOption("Dining tables");
  await page.getByLabel("Inventory id").fill(slab.inventoryId);
  await page
    .locator("#item-photos")
    .setInputFiles(await Promise.all(slab.colours.map((c, i) => yardPhoto(c, `IMG_000${i + 1}.jpg`))));
}
