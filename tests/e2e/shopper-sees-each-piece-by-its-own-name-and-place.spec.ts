import type { APIRequestContext } from "@playwright/test";
import { expect, open, test } from "./support/fixtures.ts";

type ApiProduct = {
  id: number;
  productId: number | null;
  title: string;
  type: string;
  stock: number;
  variants: { id: number; title: string; type: string }[];
};

const products = async (request: APIRequestContext): Promise<ApiProduct[]> =>
  (await request.get("/api/Products")).json();

test("the Divergence entry in the shop leads to the configurator: its card, its own page and search", async ({
  page,
  request,
}) => {
  const entry = (await products(request)).find((p) => p.type === "Divergence")!;
  await open(page, "/shop");
  const card = page.locator(".listing__grid article").filter({ hasText: entry.title });
  await expect(card.getByRole("button", { name: /^Add to cart/ })).toHaveCount(0);
  await card.getByRole("link", { name: "Build your table" }).click();
  await expect(page).toHaveURL(/\/divergence$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Divergence");

  await open(page, `/products/${entry.id}`);
  await expect(page).toHaveURL(/\/divergence$/);

  await open(page, "/");
  await page
    .getByRole("button", { name: /search/i })
    .first()
    .click();
  await page.getByRole("searchbox").fill("Divergence");
  const hit = page.getByRole("link", { name: entry.title }).first();
  await expect(hit).toHaveAttribute("href", "/divergence");
});

test("a variant keeps its piece's name in the drawer and the cart, and opens either way round", async ({
  page,
  request,
}) => {
  const all = await products(request);
  const parent = all.find(
    (p) =>
      p.productId === null &&
      p.variants.some((v) => v.type === "Size" && (all.find((x) => x.id === v.id)?.stock ?? 0) > 0),
  )!;
  const variant = parent.variants.find((v) => v.type === "Size" && (all.find((x) => x.id === v.id)?.stock ?? 0) > 0)!;
  const name = `${parent.title} — ${variant.title}`;

  await open(page, `/products/${variant.id}/${parent.id}`);
  await expect(page.getByRole("combobox", { name: "Select size" })).toHaveValue(String(variant.id));

  await open(page, `/products/${parent.id}/${variant.id}`);
  await page.getByRole("button", { name: "Add to cart", exact: true }).click();
  const drawer = page.getByRole("dialog", { name: "Your cart" });
  await expect(drawer.getByRole("link", { name })).toBeVisible();
  await open(page, "/cart");
  await expect(page.locator(".cart-line").getByRole("link", { name })).toBeVisible();
});
