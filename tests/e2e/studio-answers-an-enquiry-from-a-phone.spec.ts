import { unique } from "./support/commission.ts";
import { expect, expectConsoleErrors, expectNoSeriousA11yViolations, test } from "./support/fixtures.ts";
import { expectToFit } from "./support/phone-fit.ts";
import { photo } from "./support/photos.ts";
import { anotherPhone, choosePassword, invite, staffLink } from "./support/staff-links.ts";
import { E2E_OWNER, goToSection, openEnquiryFrom, signInAs, signOut } from "./support/studio.ts";
import { studioMailAbout } from "./support/studio-mail.ts";

// A visitor's enquiry with photos reaches the back office, where the studio sees the photos on a
// phone and replies; the reply is mailed to the visitor's address, answerable to the studio.
// And a run of wrong passwords is stopped, the right one too, until the window ends, on a device
// the account has not signed in on; the person's own phone, which has, keeps its own count and
// signs in (docs/product.md, "The back office"; tests/api/sign-in-attacks.test.ts).

test.use({ viewport: { width: 390, height: 844 } });

test("an enquiry's photos are seen from a phone, and the reply reaches the visitor", async ({ page }) => {
  test.setTimeout(90_000);
  const last = unique("Hopper");
  const visitor = `${last.toLowerCase()}@example.com`;
  await page.goto("/contact");
  const form = page.getByRole("region", { name: "Enquiry form" });
  await form.getByRole("textbox", { name: /First name/ }).fill("Grace");
  await form.getByRole("textbox", { name: /Last name/ }).fill(last);
  await form.getByRole("textbox", { name: /^Email/ }).fill(visitor);
  await form.getByRole("radio", { name: "Email" }).check();
  await form.getByRole("combobox", { name: /Enquiry type/ }).selectOption("General Inquiry");
  await form.getByRole("textbox", { name: /Details/ }).fill("Could this cherry slab become a desk for two?");
  await form.getByLabel(/^Photos/).setInputFiles([await photo("room.jpg"), await photo("corner.png", "png", 30)]);
  await form.getByRole("button", { name: "Send enquiry" }).click();
  await expect(page).toHaveURL(/\/contact-submitted$/);

  await openEnquiryFrom(page, last);
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(last) })).toBeVisible();
  await expectToFit(page, "an enquiry");
  await expectNoSeriousA11yViolations(page);

  // Both photos are there and drawn, each opening at full size.
  const photos = page.locator("main a[href*='/photos/'] img");
  await expect(photos).toHaveCount(2);
  for (const img of await photos.all()) {
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  }
  const full = await page.request.get(
    (await page.locator("main a[href*='/photos/']").first().getAttribute("href")) as string,
  );
  expect(full.status()).toBe(200);
  expect(full.headers()["content-type"]).toMatch(/^image\//);

  // The reply, mailed to the visitor with the studio to answer to.
  const words = `We can make it 60 inches wide (${last}).`;
  await page.getByLabel("Message").fill(`Dear Grace,\n\n${words}`);
  await page.getByRole("button", { name: "Send reply" }).click();
  await expect(page.getByRole("status")).toBeVisible();
  const mail = await studioMailAbout(words);
  expect(mail).toMatch(new RegExp(`^To: ${visitor.replace(/\./g, "\\.")}`, "m"));
  expect(mail).toMatch(/^Reply-To: .+@/m);
  await expect(page.getByText("replied").first()).toBeVisible();
});

test("five wrong passwords stop the right one on a device the account never used, not on the person's own phone", async ({
  page,
  browser,
}) => {
  // Each refusal is a 401 or a 429, which the browser logs.
  expectConsoleErrors();
  const email = `${unique("apprentice-")}@heartwood.test`;
  const password = "maple-and-oak-2026";
  await signInAs(page, E2E_OWNER.email, E2E_OWNER.password);
  await goToSection(page, "Staff");
  await invite(page, { email });
  await signOut(page);

  // The apprentice takes the invitation on their own phone, which is then a device they signed in on.
  const phone = await anotherPhone(browser);
  await phone.page.goto(await staffLink(email, "invite"));
  await choosePassword(phone.page, password);
  await expect(phone.page.getByRole("heading", { name: "Today" })).toBeVisible();
  await signOut(phone.page);

  // Someone else, on a device the apprentice never signed in on, tries five wrong passwords: then
  // even the right one is refused there until the window ends.
  await page.goto("/studio/login");
  for (let i = 0; i < 5; i++) {
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(`not-the-password-${i}`);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toHaveText("The email or password is not right.");
  }
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText(/^Too many attempts\. Try again in \d+ minutes?\.$/);
  await expect(page).toHaveURL(/\/studio\/login/);

  // The apprentice's own phone keeps its own count: the right password signs in there.
  await phone.page.getByLabel("Email").fill(email);
  await phone.page.getByLabel("Password").fill(password);
  await phone.page.getByRole("button", { name: "Sign in" }).click();
  await expect(phone.page.getByRole("heading", { name: "Today" })).toBeVisible();
  expect(phone.errors).toEqual([]);
  await phone.context.close();
});
