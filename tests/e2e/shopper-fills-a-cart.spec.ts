import type { APIRequestContext, Page } from "@playwright/test";
import { formatPrice as usd } from "../../domain/format.ts";
import { expect, expectNoSeriousA11yViolations, open, test } from "./support/fixtures.ts";

type ApiProduct = {
  id: number;
  productId: number | null;
  title: string;
  price: number;
  salePrice: number | null;
  stock: number;
  variants: { type: string }[];
};

async function products(request: APIRequestContext): Promise<ApiProduct[]> {
  return (await request.get("/api/Products")).json();
}

async function cartKey(request: APIRequestContext): Promise<string> {
  const studio = (await (await request.get("/api/Studio")).json()) as { shortName: string };
  return `${studio.shortName}-cart`;
}

const header = (page: Page) => page.getByRole("banner");

test("a shopper adds from a card and from a detail page, steps quantities, and finds the cart after a reload", async ({
  page,
  request,
}) => {
  const all = await products(request);
  // A piece with no sizes to choose and at least two in stock, for the detail page.
  const piece = all.find(
    (p) => p.productId === null && p.stock >= 2 && !p.variants.some((v) => v.type === "Size") && p.salePrice === null,
  )!;

  await open(page, "/shop");
  await expect(header(page).getByRole("link", { name: "Cart (0)" })).toBeVisible();

  // From a card: one unit, and the preview with its two buttons.
  const card = page
    .locator(".listing__grid article")
    .filter({ has: page.getByRole("button", { name: /^Add to cart:/ }) });
  const cardTitle = (await card.first().getByRole("heading").textContent())?.trim() ?? "";
  await card
    .first()
    .getByRole("button", { name: /^Add to cart:/ })
    .click();
  const preview = page.getByRole("dialog", { name: cardTitle });
  await expect(preview.getByText("Added to cart")).toBeVisible();
  await expect(preview.getByRole("link", { name: "View Cart" })).toHaveAttribute("href", "/cart");
  await expect(preview.getByRole("link", { name: "Checkout" })).toHaveAttribute("href", "/check-out");
  await expectNoSeriousA11yViolations(page);
  // A press on the overlay closes it.
  await page.mouse.click(10, 10);
  await expect(preview).toBeHidden();
  await expect(header(page).getByRole("link", { name: "Cart (1)" })).toBeVisible();

  // From a detail page: two units, and the cart drawer opens with both lines.
  await open(page, `/products/${piece.id}`);
  await page.getByRole("button", { name: /^Increase quantity/ }).click();
  await page.getByRole("button", { name: "Add to cart", exact: true }).click();
  const drawer = page.getByRole("dialog", { name: "Your cart" });
  await expect(drawer.getByRole("link", { name: piece.title })).toBeVisible();
  await expect(drawer.getByRole("link", { name: cardTitle })).toBeVisible();
  await expect(header(page).getByRole("link", { name: "Cart (3)" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();

  // The cart page: steppers change the line total; the stock caps the quantity.
  await open(page, "/cart");
  const line = page.locator(".cart-line").filter({ hasText: piece.title });
  await expect(line.getByRole("spinbutton", { name: `Quantity of ${piece.title}` })).toHaveValue("2");
  await expect(line.locator(".cart-line__total")).toHaveText(usd(2 * piece.price));
  await line.getByRole("button", { name: /^Decrease quantity/ }).click();
  await expect(line.locator(".cart-line__total")).toHaveText(usd(piece.price));
  for (let i = 0; i < piece.stock + 2; i++) {
    const plus = line.getByRole("button", { name: /^Increase quantity/ });
    if (await plus.isDisabled()) break;
    await plus.click();
  }
  await expect(line.getByRole("spinbutton", { name: `Quantity of ${piece.title}` })).toHaveValue(String(piece.stock));
  // Prices are before tax: the checkout adds it as a line of its own.
  await expect(page.getByText("Sales tax and shipping are calculated at checkout.")).toBeVisible();
  await expect(page.getByText("USD", { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // A reload keeps it all.
  await page.reload();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(line.getByRole("spinbutton", { name: `Quantity of ${piece.title}` })).toHaveValue(String(piece.stock));
  await expect(header(page).getByRole("link", { name: `Cart (${piece.stock + 1})` })).toBeVisible();

  // Stepping a line to 0 takes it out, with an undo: no $0 line stays behind.
  const cardLine = page.locator(".cart-line").filter({ hasText: cardTitle });
  await cardLine.getByRole("button", { name: /^Decrease quantity/ }).click();
  await expect(cardLine).toHaveCount(0);
  const notice = page.getByRole("status").filter({ hasText: `${cardTitle} was removed from your cart.` });
  await expect(notice).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await notice.getByRole("button", { name: "Undo" }).click();
  await expect(cardLine.getByRole("spinbutton")).toHaveValue("1");
  await cardLine.getByRole("spinbutton").fill("0");
  await expect(cardLine).toHaveCount(0);
  await page.reload();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(cardLine).toHaveCount(0);
  await expect(page.locator(".cart-line__total").filter({ hasText: "$0.00" })).toHaveCount(0);
  await page.getByRole("button", { name: `Remove ${piece.title}` }).click();
  await expect(page.getByText("It looks like your cart is empty.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Checkout" })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
});

test("removing a line can be undone from the cart drawer too", async ({ page, request }) => {
  const piece = (await products(request)).find((p) => p.productId === null && p.stock > 0 && p.variants.length === 0)!;
  await open(page, `/products/${piece.id}`);
  await page.getByRole("button", { name: "Add to cart", exact: true }).click();
  const drawer = page.getByRole("dialog", { name: "Your cart" });
  await drawer.getByRole("button", { name: `Remove ${piece.title}` }).click();
  await expect(drawer.getByText("It looks like your cart is empty.")).toBeVisible();
  await drawer.getByRole("button", { name: "Undo" }).click();
  await expect(drawer.getByRole("link", { name: piece.title })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Cart (1)" })).toBeVisible();
});

test("stored lines are matched to today's prices: a vanished piece is dropped, a sold-out one says so", async ({
  page,
  request,
}) => {
  const all = await products(request);
  const soldOut = all.find((p) => p.productId === null && p.stock === 0)!;
  const onSale = all.find((p) => p.productId === null && p.stock > 0 && p.salePrice !== null)!;
  const key = await cartKey(request);
  const stored = [
    { product: { id: onSale.id, title: onSale.title, price: 1, stock: 9 }, quantity: 1, total: 1 },
    { product: { id: soldOut.id, title: soldOut.title, price: 1, stock: 1 }, quantity: 1, total: 1 },
    { product: { id: 999999, title: "A table that was sold", price: 5, stock: 1 }, quantity: 1, total: 5 },
  ];
  await page.addInitScript(
    ([k, v]) => {
      if (!sessionStorage.getItem("seeded")) {
        localStorage.setItem(k!, v!);
        sessionStorage.setItem("seeded", "1");
      }
    },
    [key, JSON.stringify(stored)],
  );
  await open(page, "/cart");
  await expect(page.locator(".cart-line")).toHaveCount(2);
  await expect(page.getByText("A table that was sold")).toHaveCount(0);
  const sale = page.locator(".cart-line").filter({ hasText: onSale.title });
  await expect(sale.locator(".cart-line__total")).toHaveText(usd(onSale.salePrice!));
  const gone = page.locator(".cart-line").filter({ hasText: soldOut.title });
  await expect(gone.getByText("Unfortunately, this product is out of stock.")).toBeVisible();
  // Its figure is shown struck through and marked, so it never reads as part of the total.
  await expect(gone.locator(".cart-line__total del")).toBeVisible();
  await expect(gone.locator(".cart-line__total")).toContainText("Not counted");
  // The summary counts only what can be bought.
  await expect(page.locator(".cart-summary__total")).toContainText(usd(onSale.salePrice!));
  // The matched lines were saved.
  const saved = JSON.parse((await page.evaluate((k) => localStorage.getItem(k), key)) ?? "[]");
  expect(saved.map((l: { product: { id: number } }) => l.product.id)).toEqual([onSale.id, soldOut.id]);
});

test("a corrupt stored cart reads as empty and is written back clean", async ({ page, request }) => {
  const key = await cartKey(request);
  await page.addInitScript((k) => {
    if (!sessionStorage.getItem("seeded")) {
      localStorage.setItem(k, "{not json");
      sessionStorage.setItem("seeded", "1");
    }
  }, key);
  await open(page, "/cart");
  await expect(page.getByText("It looks like your cart is empty.")).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Cart (0)" })).toBeVisible();
  expect(await page.evaluate((k) => localStorage.getItem(k), key)).toBe("[]");
});

test("another tab's change reaches the header", async ({ page, context, request }) => {
  const piece = (await products(request)).find((p) => p.productId === null && p.stock > 0)!;
  await open(page, "/");
  const other = await context.newPage();
  await open(other, `/products/${piece.id}`);
  await other.evaluate(
    ([k, line]) => localStorage.setItem(k!, line!),
    [
      await cartKey(request),
      JSON.stringify([
        {
          product: { id: piece.id, title: piece.title, price: piece.price, stock: piece.stock },
          quantity: 1,
          total: piece.price,
        },
      ]),
    ],
  );
  await expect(page.getByRole("banner").getByRole("link", { name: "Cart (1)" })).toBeVisible();
});
