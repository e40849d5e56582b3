import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { totpCode } from "../../server/staff/totp.ts";
import { expect, expectConsoleErrors, expectNoSeriousA11yViolations, test } from "./support/fixtures.ts";
import { expectToFit } from "./support/phone-fit.ts";
import { E2E_OWNER, placeOrder, signInAs, signOut } from "./support/studio.ts";

// The studio runs the shop from a phone in the workshop: the owner adds a maker and requires a
// second step of them, the maker signs in with an authenticator's code, ships an order with its tracking number (the buyer's mail carries it), and the owner
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

test.use({ viewport: { width: 390, height: 844 } });

test("an owner adds a maker, who ships an order from a phone; the owner refunds part and prints the slip", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const run = Date.now().toString(36);
  const maker = { email: `maker-${run}@heartwood.test`, password: "cherry-and-ash-2026" };
  const buyer = `buyer-${run}@example.com`;
  const ref = await placeOrder(request, buyer);

  // The owner signs in and adds a maker.
  await signInAs(page, E2E_OWNER.email, E2E_OWNER.password);
  await expect(page.getByRole("heading", { name: "Today" })).toBeVisible();
  await expectToFit(page, "Today");
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("link", { name: "Staff" }).click();
  await page.getByLabel("Email").fill(maker.email);
  await page.getByLabel("Name").fill("Sam Maker");
  await page.getByLabel("Password").fill(maker.password);
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByRole("status")).toContainText(`Added ${maker.email}`);
  // The owner requires a second step of the maker.
  const row = page.getByRole("listitem").filter({ hasText: maker.email });
  await row.getByLabel("Requires two-step sign-in").check();
  await row.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toBeVisible();
  await signOut(page);

  // The maker signs in on a phone, sets up the authenticator the shop asks for, and ships the order.
  await page.goto("/studio/login");
  await page.getByLabel("Email").fill(maker.email);
  await page.getByLabel("Password").fill(maker.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Two-step sign-in" })).toBeVisible();
  await expectToFit(page, "the second step");
  const secret = (await page.locator(".studio-key").textContent())!.trim();
  // A wrong code first: refused (a 401, which the browser logs), and the key stays the same.
  expectConsoleErrors();
  await page.getByLabel("Code").fill("000000" === totpCode(secret, Date.now()) ? "111111" : "000000");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("alert")).toHaveText("That code is not right.");
  await expect(page.locator(".studio-key")).toHaveText(secret);
  await page.getByLabel("Code").fill(totpCode(secret, Date.now()));
  await page.getByRole("button", { name: "Continue" }).click();
  await page.waitForURL((url) => url.pathname === "/studio");
  await expect(page.getByRole("link", { name: "Staff" })).toHaveCount(0);
  await page.getByRole("link", { name: "Orders" }).click();
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
  await expect(page.getByRole("status")).toHaveText("Status saved.");
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
  await page.getByRole("link", { name: "Orders" }).click();
  await page.getByRole("link", { name: ref }).click();
  await page.getByLabel("Amount (USD)").fill("25.00");
  await page.getByRole("button", { name: "Give back" }).click();
  await expect(page.getByRole("status")).toContainText("Done:");
  await expect(page.getByText(/refund of \$25(\.00)? — accepted/)).toBeVisible();

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
  // The owner adds someone with the plain form, signs out, and the new account signs in.
  const someone = { email: `no-scripts-${Date.now().toString(36)}@heartwood.test`, password: "oak-and-linseed-2026" };
  await page.getByRole("link", { name: "Staff" }).click();
  await page.getByLabel("Email").fill(someone.email);
  await page.getByLabel("Password").fill(someone.password);
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByRole("status")).toContainText(`Added ${someone.email}`);
  await signOut(page);
  await page.getByLabel("Email").fill(someone.email);
  await page.getByLabel("Password").fill(someone.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Today" })).toBeVisible();
  // Signing out everywhere, from the account page, ends this session too.
  await page.getByRole("link", { name: "Account" }).click();
  await page.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(page.getByText("You are signed out.")).toBeVisible();
  await page.goto("/studio");
  await expect(page).toHaveURL(/\/studio\/login/);
  await context.close();
});
