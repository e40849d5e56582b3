import { unique } from "./support/commission.ts";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures.ts";
import { expectToFit } from "./support/phone-fit.ts";
import { goToSection, openEnquiryFrom, placeOrder } from "./support/studio.ts";

// The back office's history reads as sentences people say, with who did it and when: on an
// enquiry's page, an order's page and the audit log, on a phone and on a wide screen
// (tests/api/history-sentences.test.ts says every kind of entry).

/** What a history line must never show: action codes, JSON, field keys. */
const CODES =
  /\b(order|enquiry|staff|studio|slab|piece)\.[a-z-]+\b|[{[]|\b[a-z]+[A-Z]\w*\b|\b[a-z]+_[a-z_]+\b|respstat|retref/;

const SHOTS = process.env.HISTORY_SHOTS;

async function historyReads(page: import("@playwright/test").Page, name: string) {
  const lines = page.locator("p.studio-history");
  await expect(lines.first()).toBeVisible();
  for (const text of await lines.allInnerTexts()) {
    expect(text.replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, "")).not.toMatch(CODES);
    expect(text).toMatch(/ — .+, [A-Z][a-z]{2} \d{1,2}, \d{4}/);
  }
  await expectToFit(page, name);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name.replace(/\W+/g, "-")}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

test.use({ viewport: { width: 390, height: 844 } });

test("an enquiry's, an order's and the audit log's history read as sentences with who and when", async ({ page }) => {
  test.setTimeout(90_000);
  const last = unique("Lovelace");
  await page.goto("/contact");
  const form = page.getByRole("region", { name: "Enquiry form" });
  await form.getByRole("textbox", { name: /First name/ }).fill("Ada");
  await form.getByRole("textbox", { name: /Last name/ }).fill(last);
  await form.getByRole("textbox", { name: /^Email/ }).fill(`${last.toLowerCase()}@example.com`);
  await form.getByRole("radio", { name: "Email" }).check();
  await form.getByRole("combobox", { name: /Enquiry type/ }).selectOption("General Inquiry");
  await form.getByRole("textbox", { name: /Details/ }).fill("A walnut desk for a narrow room?");
  await form.getByRole("button", { name: "Send enquiry" }).click();
  await expect(page).toHaveURL(/\/contact-submitted$/);

  // A note on the enquiry, said as the note it is.
  await openEnquiryFrom(page, last);
  await page.getByLabel("Add a note").fill("Call before delivery");
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByText("Added a note: “Call before delivery” — ")).toBeVisible();
  await historyReads(page, "enquiry history");

  // An order whose links are renewed and which is charged for a stair carry.
  const ref = await placeOrder(page.request, `${last.toLowerCase()}@example.com`);
  await goToSection(page, "Orders");
  await page
    .getByRole("link", { name: new RegExp(ref) })
    .first()
    .click();
  await page.getByRole("button", { name: "Revoke them and mail a new one" }).click();
  await expect(page.getByText(/^Mailed the buyer a new link to the order's page/)).toBeVisible();
  await page.getByLabel("For").fill("Stair carry to the third floor");
  await page.getByLabel("Charge (USD)").fill("150");
  await page.getByRole("button", { name: "Add the charge" }).click();
  // The buyer is in Pennsylvania, whose 6 % the demo studio collects on delivery too.
  await expect(
    page.getByText("Added a charge of $150.00 and $9.00 sales tax for “Stair carry to the third floor”"),
  ).toBeVisible();
  await historyReads(page, "order history");
  await expectNoSeriousA11yViolations(page);

  // The audit log names each entry's record above its sentence.
  await goToSection(page, "Audit log");
  await expect(page.getByRole("link", { name: `Order ${ref}` }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: `Enquiry from Ada ${last}` }).first()).toBeVisible();
  await historyReads(page, "audit log");
  await expectNoSeriousA11yViolations(page);
});
