import type { Page } from "@playwright/test";
import { fillCommission, unique } from "./support/commission.ts";
import { expect, expectConsoleErrors, test } from "./support/fixtures.ts";
import { photo } from "./support/photos.ts";
import { fillAcceptance, quoteOnACommission } from "./support/quotes.ts";
import { E2E_OWNER } from "./support/studio.ts";
import { attachmentNames, orderLink, studioMailAbout } from "./support/studio-mail.ts";

// A browser with scripts turned off: every form still posts, and the server answers with the
// same outcomes and texts a visitor with scripts gets. (Accessibility is checked on the same
// pages with scripts, in forms-work-right-after-load.spec.ts: axe itself needs them.)
test.use({ javaScriptEnabled: false });

/** Every address the page asked for, to check that none carries what the visitor typed. */
function requestedUrls(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (r) => urls.push(decodeURIComponent(r.url())));
  return urls;
}

test("the footer's newsletter form subscribes, and a bad address comes back with the message", async ({ page }) => {
  // The refused post's page comes back with status 400, which the browser logs.
  expectConsoleErrors();
  const urls = requestedUrls(page);
  await page.goto("/faqs");
  await expect(page.getByText("This browser is not running the shop’s scripts.")).toBeVisible();
  const footer = page.getByRole("contentinfo");
  await footer.getByRole("textbox", { name: "Email address" }).fill("ada@");
  await footer.getByRole("button", { name: "Subscribe" }).click();
  await expect(page).toHaveURL(/\/subscribe$/);
  const main = page.getByRole("main");
  await expect(main.getByText("Please enter a valid email address.")).toBeVisible();
  await expect(main.getByRole("textbox", { name: "Email address" })).toHaveValue("ada@");

  const email = `${unique("ada")}@example.com`;
  await main.getByRole("textbox", { name: "Email address" }).fill(email);
  await main.getByRole("button", { name: "Subscribe" }).click();
  await expect(main.getByText("Thank you! You are now subscribed.")).toBeVisible();
  await expect(main.getByRole("link", { name: "Back to the page you were reading" })).toHaveAttribute("href", "/faqs");
  expect(urls.filter((u) => u.includes("ada@") || u.includes(email))).toEqual([]);
});

test("an enquiry with two photos reaches the thank-you page and the studio gets both", async ({ page }) => {
  // The refused post's page comes back with status 400, which the browser logs.
  expectConsoleErrors();
  const urls = requestedUrls(page);
  const last = unique("Lovelace");
  await page.goto("/contact");
  const form = page.getByRole("region", { name: "Enquiry form" });
  await form.getByRole("textbox", { name: /First name/ }).fill("Ada");
  await form.getByRole("textbox", { name: /Last name/ }).fill(last);
  await form.getByRole("textbox", { name: /^Email/ }).fill("ada@example");
  await form.getByRole("textbox", { name: /^Phone/ }).fill("610 555 0188");
  await form.getByRole("radio", { name: "Email" }).check();
  await form.getByRole("combobox", { name: /Enquiry type/ }).selectOption("General Inquiry");
  await form
    .getByRole("textbox", { name: /Details/ })
    .fill("A walnut bench for our hallway, about five feet long, with a natural edge.");
  await form.getByLabel(/^Photos/).setInputFiles([await photo("hall.jpg"), await photo("bench.png", "png", 20)]);
  await form.getByRole("button", { name: "Send enquiry" }).click();

  // A bad address: the page again, the message under it, everything else as typed.
  await expect(page).toHaveURL(/\/contact$/);
  await expect(form.getByText("Please enter a valid email address.")).toBeVisible();
  await expect(form.getByRole("textbox", { name: /Last name/ })).toHaveValue(last);
  await expect(form.getByRole("textbox", { name: /^Phone/ })).toHaveValue("610 555 0188");
  await expect(form.getByRole("radio", { name: "Email" })).toBeChecked();
  await expect(form.getByRole("textbox", { name: /Details/ })).toHaveValue(/walnut bench for our hallway/);
  await expect(form.getByText(/Please choose your photos again/)).toBeVisible();

  await form.getByRole("textbox", { name: /^Email/ }).fill("ada@example.com");
  await form.getByLabel(/^Photos/).setInputFiles([await photo("hall.jpg"), await photo("bench.png", "png", 20)]);
  await form.getByRole("button", { name: "Send enquiry" }).click();
  await expect(page).toHaveURL(/\/contact-submitted$/);
  await expect(page.getByRole("heading", { level: 1, name: "Email Sent" })).toBeVisible();

  const mail = await studioMailAbout(last);
  expect(attachmentNames(mail)).toEqual(["photo-1.jpg", "photo-2.png"]);
  expect(urls.filter((u) => /ada@|610 555|Lovelace/.test(u))).toEqual([]);
});

test("a commission with five photos reaches the thank-you page and the studio gets all five", async ({ page }) => {
  const last = unique("Hopper");
  await page.goto("/custom-design");
  const form = page.getByRole("region", { name: "Start a commission" });
  await fillCommission(form, last);
  await form.getByRole("button", { name: "Send request" }).click();
  await expect(page).toHaveURL(/\/contact-submitted$/);
  const mail = await studioMailAbout(last);
  expect(attachmentNames(mail)).toEqual(["photo-1.jpg", "photo-2.jpg", "photo-3.png", "photo-4.png", "photo-5.jpg"]);
});

test("a quote is accepted and its deposit paid, and a refused form keeps the address", async ({ page }) => {
  test.setTimeout(90_000);
  // The refused post's page comes back with status 400, which the browser logs.
  expectConsoleErrors();
  const last = unique("Hopper");
  const link = await quoteOnACommission(page, last, { title: "Cherry writing desk", price: "6400" });
  await page.goto(link);
  await expect(page.getByText("This browser is not running the shop’s scripts.")).toBeVisible();
  // Fifteen digits: no Visa number. The server says so under the field, and the address stays.
  await (await fillAcceptance(page, { card: "4111 1111 1111 111" })).click();
  await expect(page.getByText("Please provide a valid credit card number.")).toBeVisible();
  await expect(page.getByLabel("Card number")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Street address")).toHaveValue("4 Mill Race Road");
  // The refused page knows the state posted (PA): its amount is the deposit with its 6 % tax.
  await (await fillAcceptance(page)).click();
  const done = page.getByRole("region", { name: "Thank you: your quote is accepted" });
  await expect(done.getByRole("status")).toContainText("we received $3,392");
  // The order's page is opened from the confirmation mail's link (the page shows none).
  const ref = (await done.locator(".order-ref").textContent())!;
  await page.goto(orderLink(await studioMailAbout(`(${ref})`)));
  await expect(page.getByRole("heading", { name: "$3,392 due" })).toBeVisible();
});

test("the header's search shows its results on a page of their own", async ({ page }) => {
  await page.goto("/");
  const search = page.getByRole("banner").getByRole("searchbox", { name: "Search products, slabs and bases" });
  await search.fill("walnut");
  await search.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=walnut$/);
  await expect(page).toHaveTitle(/^Search: walnut/);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Results for “walnut”" })).toBeVisible();
  await expect(main.getByRole("heading", { level: 2, name: /Pieces/ })).toBeVisible();
  await expect(main.getByRole("heading", { level: 2, name: /Slabs/ })).toBeVisible();
  expect(await main.locator("article").count()).toBeGreaterThan(3);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");

  // Under three characters the page says so; nothing matching says that.
  await main.getByRole("searchbox").fill("wa");
  await main.getByRole("button", { name: "Search" }).click();
  await expect(main.getByText(/Please type at least 3 characters/)).toBeVisible();
  await main.getByRole("searchbox").fill("zzzqqq");
  await main.getByRole("button", { name: "Search" }).click();
  await expect(main.getByRole("heading", { name: "No results found" })).toBeVisible();
});

test("the checkout's pay button stays disabled and says why", async ({ page }) => {
  const urls = requestedUrls(page);
  await page.goto("/check-out");
  const pay = page.getByRole("button", { name: /^Pay/ });
  await expect(pay).toBeDisabled();
  await expect(page.getByText(/Paying by card needs this page’s scripts/)).toBeVisible();
  // Enter in a field submits nothing: the form's only submit button is disabled.
  await page.getByRole("textbox", { name: /First name/ }).fill("Ada");
  await page.getByRole("textbox", { name: /First name/ }).press("Enter");
  await expect(page).toHaveURL(/\/check-out$/);
  expect(urls.filter((u) => u.includes("Ada"))).toEqual([]);
});

test("on a phone, the header's search button opens the search page", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto("/faqs");
  await page.getByRole("banner").getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/search\?q=$/);
  const main = page.getByRole("main");
  await expect(main.getByText(/Type what you are looking for/)).toBeVisible();
  await main.getByRole("searchbox").fill("cherry");
  await main.getByRole("searchbox").press("Enter");
  await expect(main.getByRole("heading", { level: 1, name: "Results for “cherry”" })).toBeVisible();
});

test("the back office signs in and publishes a media post with a photo, and shows no formatting buttons that could not work", async ({
  page,
}) => {
  // The refused post's page comes back with status 400, which the browser logs.
  expectConsoleErrors();
  const title = unique("Open Studio Weekend ");
  await page.goto("/studio/login");
  await page.getByLabel("Email").fill(E2E_OWNER.email);
  await page.getByLabel("Password").fill(E2E_OWNER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/studio$/);
  await page.goto("/studio/content/media/new");
  await expect(page.getByRole("toolbar")).toHaveCount(0);
  await page.getByRole("textbox", { name: "Title", exact: true }).fill(title);
  await page.getByLabel("Date").fill("2026-11-02");
  await page.getByLabel("Story").fill("<p>Two days of <strong>open doors</strong> in the workshop.</p>");
  await page.getByLabel("Videos").fill("not a link");
  await page.locator("#item-photos").setInputFiles([await photo("IMG_2001.jpg")]);
  await page.getByRole("button", { name: "Add the post" }).click();
  // Refused, naming the field, with what was typed kept.
  await expect(page.getByRole("alert").first()).toContainText("is not a YouTube link");
  await expect(page.getByRole("textbox", { name: "Title", exact: true })).toHaveValue(title);
  await page.getByLabel("Videos").fill("");
  await page.locator("#item-photos").setInputFiles([await photo("IMG_2001.jpg")]);
  await page.getByRole("button", { name: "Add the post" }).click();
  await expect(page.getByRole("status")).toContainText("Saved.");
  await page.goto("/media");
  await expect(page.getByText(title).first()).toBeVisible();
});
