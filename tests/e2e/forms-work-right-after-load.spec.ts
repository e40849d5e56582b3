import type { Page, Route } from "@playwright/test";
import { seedCart, shippablePiece, stockLine } from "./support/checkout.ts";
import { fillCommission, unique } from "./support/commission.ts";
import { expect, expectConsoleErrors, expectNoSeriousA11yViolations, test } from "./support/fixtures.ts";
import { photo } from "./support/photos.ts";
import { fillAcceptance, quoteOnACommission } from "./support/quotes.ts";
import { attachmentNames, studioMailAbout } from "./support/studio-mail.ts";

// A visitor on a slow phone fills and sends each form as soon as the page has loaded, before or
// while its scripts take over: every press lands, nothing typed is lost, and the outcome is the
// one a patient visitor gets (docs/product.md, "Forms work before scripts").

/** Chromium's CPU throttling: the page's own work runs `rate` times slower. */
async function slowCpu(page: Page, rate = 6) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate });
}

/** Holds the page's entry script until `release()`: until then, the page is as its server sent it. */
async function holdScripts(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/assets/entry.client-*.js", async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

const hydrated = (page: Page) => page.locator("html[data-hydrated]").waitFor({ state: "attached" });

test.describe("on a six times slower CPU, right after load", () => {
  test.setTimeout(120_000);

  test("the footer's newsletter form subscribes", async ({ page }) => {
    await slowCpu(page);
    await page.goto("/faqs", { waitUntil: "load" });
    const footer = page.getByRole("contentinfo");
    await footer.getByRole("textbox", { name: "Email address" }).fill(`${unique("slow")}@example.com`);
    await footer.getByRole("button", { name: "Subscribe" }).click();
    // In the footer once the scripts run, or on the sign-up page when the form posted before them.
    // A slow CPU on a loaded machine once took over 30 s to get there.
    await expect(page.getByText("Thank you! You are now subscribed.")).toBeVisible({ timeout: 60_000 });
  });

  test("an enquiry with two photos is sent and the studio gets both", async ({ page }) => {
    await slowCpu(page);
    const last = unique("Slowpoke");
    await page.goto("/contact", { waitUntil: "load" });
    const form = page.getByRole("region", { name: "Enquiry form" });
    await form.getByRole("textbox", { name: /First name/ }).fill("Ada");
    await form.getByRole("textbox", { name: /Last name/ }).fill(last);
    await form.getByRole("textbox", { name: /^Email/ }).fill("ada@example.com");
    await form.getByRole("radio", { name: "Email" }).check();
    await form.getByRole("combobox", { name: /Enquiry type/ }).selectOption("General Inquiry");
    await form
      .getByRole("textbox", { name: /Details/ })
      .fill("A cherry side table for a reading corner, with one drawer and a lower shelf.");
    await form.getByLabel(/^Photos/).setInputFiles([await photo("corner.jpg"), await photo("chair.png", "png", 20)]);
    await form.getByRole("button", { name: "Send enquiry" }).click();
    await expect(page).toHaveURL(/\/contact-submitted$/, { timeout: 30_000 });
    expect(attachmentNames(await studioMailAbout(last))).toEqual(["photo-1.jpg", "photo-2.png"]);
  });

  test("a commission with five photos is sent and the studio gets all five", async ({ page }) => {
    await slowCpu(page);
    const last = unique("Slowhopper");
    await page.goto("/custom-design", { waitUntil: "load" });
    const form = page.getByRole("region", { name: "Start a commission" });
    await fillCommission(form, last);
    await form.getByRole("button", { name: "Send request" }).click();
    await expect(page).toHaveURL(/\/contact-submitted$/, { timeout: 30_000 });
    expect(attachmentNames(await studioMailAbout(last))).toHaveLength(5);
  });

  test("the header's search opens its results page", async ({ page }) => {
    await slowCpu(page);
    await page.goto("/", { waitUntil: "load" });
    const search = page.getByRole("banner").getByRole("searchbox", { name: "Search products, slabs and bases" });
    await search.fill("walnut");
    await search.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=walnut$/, { timeout: 30_000 });
    await expect(page.getByRole("heading", { level: 1, name: "Results for “walnut”" })).toBeVisible();
  });
});

test.describe("before the page's scripts have run", () => {
  test("what was typed and chosen is still there when they take over, and the commission is sent", async ({ page }) => {
    const release = await holdScripts(page);
    const last = unique("Early");
    await page.goto("/custom-design", { waitUntil: "domcontentloaded" });
    const form = page.getByRole("region", { name: "Start a commission" });
    await fillCommission(form, last);
    release();
    await hydrated(page);
    await expect(form.getByRole("textbox", { name: /Last name/ })).toHaveValue(last);
    await expect(form.getByRole("textbox", { name: /Budget/ })).toHaveValue("$12,000 to $15,000");
    await expect(form.getByText("5 image(s) selected. Thank you!")).toBeVisible();
    await form.getByRole("button", { name: "Send request" }).click();
    await expect(page).toHaveURL(/\/contact-submitted$/);
    expect(attachmentNames(await studioMailAbout(last))).toHaveLength(5);
  });

  test("a choice ticked and an option picked before them are still chosen, and the enquiry is sent", async ({
    page,
  }) => {
    const release = await holdScripts(page);
    const last = unique("Earlybird");
    await page.goto("/contact", { waitUntil: "domcontentloaded" });
    const form = page.getByRole("region", { name: "Enquiry form" });
    await form.getByRole("textbox", { name: /First name/ }).fill("Ada");
    await form.getByRole("textbox", { name: /Last name/ }).fill(last);
    await form.getByRole("textbox", { name: /^Email/ }).fill("ada@example.com");
    await form.getByRole("textbox", { name: /^Phone/ }).fill("610 555 0147");
    await form.getByRole("radio", { name: "Email" }).check();
    await form.getByRole("radio", { name: "Phone" }).check();
    await form.getByRole("combobox", { name: /Enquiry type/ }).selectOption("Additional Services");
    await form.getByRole("textbox", { name: /Details/ }).fill("Could you refinish our grandmother's oak table?");
    release();
    await hydrated(page);
    await expect(form.getByRole("radio", { name: "Phone" })).toBeChecked();
    await expect(form.getByRole("combobox", { name: /Enquiry type/ })).toHaveValue("Additional Services");
    await form.getByRole("button", { name: "Send enquiry" }).click();
    await expect(page).toHaveURL(/\/contact-submitted$/);
    const mail = await studioMailAbout(last);
    expect(mail).toContain("Preferred contact: Phone");
    expect(mail).toContain("Additional Services");
  });

  test("a press of Add to cart is held, then done", async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto("/shop", { waitUntil: "domcontentloaded" });
    const add = page.getByRole("button", { name: /^Add to cart:/ }).first();
    await add.click();
    await expect(add).toHaveAttribute("data-queued", "");
    release();
    await hydrated(page);
    await expect(page.getByRole("banner").getByRole("link", { name: "Cart (1)" })).toBeVisible();
    await expect(add).not.toHaveAttribute("data-queued");
  });

  test("a quote is accepted the moment its page has loaded", async ({ page }) => {
    const link = await quoteOnACommission(page, unique("Quick"), { title: "Walnut hall table", price: "4800" });
    await slowCpu(page);
    await page.goto(link, { waitUntil: "load" });
    await (await fillAcceptance(page)).click();
    await expect(page.getByRole("heading", { name: "Thank you: your quote is accepted" })).toBeVisible({
      timeout: 30_000,
    });
    // Half of $4,800 with Pennsylvania's 6 % on it: the state typed before the scripts ran counts.
    await expect(page.getByRole("status").filter({ hasText: "we received" })).toContainText("$2,544");
  });

  test("a page whose scripts never come says so, and the checkout keeps its pay button disabled", async ({
    page,
    request,
  }) => {
    expectConsoleErrors(); // the entry script's failed fetch
    await seedCart(page, request, [stockLine(await shippablePiece(request))]);
    await page.clock.install();
    await page.route("**/assets/entry.client-*.js", (route) => route.abort());
    await page.goto("/check-out", { waitUntil: "domcontentloaded" });
    const note = page.getByText("This page’s scripts have not loaded.");
    await expect(note).toBeHidden();
    await page.clock.fastForward("00:11");
    await expect(note).toBeVisible();
    await expect(page.getByRole("button", { name: /^Pay/ })).toBeDisabled();
    await expect(page.getByText(/Paying by card needs this page’s scripts/)).toBeVisible();
  });
});

test("the search and sign-up pages read well to assistive technology", async ({ page }) => {
  await page.goto("/search?q=walnut");
  await hydrated(page);
  await expectNoSeriousA11yViolations(page);
  await page.goto("/search?q=wa");
  await hydrated(page);
  await expect(page.getByText(/Please type at least 3 characters/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.goto("/subscribe");
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: "Letters from the workshop" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
