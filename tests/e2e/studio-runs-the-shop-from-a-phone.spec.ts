import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { totpCode } from "../../server/staff/totp.ts";
import { expect, expectConsoleErrors, expectNoSeriousA11yViolations, test } from "./support/fixtures.ts";
import { expectToFit } from "./support/phone-fit.ts";
import { choosePassword, invite, staffLink } from "./support/staff-links.ts";
import { E2E_OWNER, goToSection, openStudioMenu, placeOrder, signInAs, signOut } from "./support/studio.ts";

// The studio runs the shop from a phone in the workshop: the owner invites a maker and requires a
// second step of them; the maker opens the mailed link, chooses a password and sets up an
// authenticator (after one wrong code), then signs in again with a fresh code (the one used on
// the invitation's page is taken: a code is accepted once, and the session is renewed after each
// step), ships an order with its tracking number (the buyer's mail carries it), and the owner
// refunds part of it and prints the packing slip.

const DATA_DIR = process.env.E2E_DATA_DIR ?? ".e2e-data";

/** The mail the shop wrote for `to` (no SMTP server in the journeys: .eml files in the data folder). */
function mailTo(to: string): string[] {
  const dir = path.join(DATA_DIR, "mail");
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.map((n) => readFileSync(path.join(dir, n), "utf8")).filter((m) => m.includes(`To: ${to}`));
}

/** The token of the browser's back-office session. */
async function sessionOf(page: Page): Promise<string | undefined> {
  return (await page.context().cookies()).find((c) => c.name === "studio_session")?.value;
}

/** An authenticator's code once its step is later than `after`'s (an app shows a new one every 30 s). */
async function codeAfter(page: Page, secret: string, after: number): Promise<string> {
  const step = (ms: number) => Math.floor(ms / 30_000);
  while (step(Date.now()) <= step(after)) await page.waitForTimeout(500);
  return totpCode(secret, Date.now());
}

test.use({ viewport: { width: 390, height: 844 } });

test("an owner invites a maker, who ships an order from a phone; the owner refunds part and prints the slip", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  const maker = { email: `maker-${run}@heartwood.test`, password: "cherry-and-ash-2026" };
  const buyer = `buyer-${run}@example.com`;
  const ref = await placeOrder(request, buyer);

  // The owner signs in and invites a maker, requiring a second step of them.
  await signInAs(page, E2E_OWNER.email, E2E_OWNER.password);
  await expect(page.getByRole("heading", { name: "Today" })).toBeVisible();
  await expectToFit(page, "Today");
  await expectNoSeriousA11yViolations(page);
  await goToSection(page, "Staff");
  await invite(page, { email: maker.email, name: "Sam Maker", role: "staff", totpRequired: true });
  await signOut(page);

  // The maker opens the mailed link on a phone, chooses a password and sets up the authenticator
  // the shop asks for.
  await page.goto(await staffLink(maker.email, "invite"));
  await expect(page.getByRole("heading", { name: "Welcome" })).toBeVisible();
  await expect(page.getByText("Your account needs a second step")).toBeVisible();
  await expectToFit(page, "the invitation's page");
  const secret = (await page.locator(".studio-key").textContent())!.trim();
  // A wrong code first: refused (a 400, which the browser logs), and the key stays the same.
  expectConsoleErrors();
  await choosePassword(page, maker.password, "000000" === totpCode(secret, Date.now()) ? "111111" : "000000");
  await expect(page.getByLabel("Code")).toHaveAccessibleDescription(/That code is not right\./);
  await expect(page.locator(".studio-key")).toHaveText(secret);
  await expectNoSeriousA11yViolations(page);
  const provedAt = Date.now();
  const proof = totpCode(secret, provedAt);
  await choosePassword(page, maker.password, proof);
  await page.waitForURL((url) => url.pathname === "/studio");
  await openStudioMenu(page);
  await expect(page.getByRole("link", { name: "Orders" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Staff" })).toHaveCount(0);

  // Later the maker signs in again: the password, then a code. The code that proved the app is
  // taken; the next one the app shows is accepted. The session is renewed after each step.
  await signOut(page);
  await page.getByLabel("Email").fill(maker.email);
  await page.getByLabel("Password").fill(maker.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Two-step sign-in" })).toBeVisible();
  await expectToFit(page, "the second step");
  const afterPassword = await sessionOf(page);
  expect(afterPassword).toBeTruthy();
  await page.getByLabel("Code").fill(proof);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("alert")).toHaveText("That code is not right.");
  await page.getByLabel("Code").fill(await codeAfter(page, secret, provedAt));
  await page.getByRole("button", { name: "Continue" }).click();
  await page.waitForURL((url) => url.pathname === "/studio");
  const afterCode = await sessionOf(page);
  expect(afterCode).toBeTruthy();
  expect(afterCode).not.toBe(afterPassword);
  // The token the password step gave opens nothing now.
  const stale = await request.get("/studio/orders", {
    headers: { cookie: `studio_session=${afterPassword}` },
    maxRedirects: 0,
  });
  expect(stale.status()).toBe(302);
  expect(stale.headers().location).toMatch(/^\/studio\/login/);
  await openStudioMenu(page);
  await expect(page.getByRole("link", { name: "Orders" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Staff" })).toHaveCount(0);
  await goToSection(page, "Orders");
  await page.getByLabel("Search").fill(ref);
  await page.getByRole("button", { name: "Show" }).click();
  await page.getByRole("link", { name: ref }).click();
  await expect(page.getByRole("heading", { name: `Order ${ref}` })).toBeVisible();
  await expectToFit(page, "an order");
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel("Status", { exact: true }).selectOption("shipped");
  await page.getByLabel("Carrier").fill("UPS");
  await page.getByLabel("Tracking number").fill("1Z999AA10123456784");
  await page.getByRole("button", { name: "Save status" }).click();
  // Paid to shipped skips two steps: asked first, saying what the buyer is told.
  await expect(page.getByRole("heading", { name: /^Skip order .* to Shipped\?/ })).toContainText(
    "The buyer will get the 'Your order has shipped' mail.",
  );
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("status")).toHaveText("Status saved. The buyer is mailed.");
  await expect(page.getByText("Now:")).toContainText("Shipped");
  await expect(page.getByText("Only an owner can refund or void.")).toBeVisible();
  await expect
    .poll(() => mailTo(buyer).find((m) => m.includes("has shipped")) ?? "", { timeout: 15_000 })
    .toContain("1Z999AA10123456784");

  // The buyer follows the mail's link to the order's page, without an account: shipped, with the tracking number.
  const shippedMail = mailTo(buyer)
    .find((m) => m.includes("has shipped"))!
    .replace(/=\r?\n/g, "");
  const orderPage = /\/orders\/[A-Za-z0-9_-]{43}/.exec(shippedMail)![0];
  const buyerPage = await page
    .context()
    .browser()!
    .newPage({ viewport: { width: 390, height: 844 } });
  await buyerPage.goto(orderPage);
  await expect(buyerPage.getByRole("heading", { level: 1, name: `Order ${ref}` })).toBeVisible();
  await expect(buyerPage.locator("[aria-current='step']")).toContainText("Shipped");
  await expect(buyerPage.getByText("1Z999AA10123456784")).toBeVisible();
  await expectToFit(buyerPage, "the buyer's order page");
  await expectNoSeriousA11yViolations(buyerPage);
  await buyerPage.close();

  // The owner refunds part of it and prints the packing slip.
  await signOut(page);
  await signInAs(page, E2E_OWNER.email, E2E_OWNER.password);
  await goToSection(page, "Orders");
  await page.getByRole("link", { name: ref }).click();
  await page.getByLabel("Amount (USD)").fill("25.00");
  await page.getByRole("button", { name: "Give back" }).click();
  // The buyer is in Pennsylvania: the refund gives back its share of the sales tax, and says so.
  await expect(
    page.getByRole("heading", { name: /^Refund \$25\.00 to .*\? It includes \$\d+\.\d{2} sales tax\.$/ }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("status")).toContainText("Refunded $25.00 to");
  await expect(
    page
      .getByRole("list", { name: "Money given back" })
      .getByText(/^Refunded \$25\.00 to .*, \$\d+\.\d{2} of it sales tax · /),
  ).toBeVisible();

  const slip = page.getByRole("link", { name: "Packing slip" });
  const [slipPage] = await Promise.all([page.context().waitForEvent("page"), slip.click()]);
  await slipPage.waitForLoadState();
  await expect(slipPage.getByRole("heading", { name: "Packing slip" })).toBeVisible();
  await expect(slipPage.getByText(ref)).toBeVisible();
  await slipPage.emulateMedia({ media: "print" });
  await expect(slipPage.getByRole("link", { name: "Print" })).toBeHidden();
  await slipPage.close();
});

test("signing in works before and without the page's scripts, and a wrong password is said plainly", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await page.goto("/studio/orders");
  await expect(page).toHaveURL(/\/studio\/login\?next=%2Fstudio%2Forders$/);
  await page.getByLabel("Email").fill(E2E_OWNER.email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText("The email or password is not right.");
  await expect(page.getByLabel("Email")).toHaveValue(E2E_OWNER.email);
  await page.getByLabel("Password").fill(E2E_OWNER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/studio\/orders$/);
  await expect(page.getByRole("heading", { name: "Orders" })).toBeVisible();
  await expectToFit(page, "Orders without scripts");
  // The owner invites someone with the plain form and signs out; the invitation's page works
  // without scripts too: the new person chooses a password, is signed in, and can sign in again.
  const someone = { email: `no-scripts-${Date.now().toString(36)}@heartwood.test`, password: "oak-and-linseed-2026" };
  await goToSection(page, "Staff");
  await invite(page, { email: someone.email });
  await signOut(page);
  await page.goto(await staffLink(someone.email, "invite"));
  await expectToFit(page, "the invitation's page without scripts");
  await choosePassword(page, someone.password);
  await expect(page.getByRole("heading", { name: "Today" })).toBeVisible();
  await signOut(page);
  await page.getByLabel("Email").fill(someone.email);
  await page.getByLabel("Password").fill(someone.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Today" })).toBeVisible();
  // Signing out everywhere, from the account page, ends this session too.
  await goToSection(page, "Account");
  await page.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(page.getByText("You are signed out.")).toBeVisible();
  await page.goto("/studio");
  await expect(page).toHaveURL(/\/studio\/login/);
  await context.close();
});
