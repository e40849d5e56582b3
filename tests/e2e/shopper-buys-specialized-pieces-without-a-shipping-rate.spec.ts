import { formatPrice as usd } from "../../domain/format.ts";
import { formatCents, toCents } from "../../domain/money.ts";
import { percentOf } from "../../domain/money-shares.ts";
import {
  divergenceLine,
  fillAddress,
  fillCard,
  payButton,
  products,
  seedCart,
  shippablePiece,
  stockLine,
  textbox,
} from "./support/checkout.ts";
import { expect, expectNoSeriousA11yViolations, open, test } from "./support/fixtures.ts";
import { studioMailAbout } from "./support/studio-mail.ts";

const SPECIALIZED_TEXT =
  "Some items are too large and heavy for conventional shipping methods. After your purchase, we will contact you to arrange an alternative at a competitive price.";

test("a cart of specialized pieces needs no rate: the note shows and the order is paid without one", async ({
  page,
  request,
}) => {
  const table = await divergenceLine(request);
  await seedCart(page, request, [table]);
  await open(page, "/check-out");

  const specialized = page.locator(".co-specialized");
  await expect(specialized.getByText("Specialized", { exact: true })).toBeVisible();
  await expect(specialized.getByText(table.product.title)).toBeVisible();
  await expect(specialized.getByText(SPECIALIZED_TEXT)).toBeVisible();
  await expect(page.getByRole("button", { name: "Calculate shipping" })).toHaveCount(0);
  const summary = page.getByRole("complementary", { name: "Order summary" });
  await expect(summary.getByText("Specialized", { exact: true })).toBeVisible();
  await expect(payButton(page)).toHaveText(`Pay ${usd(table.total)}`);
  await expectNoSeriousA11yViolations(page);

  // The way in, for the delivery team: two answers, the rest left for the studio to ask.
  await specialized.getByLabel("Which floor").selectOption("Basement");
  await specialized.getByLabel("Narrowest door (in)").fill("30");
  await fillAddress(page);
  // No rate to wait for: the Pennsylvania tax is on the table alone, from the state chosen.
  const tax = percentOf(toCents(table.total), 6);
  await expect(summary.getByText("Sales tax (PA 6%)")).toBeVisible();
  await expect(summary.getByText(formatCents(tax), { exact: true })).toBeVisible();
  await expect(payButton(page)).toHaveText(`Pay ${formatCents(toCents(table.total) + tax)}`);
  const email = `table-${Date.now().toString(36)}@example.com`;
  await textbox(page, "Email").fill(email);
  await fillCard(page, "4111111111111111");
  await payButton(page).click();
  const dialog = page.getByRole("dialog", { name: "Payment Successful" });
  await expect(dialog.getByText("Thank you for your purchase. Feel free to continue browsing.")).toBeVisible();
  // No carrier, no label: the studio arranges the delivery.
  await expect(dialog.getByRole("heading", { name: "Shipping Details" })).toHaveCount(0);
  await expect(dialog.getByText(table.product.title)).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Cart (0)" })).toBeAttached();

  // The confirmation's link opens the order's page, which keeps the answers.
  // The buyer's own mail (the studio's copy has the buyer as its Reply-To).
  const mail = (await studioMailAbout(`\nTo: ${email}`)).replace(/=\r?\n/g, "");
  await page.goto(/\/orders\/[A-Za-z0-9_-]{43}/.exec(mail)![0]);
  await expect(page.getByText("Basement")).toBeVisible();
  await expect(page.getByText("30 in")).toBeVisible();
});

test("a piece with custom shipping beside one a carrier takes: rates for one, 'Specialized' for the other", async ({
  page,
  request,
}) => {
  const custom = (await products(request)).find(
    (p) => p.productId === null && p.customShipping && p.stock > 0 && p.type !== "Divergence",
  )!;
  const piece = await shippablePiece(request);
  await seedCart(page, request, [stockLine(piece), stockLine(custom)]);
  await open(page, "/check-out");

  // Before rates, paying is refused with a pointer to the missing step.
  await fillAddress(page);
  await fillCard(page, "4111111111111111");
  await payButton(page).click();
  const calculate = page.getByRole("button", { name: "Calculate shipping" });
  await expect(calculate).toBeFocused();
  await expect(calculate).toHaveAccessibleDescription("Please calculate shipping and choose a rate.");

  await calculate.click();
  await expect(page.getByRole("radio").first()).toBeChecked();
  const specialized = page.locator(".co-specialized");
  await expect(specialized.getByText(custom.title)).toBeVisible();
  await expect(specialized.getByText(piece.title)).toHaveCount(0);
  await expect(specialized.getByText(SPECIALIZED_TEXT)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
