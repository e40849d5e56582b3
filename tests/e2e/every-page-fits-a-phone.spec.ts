import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, expectConsoleErrors, open, test } from "./support/fixtures.ts";
import { expectToFit, whatCovers } from "./support/phone-fit.ts";

type Item = { id: number; title: string };
type ApiProduct = Item & {
  productId: number | null;
  type: string;
  stock: number;
  salePrice: number | null;
  variants: { id: number; type: string }[];
};
type Ids = {
  product: ApiProduct;
  sized: ApiProduct;
  sizeVariant: number;
  materialParent: number;
  materialVariant: number;
  soldOut: number;
  onSale: number;
  divergenceProduct: number;
  slab: number;
  pendingSlab: number;
  metalBase: number;
  woodBase: number;
  project: number;
  post: number;
  campaign: string;
  founder: string;
};

async function json<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path);
  expect(res.ok(), path).toBe(true);
  return res.json();
}

let known: Promise<Ids> | undefined;
/** One real item of every kind a page is opened for, read from the API once per worker. */
function ids(request: APIRequestContext): Promise<Ids> {
  known ??= (async () => {
    const products = await json<ApiProduct[]>(request, "/api/Products");
    const parents = products.filter((p) => p.productId === null && p.type === "Product");
    const sized = parents.find((p) => p.stock > 0 && p.variants.some((v) => v.type === "Size"))!;
    const material = parents.find((p) => p.variants.some((v) => v.type === "Material"))!;
    const slabs = await json<(Item & { visibility: string })[]>(request, "/api/Slabs");
    const bases = await json<(Item & { material: string })[]>(request, "/api/Bases");
    const campaigns = await json<{ campaignId: string }[]>(request, "/api/Mailchimp/GetCampaigns?count=1");
    return {
      product: parents.find((p) => p.variants.length === 0 && p.stock > 0)!,
      sized,
      sizeVariant: sized.variants.find((v) => v.type === "Size")!.id,
      materialParent: material.id,
      materialVariant: material.variants.find((v) => v.type === "Material")!.id,
      soldOut: parents.find((p) => p.stock <= 0)!.id,
      onSale: (parents.find((p) => p.salePrice !== null) ?? parents[0]!).id,
      divergenceProduct: products.find((p) => p.type === "Divergence")!.id,
      slab: slabs[0]!.id,
      pendingSlab: (slabs.find((s) => s.visibility === "Sale Pending") ?? slabs[0]!).id,
      metalBase: bases.find((b) => b.material === "Steel")!.id,
      woodBase: bases.find((b) => b.material === "Wood")!.id,
      project: (await json<Item[]>(request, "/api/Portfolios"))[0]!.id,
      post: (await json<Item[]>(request, "/api/Media"))[0]!.id,
      campaign: campaigns[0]!.campaignId,
      founder: (await json<{ founder: { slug: string } }>(request, "/api/Studio")).founder.slug,
    };
  })();
  return known;
}

/** Every route of app/routes.ts, the detail routes once for each kind of item they show. */
type PageCase = {
  name: string;
  path: (i: Ids) => string;
  /** A product, slab or base page: its title and price must be clear of the buy bar and the hint. */
  detail?: true;
  missing?: true;
  overlay?: true;
};
const PAGES: PageCase[] = [
  { name: "the home page", path: () => "/" },
  { name: "the shop", path: () => "/shop" },
  { name: "the slabs listing", path: () => "/slabs" },
  { name: "the bases listing", path: () => "/bases" },
  { name: "a product", path: (i) => `/products/${i.product.id}`, detail: true },
  { name: "a product with sizes to choose", path: (i) => `/products/${i.sized.id}`, detail: true },
  { name: "a size variant", path: (i) => `/products/${i.sized.id}/${i.sizeVariant}`, detail: true },
  { name: "a material variant", path: (i) => `/products/${i.materialParent}/${i.materialVariant}`, detail: true },
  { name: "a sold-out product", path: (i) => `/products/${i.soldOut}`, detail: true },
  { name: "a product on sale", path: (i) => `/products/${i.onSale}`, detail: true },
  // The Divergence product's page is the configurator (it redirects there).
  { name: "the Divergence product", path: (i) => `/products/${i.divergenceProduct}` },
  { name: "a slab", path: (i) => `/slabs/${i.slab}`, detail: true },
  { name: "a slab with its sale pending", path: (i) => `/slabs/${i.pendingSlab}`, detail: true },
  { name: "a metal base", path: (i) => `/bases/${i.metalBase}`, detail: true },
  { name: "a wooden base", path: (i) => `/bases/${i.woodBase}`, detail: true },
  { name: "the Divergence builder", path: () => "/divergence" },
  { name: "the table builder", path: () => "/table-builder" },
  { name: "the portfolio", path: () => "/portfolio" },
  { name: "a portfolio project", path: (i) => `/portfolio?project=${i.project}`, overlay: true },
  { name: "the look book", path: () => "/look-book" },
  { name: "the custom design form", path: () => "/custom-design" },
  { name: "our story", path: () => "/our-story" },
  { name: "additional services", path: () => "/additional-services" },
  { name: "the contact form", path: () => "/contact" },
  { name: "the contact form about a piece", path: (i) => `/contact?item=${encodeURIComponent(i.product.title)}` },
  { name: "the enquiry thank-you", path: () => "/contact-submitted" },
  { name: "the FAQs", path: () => "/faqs" },
  { name: "the media page", path: () => "/media" },
  { name: "a media post", path: (i) => `/media/${i.post}` },
  { name: "a newsletter campaign", path: (i) => `/newsletter/${i.campaign}` },
  { name: "the empty cart", path: () => "/cart" },
  { name: "the empty wish list", path: () => "/wishlist" },
  { name: "the checkout with nothing to pay", path: () => "/check-out" },
  { name: "the search results", path: () => "/search?q=walnut" },
  { name: "the search page with too short a query", path: () => "/search?q=wa" },
  { name: "the newsletter sign-up", path: () => "/subscribe" },
  { name: "the founder's page", path: (i) => `/${i.founder}` },
  { name: "the missing page", path: () => "/no/such/page", missing: true },
];

const PHONES = [
  { width: 360, height: 780 },
  { width: 390, height: 844 },
];

/** Scrolls to the end; the scroll hint, now 'Back to top', must leave the footer's last line clear. */
async function expectEndClear(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const back = page.getByRole("button", { name: "Back to top" });
  if (await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight + 200)) {
    await expect(back).toBeVisible();
  }
  const last = page.getByRole("contentinfo").getByText(/^©/);
  await expect(last).toBeInViewport({ ratio: 1 });
  expect(await whatCovers(last), "the footer's last line is covered").toBeNull();
}

/**
 * Nothing lies over the title and price where a reader first meets them: on the first screen
 * (whichever shows whole there), and, for a price below it, scrolled just far enough to show whole.
 */
async function expectTitleAndPriceClear(page: Page) {
  const title = page.getByRole("heading", { level: 1 });
  const price = page.locator(".detail__price p");
  for (const [what, target] of [
    ["title", title],
    ["price", price],
  ] as const) {
    if (await target.evaluate((el) => el.getBoundingClientRect().bottom <= window.innerHeight)) {
      expect(await whatCovers(target), `the ${what} on the first screen is covered`).toBeNull();
    }
  }
  const below = await price.evaluate((el) => el.getBoundingClientRect().bottom - window.innerHeight);
  if (below > 0) {
    await page.evaluate((dy) => window.scrollBy(0, dy), Math.ceil(below) + 1);
    await expect(price).toBeInViewport({ ratio: 1 });
    expect(await whatCovers(price), "the price, scrolled just into view, is covered").toBeNull();
  }
}

/** Brings `target` to rest just above whatever bar the page keeps at the foot of the screen. */
async function restAboveTheBar(page: Page, target: Locator, bar: Locator) {
  const barTop = (await bar.boundingBox())!.y;
  const box = (await target.boundingBox())!;
  await page.evaluate((dy) => window.scrollBy(0, dy), box.y + box.height - barTop + 1);
  await expect(target).toBeInViewport({ ratio: 1 });
}

for (const phone of PHONES) {
  test.describe(`on a ${phone.width} px phone`, () => {
    // Reduced motion shows every scroll-in reveal at its place and makes scrolling instant.
    test.use({ viewport: phone, reducedMotion: "reduce" });

    for (const p of PAGES) {
      test(`${p.name} fits the screen${p.overlay ? "" : " and keeps its last line clear"}`, async ({
        page,
        request,
      }) => {
        if (p.missing) expectConsoleErrors();
        const response = await open(page, p.path(await ids(request)));
        expect(response?.status()).toBe(p.missing ? 404 : 200);
        await expectToFit(page, p.name);
        if (p.detail) await expectTitleAndPriceClear(page);
        // A panel over the page holds the page still; its own end is its own.
        if (p.overlay) return;
        await expectEndClear(page);
        await expectToFit(page, `${p.name}, scrolled to its end`);
      });
    }

    test("the menu and the search panel with results fit the screen", async ({ page }) => {
      await open(page, "/shop");
      await page.getByRole("button", { name: "Menu" }).click();
      await expect(page.locator("#site-menu").getByRole("link").first()).toBeVisible();
      await expectToFit(page, "the open menu");
      await page.getByRole("button", { name: "Close" }).click();

      // On a phone the field opens from its button.
      await page.getByRole("banner").getByRole("button", { name: "Search", exact: true }).click();
      await page.getByRole("searchbox", { name: /Search products/ }).fill("walnut");
      const panel = page.locator(".search__panel");
      await expect(panel.getByRole("link").first()).toBeVisible();
      await expectToFit(page, "the search panel");
      await expect(panel.locator("img").first()).toBeInViewport({ ratio: 1 });
      // The whole name of the studio shows again once the field is left.
      await page.keyboard.press("Escape");
      await page.getByRole("main").click({ position: { x: 5, y: 5 } });
      const logo = page.getByRole("link", { name: /, home$/ });
      await expect(logo).toBeVisible();
      expect(await logo.evaluate((a) => a.scrollWidth <= a.clientWidth + 1), "the logo is cut").toBe(true);
    });

    test("the add-to-cart preview, quick view, drawers and the filled cart, wish list and checkout fit", async ({
      page,
      request,
    }) => {
      const { product } = await ids(request);
      await open(page, "/shop");
      const card = page
        .locator(".listing__grid article")
        .filter({ has: page.getByRole("button", { name: /^Add to cart:/ }) })
        .first();
      await card.getByRole("button", { name: /^Add to cart:/ }).click();
      await expect(page.getByRole("dialog").getByText("Added to cart")).toBeVisible();
      await expectToFit(page, "the add-to-cart preview");
      await page.keyboard.press("Escape");

      await open(page, "/slabs");
      await page
        .getByRole("button", { name: /^Quick view:/ })
        .first()
        .click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectToFit(page, "the slab quick view");
      await page.keyboard.press("Escape");

      await open(page, `/products/${product.id}`);
      await page.getByRole("button", { name: "Add to cart", exact: true }).click();
      const cart = page.getByRole("dialog", { name: "Your cart" });
      await expect(cart.getByRole("link", { name: product.title })).toBeVisible();
      await expectToFit(page, "the cart drawer");
      await page.keyboard.press("Escape");
      await expect(cart).toBeHidden();
      await page.getByRole("button", { name: `Add ${product.title} to wish list` }).click();
      const wishes = page.getByRole("dialog", { name: "Your wish list" });
      await expect(wishes.getByRole("link", { name: product.title })).toBeVisible();
      await expectToFit(page, "the wish-list drawer");
      await page.keyboard.press("Escape");

      await open(page, "/cart");
      await expect(page.locator(".cart-line").first()).toBeVisible();
      await expectToFit(page, "the cart with pieces in it");
      await open(page, "/wishlist");
      await expect(page.getByRole("main").getByRole("link", { name: product.title }).first()).toBeVisible();
      await expectToFit(page, "the wish list with a piece in it");
      await open(page, "/check-out");
      await expect(page.getByRole("button", { name: /^Pay / })).toBeVisible();
      await page.getByRole("button", { name: /^Show items/ }).click();
      await expect(page.locator("#co-summary-body").getByText(product.title).first()).toBeVisible();
      await expectToFit(page, "the checkout form with its items shown");
    });

    test("the buy bar leaves the price clear, and follows only once its place is passed", async ({ page, request }) => {
      const { sized } = await ids(request);
      await open(page, `/products/${sized.id}`);
      await expectTitleAndPriceClear(page);
      const add = page.getByRole("button", { name: "Add to cart", exact: true });

      // Past the buying controls they ride at the foot of the screen, the scroll hint in a place of its own.
      await page.getByRole("heading", { name: "Description" }).scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollBy(0, 200));
      await expect(add).toBeInViewport({ ratio: 1 });
      expect(await whatCovers(add), "the bar's Add to cart is covered").toBeNull();
      const hint = page.getByRole("button", { name: "Scroll down" });
      await expect(hint).toBeVisible();
      expect(await whatCovers(hint), "the scroll hint is covered").toBeNull();
      const stepper = page.getByRole("spinbutton");
      expect(await whatCovers(stepper), "the quantity is covered").toBeNull();
      await expectToFit(page, "the page with its buy bar");

      // The last fact above the bar can be read whole.
      const lastFact = page.locator(".detail__about").getByRole("heading", { name: "Specification" });
      await restAboveTheBar(page, lastFact, page.locator(".detail__actions"));
      expect(await whatCovers(lastFact), "the heading above the bar is covered").toBeNull();

      await expectEndClear(page);

      // A jump from the top straight to the foot of the page brings the bar along too.
      await open(page, `/products/${sized.id}`);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect(add).toBeInViewport({ ratio: 1 });
    });

    test("the Divergence builder's bar and scroll hint leave every choice clear", async ({ page }) => {
      await open(page, "/divergence");
      const step3 = page.getByRole("group", { name: "Step 3 Live edge" });
      const yes = step3.locator(".choice").filter({ has: page.getByRole("radio", { name: /^Yes/ }) });
      await restAboveTheBar(page, yes, page.locator(".builder__bar"));
      expect(await whatCovers(yes), "step 3's 'Yes' is covered").toBeNull();
      expect(await whatCovers(page.getByRole("button", { name: "Scroll down" })), "the hint is covered").toBeNull();
      expect(await whatCovers(page.getByRole("button", { name: "Add to cart" })), "Add to cart is covered").toBeNull();
      await expectToFit(page, "the builder with its bar");

      // Chosen, the total line keeps the bar's height: nothing moves under the reader's thumb.
      const bar = page.locator(".builder__bar");
      const before = (await bar.boundingBox())!.height;
      await page.getByRole("group", { name: "Step 1 Species" }).getByRole("radio").first().check();
      await page.getByRole("group", { name: "Step 2 Size" }).getByRole("radio").first().check();
      await expect(page.getByRole("status").filter({ hasText: /^Total/ })).toBeVisible();
      expect((await bar.boundingBox())!.height).toBeCloseTo(before, 0);
      await restAboveTheBar(page, yes, bar);
      expect(await whatCovers(yes), "step 3's 'Yes' is covered once chosen").toBeNull();
      await expectToFit(page, "the builder with a total");
    });
  });
}
