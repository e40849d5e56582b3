import type { APIRequestContext, Page } from "@playwright/test";
import { isShippable } from "../../support/payment-request.ts";
import { expect, open } from "./fixtures.ts";

/** Checkout journeys: a cart put in local storage, the form filled the way a shopper fills it. */

export type ApiProduct = {
  id: number;
  productId: number | null;
  title: string;
  price: number;
  salePrice: number | null;
  stock: number;
  type: string;
  customShipping: boolean;
  images: { fileName: string }[];
};

export const products = async (request: APIRequestContext): Promise<ApiProduct[]> =>
  (await request.get("/api/Products")).json();

/**
 * A small piece a carrier takes, with the most stock left (paid journeys take a unit each, on a
 * database kept between runs). Under $500, so with shipping the total stays clear of the test
 * gateway's $1,000–$1,999.99 amounts, which answer with processor declines.
 */
export async function shippablePiece(request: APIRequestContext): Promise<ApiProduct> {
  const candidates = (await products(request)).filter((p) => isShippable(p) && p.price < 500);
  candidates.sort((a, b) => b.stock - a.stock);
  if (!candidates[0]) throw new Error("No small shippable piece left in stock: reset the e2e data folder");
  return candidates[0];
}

/** A cart line as the shop stores it. */
export const stockLine = (p: ApiProduct, quantity = 1) => ({
  product: {
    id: p.id,
    title: p.title,
    price: p.price,
    salePrice: p.salePrice,
    stock: p.stock,
    type: p.type,
    images: p.images.slice(0, 1),
    customShipping: p.customShipping,
  },
  quantity,
  total: Math.round((p.salePrice ?? p.price) * quantity * 100) / 100,
});

export async function cartKey(request: APIRequestContext): Promise<string> {
  const studio = (await (await request.get("/api/Studio")).json()) as { shortName: string };
  return `${studio.shortName}-cart`;
}

/** Puts the lines in the stored cart once, before the first page of the test loads. */
export async function seedCart(page: Page, request: APIRequestContext, lines: unknown[]) {
  await page.addInitScript(
    ([k, v]) => {
      if (!sessionStorage.getItem("seeded")) {
        localStorage.setItem(k!, v!);
        sessionStorage.setItem("seeded", "1");
      }
    },
    [await cartKey(request), JSON.stringify(lines)],
  );
}

export const textbox = (page: Page, name: string) => page.getByRole("textbox", { name, exact: true });

export async function fillAddress(page: Page, { state = "PA", zip = "17601" } = {}) {
  await textbox(page, "First name").fill("Ada");
  await textbox(page, "Last name").fill("Lovelace");
  await page.getByRole("combobox", { name: "Country" }).selectOption("US");
  await textbox(page, "Address").fill("12 Mill Road");
  await textbox(page, "City").fill("Lancaster");
  await page.getByRole("combobox", { name: "State" }).selectOption(state);
  await textbox(page, "ZIP code").fill(zip);
  await textbox(page, "Email").fill("ada@example.com");
}

/** Types the card as a shopper does, key by key, so the formatting runs. */
export async function fillCard(page: Page, number: string, { expiry = "1230", cvc = "123" } = {}) {
  await textbox(page, "Card number").fill("");
  await textbox(page, "Card number").pressSequentially(number);
  await textbox(page, "Expiry (MM/YY)").fill("");
  await textbox(page, "Expiry (MM/YY)").pressSequentially(expiry);
  await textbox(page, "CVC").fill(cvc);
  await textbox(page, "Name on card").fill("Ada Lovelace");
}

export const payButton = (page: Page) => page.getByRole("button", { name: /^Pay\b/ });

export type Divergence = {
  divergenceMetadata: { divergenceId: number; liveEdgePrice: number };
  variantSpecies: {
    name: string;
    speciesFinishes: { name: string; images: { fileName: string }[] }[];
    metadata: { id: number; size: string; price: number; stock: number }[];
  }[];
};

/**
 * A configured table of the size with the most tables left (or, asked, the fewest but two), from a species with every size in
 * stock (the configurator's journey works on a species with a booked-out size, so the two never
 * meet).
 */
export async function divergenceLine(request: APIRequestContext, { fewest = false } = {}) {
  const d = (await (await request.get("/api/divergence/GetDivergenceVariants/1")).json()) as Divergence;
  const choices = d.variantSpecies
    .filter((s) => s.metadata.every((m) => m.stock > 0) && s.speciesFinishes.length > 0)
    .flatMap((s) => s.metadata.map((m) => ({ s, m })))
    .sort((a, b) => b.m.stock - a.m.stock);
  // `fewest`: the size with the fewest tables left but two, which the journeys taking the most
  // stocked size at the same time never buy too (a journey that counts the size's stock).
  const { s, m } = fewest ? choices.filter((c) => c.m.stock >= 2).at(-1)! : choices[0]!;
  return tableCartLine(d, s, m);
}

/** The cart line of one table of species `s` in size `m`, live edge, its first base finish, oiled. */
export function tableCartLine(
  d: Divergence,
  s: Divergence["variantSpecies"][number],
  m: Divergence["variantSpecies"][number]["metadata"][number],
) {
  const price = m.price + d.divergenceMetadata.liveEdgePrice;
  return {
    product: {
      id: d.divergenceMetadata.divergenceId,
      title: `${s.name} Dining Table`,
      species: s.name,
      size: m.size,
      sizeId: m.id,
      liveEdge: "Yes",
      baseFinish: s.speciesFinishes[0]!.name,
      topFinish: "Natural Oil",
      price,
      pricingBreakdown: {
        basePrice: m.price,
        liveEdgePrice: d.divergenceMetadata.liveEdgePrice,
        ceramicCoatingPrice: 0,
        totalPrice: price,
      },
      stock: m.stock,
      images: s.speciesFinishes[0]!.images.slice(0, 2),
      type: "Divergence",
      customShipping: true,
    },
    quantity: 1,
    total: price,
  };
}

/**
 * A phone's purchase of `lines` through the checkout page, paid by a test card to an address in
 * Pennsylvania: the thank-you region, and the order's number it gives.
 */
export async function buyAtCheckout(page: Page, request: APIRequestContext, lines: unknown[]) {
  await seedCart(page, request, lines);
  await open(page, "/check-out");
  await fillAddress(page);
  await fillCard(page, "4111111111111111");
  await payButton(page).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await dialog.getByRole("button", { name: "Close" }).click();
  const placed = page.getByRole("region", { name: "Thank you for your order" });
  const ref = /Order ([A-Z0-9]+)/.exec((await placed.textContent()) ?? "")![1]!;
  return { placed, ref };
}

/**
 * The checkout of one small piece a carrier takes, as a shopper fills it: the cart holding it, a
 * Pennsylvania address, shipping calculated with the first rate chosen, and `card` typed. What
 * is left is the pay button; the piece is returned.
 */
export async function readyToPayForOnePiece(page: Page, request: APIRequestContext, card: string) {
  const piece = await shippablePiece(request);
  await seedCart(page, request, [stockLine(piece)]);
  await open(page, "/check-out");
  await fillAddress(page);
  await page.getByRole("button", { name: "Calculate shipping" }).click();
  await expect(page.getByRole("radio").first()).toBeChecked();
  await fillCard(page, card);
  return piece;
}
