import type { Locator, Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures.ts";
import { expectToFit } from "./support/phone-fit.ts";
import { E2E_OWNER, goToSection, placeOrder, signInAs, yardPhoto } from "./support/studio.ts";
import { studioMailAbout } from "./support/studio-mail.ts";

// A large piece's delivery is priced after checkout: the owner posts a photo from the bench and
// adds the charge from a phone, the buyer gets a mail with their order's page, sees the photo and
// pays exactly what is due there, once.

test.use({ viewport: { width: 390, height: 844 } });

const shots = process.env.SHOTS_DIR;

/** The page at a phone's width and a desktop's, `part` in the middle of the screen (with SHOTS_DIR set). */
async function shoot(page: Page, name: string, part: Locator) {
  if (!shots) return;
  // A page from a mailed link opens in a context of its own, behind the splash for its first seconds.
  await page.waitForFunction(() => {
    const splash = document.querySelector(".splash");
    return !splash?.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await part.evaluate((e) => e.scrollIntoView({ block: "center", behavior: "instant" }));
    await page.screenshot({ path: `${shots}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

test("the studio adds a delivery charge and the buyer pays it from the order's page", async ({ page, request }) => {
  test.setTimeout(90_000);
  const buyer = `freight-${Date.now().toString(36)}@example.com`;
  const ref = await placeOrder(request, buyer);

  await signInAs(page, E2E_OWNER.email, E2E_OWNER.password);
  await goToSection(page, "Orders");
  await page.getByLabel("Search").fill(ref);
  await page.getByRole("button", { name: "Show" }).click();
  await page.getByRole("link", { name: ref }).click();
  await page.getByLabel("For").fill("White-glove delivery");
  await page.getByLabel("Charge (USD)").fill("350");
  await page.getByRole("button", { name: "Add the charge" }).click();
  // Delivered in PA, where delivery is taxed: the charge carries PA's 6 %.
  await expect(page.getByRole("status")).toContainText("$371 is due");

  // A photo from the bench, for the buyer's page.
  await page.locator("#item-photos").setInputFiles([await yardPhoto("#7a5536", "IMG_0420.jpg")]);
  await page.getByRole("button", { name: "Save the photos" }).click();
  await expect(page.getByRole("status")).toContainText("The photos are on the buyer's order page.");

  const mail = (await studioMailAbout(`due on your order (${ref})`)).replace(/=\r?\n/g, "");
  const link = /\/orders\/[A-Za-z0-9_-]{43}/.exec(mail)![0];
  const buyerPage = await page
    .context()
    .browser()!
    .newPage({ viewport: { width: 390, height: 844 } });
  await buyerPage.goto(link);
  await expect(buyerPage.getByRole("heading", { name: "$371 due" })).toBeVisible();
  const sums = buyerPage.locator(".order-sums").first();
  await expect(sums).toContainText("Sales tax (PA 6%)");
  await expect(sums).toContainText("White-glove delivery$350 + sales tax $21 = $371");
  await shoot(buyerPage, "order-page-with-tax", sums);
  const photo = buyerPage.getByRole("region", { name: "From the workshop" }).getByRole("img");
  await photo.scrollIntoViewIfNeeded();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expectToFit(buyerPage, "the order page with its payment");
  await expectNoSeriousA11yViolations(buyerPage);
  const form = buyerPage.getByRole("form", { name: "Pay what is due" });
  await form.getByLabel("Card number").fill("4111 1111 1111 1111");
  await form.getByLabel("Expiry (MM/YY)").fill("12/30");
  await form.getByLabel("CVC").fill("123");
  await form.getByLabel("Name on card").fill("Ada Lovelace");
  await form.getByRole("button", { name: "Pay $371" }).click();
  await expect(buyerPage.locator(".order-due [role=status]")).toHaveText("We received $371. Nothing more is due.");
  await expect(buyerPage.getByRole("form", { name: "Pay what is due" })).toHaveCount(0);
  await buyerPage.reload();
  await expect(buyerPage.locator(".order-sums__row").last()).toContainText("$0");
  await buyerPage.close();
});
