import { unique } from "./support/commission.ts";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures.ts";
import { expectToFit } from "./support/phone-fit.ts";
import { anotherPhone, choosePassword, invite, staffLink, studioMailsTo } from "./support/staff-links.ts";
import { E2E_OWNER, goToSection, openStudioMenu, signInAs, signOut } from "./support/studio.ts";

// People come in by mail, not by a password someone else typed (docs/product.md, "People"). The
// owner invites a maker from a phone; the maker opens the mailed link on a phone of their own,
// chooses a password, is signed in and sees only what staff may. An owner who forgot the
// password asks for a link on the sign-in page (the same answer for an address with no account),
// and the mailed link sets a new one: the old one stops working and the owner's other sessions
// end. The reset is done on an owner invited for it, so the journeys' owner keeps its password
// for the journeys running beside this one.

test.use({ viewport: { width: 390, height: 844 } });

const FORGOT_ANSWER = "If that address has an account, we have sent a link to it.";

test("an owner invites a maker from a phone, who chooses a password and sees only what staff may", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const maker = { email: `${unique("maker-")}@heartwood.test`, name: "Sam Maker", password: "cherry-and-ash-2026" };

  // The owner invites the maker from the Staff page.
  await signInAs(page, E2E_OWNER.email, E2E_OWNER.password);
  await goToSection(page, "Staff");
  await invite(page, { email: maker.email, name: maker.name, role: "staff" });
  const waiting = page.getByRole("listitem").filter({ hasText: maker.email });
  await expect(waiting).toContainText(/Link works until/);
  await expect(waiting.getByRole("button", { name: "Send again" })).toBeVisible();
  await expectToFit(page, "the Staff page with an invitation waiting");
  await expectNoSeriousA11yViolations(page);

  // The maker opens the mailed link on their own phone, chooses a password, and is signed in.
  const link = await staffLink(maker.email, "invite");
  const phone = await anotherPhone(browser);
  const response = await phone.page.goto(link);
  expect(response?.headers()["cache-control"]).toContain("no-store");
  await expect(phone.page.getByRole("heading", { name: "Welcome" })).toBeVisible();
  await expect(phone.page.getByText(`${maker.name}, choose a password for ${maker.email}.`)).toBeVisible();
  await expectToFit(phone.page, "the invitation's page");
  await expectNoSeriousA11yViolations(phone.page);
  // The second step is optional for this maker: the code is left empty.
  await choosePassword(phone.page, maker.password);
  await phone.page.waitForURL((url) => url.pathname === "/studio");
  await expect(phone.page.getByRole("heading", { name: "Today" })).toBeVisible();

  // Staff see no owner's links, and an owner's page opened directly is refused.
  await openStudioMenu(phone.page);
  const nav = phone.page.getByRole("navigation", { name: "Back office" });
  await expect(nav.getByRole("link", { name: "Orders" })).toBeVisible();
  await expect(phone.page.getByRole("link", { name: "Content" })).toHaveCount(0);
  await expect(phone.page.getByRole("link", { name: "Staff" })).toHaveCount(0);
  const refused = await phone.page.goto("/studio/staff");
  expect(refused?.status()).toBe(403);
  await expect(phone.page.getByRole("heading", { name: "Not allowed" })).toBeVisible();
  await expect(phone.page.getByText(/^Only an owner can do this: invite people/)).toBeVisible();
  await expectToFit(phone.page, "an owner's page refused to staff");
  await expectNoSeriousA11yViolations(phone.page);

  // The link worked once.
  const again = await phone.page.goto(link);
  expect(again?.status()).toBe(404);
  await expect(phone.page.getByRole("heading", { name: "This link does not work" })).toBeVisible();
  // The two refusals above are the only errors the maker's browser logged (it logs a 403 and a 404).
  expect(phone.errors.filter((e) => !/status of (403|404)/.test(e))).toEqual([]);
  expect(phone.errors).toHaveLength(2);
  await phone.context.close();

  // On the owner's Staff page the maker is now a person, no longer an invitation.
  await page.reload();
  const person = page.getByRole("listitem").filter({ hasText: maker.email });
  await expect(person.getByRole("button", { name: "Save" })).toBeVisible();
  await expect(person.getByRole("button", { name: "Send again" })).toHaveCount(0);
  await signOut(page);
});

test("an owner who forgot the password gets a link by mail: the same answer for anyone, the old password stops", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const owner = {
    email: `${unique("partner-")}@heartwood.test`,
    old: "walnut-and-linen-2026",
    new: "maple-and-brass-2027",
  };
  const nobody = `${unique("nobody-")}@heartwood.test`;

  // A second owner, invited as one, signs in on a laptop from the invitation.
  await signInAs(page, E2E_OWNER.email, E2E_OWNER.password);
  await goToSection(page, "Staff");
  await invite(page, { email: owner.email, name: "Pat Partner", role: "owner" });
  await signOut(page);
  const laptop = await anotherPhone(browser);
  await laptop.page.setViewportSize({ width: 1280, height: 800 });
  await laptop.page.goto(await staffLink(owner.email, "invite"));
  await choosePassword(laptop.page, owner.old);
  await laptop.page.waitForURL((url) => url.pathname === "/studio");
  await expect(laptop.page.getByRole("link", { name: "Staff" })).toBeVisible();

  // On a phone that never signed in, the owner asks for a link; a stranger's address gets the same answer.
  const phone = await anotherPhone(browser);
  await phone.page.goto("/studio/login");
  await phone.page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(phone.page.getByRole("heading", { name: "Forgot password" })).toBeVisible();
  await expectToFit(phone.page, "the forgot-password page");
  await expectNoSeriousA11yViolations(phone.page);
  for (const address of [nobody, owner.email]) {
    await phone.page.getByLabel("Email").fill(address);
    await phone.page.getByRole("button", { name: "Send the link" }).click();
    await expect(phone.page.getByRole("status")).toHaveText(FORGOT_ANSWER);
    await expect(phone.page.getByLabel("Email")).toHaveValue("");
  }
  await expectToFit(phone.page, "the forgot-password page's answer");
  await expectNoSeriousA11yViolations(phone.page);

  // The owner's mail has the link (mail is sent in order: none was written for the stranger).
  const reset = await staffLink(owner.email, "reset");
  expect(await studioMailsTo(nobody, "staff-reset")).toEqual([]);
  await phone.page.goto(reset);
  await expect(phone.page.getByRole("heading", { name: "New password" })).toBeVisible();
  await expect(phone.page.getByText(`Choose a new password for ${owner.email}.`)).toBeVisible();
  await expectToFit(phone.page, "the reset link's page");
  await expectNoSeriousA11yViolations(phone.page);
  // Two passwords that differ are refused, naming the field; the same twice sets it and signs in.
  await phone.page.getByLabel(/^New password(?! again)/).fill(owner.new);
  await phone.page.getByLabel("New password again").fill(`${owner.new}!`);
  await phone.page.getByRole("button", { name: "Save and sign in" }).click();
  await expect(phone.page.getByLabel("New password again")).toHaveAccessibleDescription(/The two passwords differ\./);
  await choosePassword(phone.page, owner.new);
  await phone.page.waitForURL((url) => url.pathname === "/studio");
  await expect(phone.page.getByRole("heading", { name: "Today" })).toBeVisible();
  await openStudioMenu(phone.page);
  await expect(phone.page.getByRole("link", { name: "Staff" })).toBeVisible();
  // The password's change is mailed to the owner, as every change of it is.
  await expect.poll(async () => (await studioMailsTo(owner.email, "staff-account-change")).length).toBeGreaterThan(0);

  // The laptop's session ended with the reset.
  await laptop.page.goto("/studio/orders");
  await expect(laptop.page).toHaveURL(/\/studio\/login\?next=%2Fstudio%2Forders$/);

  // The old password no longer signs in; the new one does.
  await laptop.page.getByLabel("Email").fill(owner.email);
  await laptop.page.getByLabel("Password").fill(owner.old);
  await laptop.page.getByRole("button", { name: "Sign in" }).click();
  await expect(laptop.page.getByRole("alert")).toHaveText("The email or password is not right.");
  await laptop.page.getByLabel("Password").fill(owner.new);
  await laptop.page.getByRole("button", { name: "Sign in" }).click();
  await expect(laptop.page).toHaveURL(/\/studio\/orders$/);

  // The phone logged the refused pair of passwords (a 400); the laptop the old password (a 401).
  expect(phone.errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
  expect(laptop.errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
  await phone.context.close();
  await laptop.context.close();
});
