import { formatPrice as usd } from "../../domain/format.ts";
import { formatCents } from "../../domain/money.ts";
import { quoteMoney } from "../../domain/quote-money.ts";
import { fillCommission, unique } from "./support/commission.ts";
import { expect, expectConsoleErrors, expectNoSeriousA11yViolations, open, test } from "./support/fixtures.ts";
import { expectToFit } from "./support/phone-fit.ts";
import { fillAcceptance, quoteLink } from "./support/quotes.ts";
import { openEnquiryFrom, signOut } from "./support/studio.ts";
import { orderLink, studioMailAbout } from "./support/studio-mail.ts";

// A commission becomes a quote: the studio writes it from a phone, the visitor is mailed its
// link, reads it (before sales tax, with the tax said for each state the studio collects in),
// accepts it by paying the deposit with Pennsylvania's tax as the figures follow the state typed,
// follows the order it made, and finds the quote closed to a second payment.

test.use({ viewport: { width: 390, height: 844 } });

test("a commission enquiry becomes a quote, which the visitor accepts by paying the deposit", async ({ page }) => {
  test.setTimeout(120_000);
  // The quote form's refusal is a 400, which the browser logs.
  expectConsoleErrors();
  const last = unique("Hopper");
  await open(page, "/custom-design");
  const form = page.getByRole("region", { name: "Start a commission" });
  await fillCommission(form, last);
  await form.getByRole("button", { name: "Send request" }).click();
  await expect(page).toHaveURL(/\/contact-submitted$/);

  // The studio writes the quote on the enquiry, from a phone.
  await openEnquiryFrom(page, last);
  const piece = page.getByRole("group", { name: "Piece 1" });
  await piece.getByLabel("Piece", { exact: true }).fill("White oak trestle table");
  await piece.getByLabel("Description").fill("120 by 44 inches, seats ten, oil and wax finish");
  await piece.getByLabel("Price each (USD)").fill("lots");
  await page.getByLabel("Deposit on acceptance (%)").fill("40");
  await page.getByRole("button", { name: "Send the quote" }).click();
  // Refused, naming the field, with what was typed still there.
  await expect(piece.getByText("Price: an amount such as 2400")).toBeVisible();
  await expect(piece.getByLabel("Description")).toHaveValue("120 by 44 inches, seats ten, oil and wax finish");
  await piece.getByLabel("Price each (USD)").fill("13500");
  const bench = page.getByRole("group", { name: /Piece 2/ });
  await bench.getByLabel("Piece", { exact: true }).fill("Matching bench");
  await bench.getByLabel("Price each (USD)").fill("1200");
  await page.getByRole("button", { name: "Send the quote" }).click();
  await expect(page.getByRole("status")).toContainText(/Quote #\d+ sent/);
  await expect(page.getByText("Sent", { exact: true })).toBeVisible();
  await expectToFit(page, "an enquiry with its quote");
  await expectNoSeriousA11yViolations(page);
  await signOut(page);

  // The visitor reads the quote from the mailed link: prices before tax, the tax said per state.
  const total = 14700;
  const untaxed = quoteMoney(total * 100, 40, null);
  const pa = quoteMoney(total * 100, 40, { state: "PA", rate: 6, delivery: true });
  const quotePage = quoteLink(await studioMailAbout(`Dear Grace ${last}`));
  await page.goto(quotePage);
  await expect(page.getByRole("heading", { level: 1, name: "Your quote" })).toBeVisible();
  await expect(page.getByText("White oak trestle table")).toBeVisible();
  await expect(page.getByText("Built to order in 8–12 weeks")).toBeVisible();
  const sums = page.locator(".order-sums");
  await expect(sums).toContainText(`Total before sales tax (USD)${usd(total)}`);
  await expect(sums).toContainText(`Deposit on acceptance (40%)${formatCents(untaxed.now)}`);
  await expect(page.getByText("tax included")).toHaveCount(0);
  await expect(
    page.getByText(
      `Delivered in Pennsylvania: sales tax 6%, ${formatCents(pa.tax.tax)}; deposit now ${formatCents(pa.now)}.`,
    ),
  ).toBeVisible();
  await expectToFit(page, "a quote");
  await expectNoSeriousA11yViolations(page);

  // Delivered in Pennsylvania: the tax line and the deposit with its tax follow the state typed.
  const accept = await fillAcceptance(page);
  await expect(sums).toContainText(`Sales tax (PA 6%)${formatCents(pa.tax.tax)}`);
  await expect(sums).toContainText(`Total (USD)${formatCents(pa.total)}`);
  await expect(sums).toContainText(`Deposit on acceptance (40%, with its tax)${formatCents(pa.now)}`);
  await expect(sums).toContainText(`Balance, when your pieces are ready${formatCents(pa.balance)}`);
  await expect(page.getByRole("heading", { name: "Accept and pay the deposit" })).toBeVisible();
  await expect(accept).toHaveAccessibleName(`Accept and pay ${formatCents(pa.now)}`);
  await expectToFit(page, "a quote with its tax");
  await accept.click();
  const done = page.getByRole("region", { name: "Thank you: your quote is accepted" });
  await expect(done).toContainText(`we received ${formatCents(pa.now)}`);
  await expect(done).toContainText(`The balance of ${formatCents(pa.balance)} is asked for`);
  // The page opens no order: the link to the order's page is the confirmation mail's.
  await expect(done).toContainText("We mailed the link to your order's page to grace@example.com.");
  await expect(done.getByRole("link")).toHaveCount(0);
  await expectToFit(page, "an accepted quote");

  // Its order's page, from the confirmation mail (its subject ends with the reference): the deposit paid,
  // the rest due, the pieces with their descriptions.
  const ref = (await done.locator(".order-ref").textContent())!;
  await page.goto(orderLink(await studioMailAbout(`(${ref})`)));
  await expect(page.locator(".order-steps__step").first()).toContainText("Deposit paid");
  await expect(page.getByRole("heading", { name: `${formatCents(pa.balance)} due` })).toBeVisible();
  await expect(page.getByText("120 by 44 inches, seats ten")).toBeVisible();
  await page.goto(quotePage);
  await expect(page.getByRole("heading", { name: "This quote is accepted" })).toBeVisible();
  await expect(page.getByRole("form", { name: "Accept the quote" })).toHaveCount(0);
});
