import type { Page } from "@playwright/test";
import { depositCents } from "../../domain/deposit.ts";
import { formatPrice as usd } from "../../domain/format.ts";
import { toCents, toDollars } from "../../domain/money.ts";
import { taxOf } from "../../domain/tax.ts";
import { divergenceLine, fillAddress, fillCard, payButton, seedCart } from "./support/checkout.ts";
import { expect, expectNoSeriousA11yViolations, open, test } from "./support/fixtures.ts";
import { expectToFit } from "./support/phone-fit.ts";
import { E2E_OWNER, signInAs } from "./support/studio.ts";
import { orderLink, studioMailAbout } from "./support/studio-mail.ts";

// A Divergence table bought from a phone with the studio's 50 % deposit: half is charged, the
// order's page shows the balance and when the table leaves; the studio marks it ready, the
// buyer pays the balance from the mailed link (two pages pressing Pay at once charge it once),
// the studio ships it, and the page shows the tracking number.

test.use({ viewport: { width: 390, height: 844 } });

async function payTheBalance(page: Page) {
  const form = page.getByRole("form", { name: "Pay what is due" });
  await form.getByLabel("Card number").fill("4111 1111 1111 1111");
  await form.getByLabel("Expiry (MM/YY)").fill("12/30");
  await form.getByLabel("CVC").fill("123");
  await form.getByLabel("Name on card").fill("Ada Lovelace");
  return form.getByRole("button", { name: /^Pay the balance/ });
}

test("a table bought with a deposit: half now, the balance from the mailed link once it is ready", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const table = await divergenceLine(request);
  const rule = { percent: 50, minimum: 500 };
  const lines = [{ cents: toCents(table.total), madeToOrder: true }];
  // Before the address, prices are before tax; delivered in PA, the deposit and the balance each
  // carry their share of PA's 6 %.
  const plain = depositCents(lines, 0, rule)!;
  const tax = taxOf({ state: "PA", rate: 6, delivery: true }, toCents(table.total), 0);
  const split = depositCents(lines, 0, rule, tax)!;
  const half = toDollars(split.now);
  const balance = toDollars(split.balance);
  await seedCart(page, request, [table]);
  await open(page, "/check-out");

  // The choice is offered for the table, and the summary and button follow it.
  const choice = page.getByRole("group", { name: "How much to pay now" });
  await expect(choice.getByRole("radio", { name: /Pay in full/ })).toBeChecked();
  await choice.getByRole("radio", { name: /Pay a deposit now/ }).check();
  await expect(choice).toContainText(`the balance of ${usd(toDollars(plain.balance))} when they are ready`);
  await expect(page.locator(".co-summary__figures")).toContainText(`Deposit now${usd(toDollars(plain.now))}`);
  await expect(payButton(page)).toHaveText(`Pay a deposit of ${usd(toDollars(plain.now))}`);
  await fillAddress(page);
  await expect(choice).toContainText(`the balance of ${usd(balance)} when they are ready`);
  await expect(payButton(page)).toHaveText(`Pay a deposit of ${usd(half)}`);
  await fillCard(page, "4111111111111111");
  await expectToFit(page, "the checkout with a deposit");
  await expectNoSeriousA11yViolations(page);
  await payButton(page).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await dialog.getByRole("button", { name: "Close" }).click();
  const placed = page.getByRole("region", { name: "Thank you for your order" });
  await expect(placed).toContainText(`a deposit of ${usd(half)} is paid`);
  await expect(placed).toContainText(`The balance of ${usd(balance)} is asked for when your pieces are ready`);
  const ref = /Order ([A-Z0-9]+)/.exec((await placed.textContent()) ?? "")![1]!;

  // The confirmation's link: the deposit, the balance due and when it is expected to leave.
  const buyer = await page
    .context()
    .browser()!
    .newPage({ viewport: { width: 390, height: 844 } });
  await buyer.goto(orderLink(await studioMailAbout(`(${ref})`)));
  await expect(buyer.getByRole("heading", { level: 1, name: `Order ${ref}` })).toBeVisible();
  await expect(buyer.locator(".order-steps__step").first()).toContainText("Deposit paid");
  await expect(buyer.getByText("Balance paid")).toBeVisible();
  await expect(buyer.getByRole("heading", { name: `${usd(balance)} due` })).toBeVisible();
  await expect(buyer.getByText("Expected to leave the studio:")).toBeVisible();
  const sums = buyer.locator(".order-sums").first();
  await expect(sums).toContainText(`Sales tax (PA 6%)${usd(toDollars(tax.tax))}`);
  await expect(sums).toContainText(`Total${usd(table.total + toDollars(tax.tax))}`);
  await expect(sums).not.toContainText("tax included");
  await expectToFit(buyer, "the order page with a balance due");
  await expectNoSeriousA11yViolations(buyer);

  // The studio moves it along from a phone; 'ready' mails the balance.
  await signInAs(page, E2E_OWNER.email, E2E_OWNER.password);
  await page.goto(`/studio/orders?q=${ref}`);
  await page.getByRole("link", { name: ref }).click();
  await expect(page.getByText(`Deposit of ${usd(half)} paid`)).toBeVisible();
  await expect(page.getByText(`${usd(balance)} due from the buyer`).first()).toBeVisible();
  for (const step of ["in_production", "ready"]) {
    await page.getByLabel("Status", { exact: true }).selectOption(step);
    await page.getByRole("button", { name: "Save status" }).click();
    await expect(page.getByRole("status")).toHaveText("Status saved. The buyer is mailed.");
  }
  const readyMail = await studioMailAbout(`Your order is ready: ${usd(balance)} due (${ref})`);

  // Two pages press Pay at once: one charge.
  const other = await page
    .context()
    .browser()!
    .newPage({ viewport: { width: 390, height: 844 } });
  await buyer.goto(orderLink(readyMail));
  await other.goto(orderLink(readyMail));
  const [a, b] = [await payTheBalance(buyer), await payTheBalance(other)];
  await Promise.all([a.click(), b.click()]);
  const said = async (p: Page) => {
    await expect(p.locator(".order-due [role=status], .order-due [role=alert]").first()).toBeVisible({
      timeout: 20_000,
    });
    return (await p.locator(".order-due").textContent()) ?? "";
  };
  const answers = [await said(buyer), await said(other)];
  expect(answers.filter((t) => t.includes(`We received ${usd(balance)}`))).toHaveLength(1);
  await other.close();

  await page.reload();
  await expect(page.getByText(`${usd(balance)} paid by card from the order's page`)).toHaveCount(1);
  await expect(page.getByText("Nothing is due").first()).toBeVisible();
  // The studio delivers a Divergence table itself: no carrier or tracking number to give.
  await page.getByLabel("Status", { exact: true }).selectOption("shipped");
  await expect(page.getByText("Carrier and tracking number are not needed")).toBeVisible();
  await expect(page.getByLabel("Tracking number")).toHaveCount(0);
  await page.getByRole("button", { name: "Save status" }).click();
  await expect(page.getByRole("status")).toHaveText("Status saved. The buyer is mailed.");

  await buyer.reload();
  await expect(buyer.locator("[aria-current='step']")).toContainText("Shipped");
  await expect(buyer.locator(".order-steps__step", { hasText: "Balance paid" })).toHaveClass(/is-done/);
  await expect(buyer.getByRole("form", { name: "Pay what is due" })).toHaveCount(0);
  await expectToFit(buyer, "the order page, paid and shipped");
  await buyer.close();
});
