import { SUBSCRIBE_OFFERED_KEY } from "../../domain/newsletter.ts";
import { expect, expectConsoleErrors, expectNoSeriousA11yViolations, open, test } from "./support/fixtures.ts";

const address = (who: string) => `${who}-${Date.now()}-${Math.round(Math.random() * 1e6)}@example.com`;

test("the footer form checks the address, then subscribes it", async ({ page }) => {
  await open(page, "/faqs");
  const footer = page.getByRole("contentinfo");
  await footer.getByRole("button", { name: "Subscribe" }).click();
  await expect(footer.getByText("Please enter a valid email address.")).toBeVisible();
  await expect(footer.getByRole("textbox", { name: "Email address" })).toBeFocused();

  await footer.getByRole("textbox", { name: "Email address" }).fill(address("footer"));
  await footer.getByRole("button", { name: "Subscribe" }).click();
  await expect(footer.getByText("Thank you! You are now subscribed.")).toBeVisible();
  await expect(footer.getByRole("textbox", { name: "Email address" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test.describe("the subscribe modal", () => {
  test.use({ subscribeModal: true });

  test("opens once, 30 seconds into a first visit, with the same form", async ({ page }) => {
    await page.clock.install();
    await open(page, "/faqs");
    await page.clock.fastForward("00:29");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.clock.fastForward("00:02");
    const modal = page.getByRole("dialog", { name: "Stay in touch" });
    await expect(modal).toBeVisible();
    expect(await page.evaluate((key) => localStorage.getItem(key), SUBSCRIBE_OFFERED_KEY)).not.toBeNull();
    await expectNoSeriousA11yViolations(page);

    await modal.getByRole("textbox", { name: "Email address" }).fill(address("modal"));
    await modal.getByRole("button", { name: "Subscribe" }).click();
    await expect(modal.getByText("Thank you! You are now subscribed.")).toBeVisible();
    await modal.getByRole("button", { name: "Close" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);

    // Never again in this browser.
    await open(page, "/shop");
    await page.clock.fastForward("01:00");
    await expect(page.getByRole("heading", { level: 1, name: "Shop" })).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Stay in touch" })).toHaveCount(0);
  });

  test("is not offered to a visitor who just subscribed in the footer", async ({ page }) => {
    await page.clock.install();
    await open(page, "/faqs");
    const footer = page.getByRole("contentinfo");
    await footer.getByRole("textbox", { name: "Email address" }).fill(address("footer-first"));
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await expect(footer.getByText("Thank you! You are now subscribed.")).toBeVisible();
    await page.clock.fastForward("00:45");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Stay in touch" })).toHaveCount(0);
  });

  test("waits while the visitor is on the checkout, and opens on the next page", async ({ page }) => {
    await page.clock.install();
    await open(page, "/check-out");
    await page.clock.fastForward("00:31");
    await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Stay in touch" })).toHaveCount(0);
    await page.getByRole("contentinfo").getByRole("link", { name: "FAQs" }).click();
    await expect(page.getByRole("dialog", { name: "Stay in touch" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("whose script cannot load says so in its place after 120 s, and points to the footer's form", async ({
    page,
  }) => {
    expectConsoleErrors();
    await page.clock.install();
    await page.route("**/assets/subscribe-dialog-*.js", (route) => route.abort());
    await open(page, "/faqs");
    await page.clock.fastForward("00:31");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.clock.fastForward("02:05");
    const notice = page.getByRole("alert").filter({ hasText: "Loading chunk failed" });
    await expect(notice).toContainText("newsletter sign-up could not be loaded");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await notice.getByRole("link", { name: "Go to the form" }).click();
    await expect(notice).toHaveCount(0);
    await expect(page.getByRole("contentinfo").getByRole("textbox", { name: "Email address" })).toBeInViewport();
  });
});
