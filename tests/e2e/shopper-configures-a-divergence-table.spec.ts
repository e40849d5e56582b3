import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, open, test } from "./support/fixtures.ts";

type Size = { id: number; size: string; price: number; stock: number };
type Species = { id: number; name: string; speciesFinishes: { name: string }[]; metadata: Size[] };
type Divergence = {
  divergenceMetadata: { title: string; liveEdgePrice: number; ceramicCoatingPrice: number };
  variantSpecies: Species[];
};

const usd = (n: number) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 }).format(n);

async function divergenceData(request: APIRequestContext): Promise<Divergence> {
  const res = await request.get("/api/divergence/GetDivergenceVariants/1");
  expect(res.ok()).toBe(true);
  return res.json();
}

/** A species with a size built to order (no stock) when there is one, a size of it with stock to spare, a pictured base colour. */
function pick(d: Divergence) {
  const species = d.variantSpecies.find((s) => s.metadata.some((m) => m.stock <= 0)) ?? d.variantSpecies[0]!;
  const size = species.metadata.find((m) => m.stock >= 2) ?? species.metadata.find((m) => m.stock > 0)!;
  const other = d.variantSpecies.find((s) => s.id !== species.id)!;
  return { species, size, base: species.speciesFinishes[0]!.name, other };
}

const step = (page: Page, n: number, name: string) => page.getByRole("group", { name: `Step ${n} ${name}` });
const total = (page: Page) => page.getByRole("status").filter({ hasText: /Total|Starting Price from/ });

async function expectStepDisabled(group: Locator) {
  await expect(group.getByText(/ first\.$/)).toBeVisible();
  for (const radio of await group.getByRole("radio").all()) await expect(radio).toBeDisabled();
}

test("a shopper configures a Divergence table step by step, adds it to the cart, then starts again", async ({
  page,
  request,
}) => {
  const d = await divergenceData(request);
  const meta = d.divergenceMetadata;
  const { species, size, base, other } = pick(d);
  const lowest = Math.min(...d.variantSpecies.flatMap((s) => s.metadata.map((m) => m.price)));

  await open(page, "/divergence");
  await expect(page.getByRole("heading", { level: 1, name: meta.title })).toBeVisible();
  await expect(total(page)).toContainText(`Starting Price from ${usd(lowest)}`);
  await expect(step(page, 1, "Species").getByRole("radio")).toHaveCount(d.variantSpecies.length);
  await expectStepDisabled(step(page, 2, "Size"));
  await expectStepDisabled(step(page, 3, "Live edge"));
  await expectStepDisabled(step(page, 4, "Base colour"));
  await expectStepDisabled(step(page, 5, "Top finish"));
  await expect(step(page, 6, "Add to cart").getByText("Choose a top finish first.")).toBeVisible();
  await expect(page.getByRole("button", { name: /^Increase quantity/ })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Add to cart" })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);

  // 1. Species: the title follows it, and the starting price is the species' own.
  await step(page, 1, "Species").getByRole("radio", { name: species.name }).check();
  const title = `${species.name} Dining Table`;
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(total(page)).toContainText(
    `Starting Price from ${usd(Math.min(...species.metadata.map((m) => m.price)))}`,
  );

  // 2. Size: every size shows its price; a size with no stock is built to order and can be chosen.
  const sizes = step(page, 2, "Size");
  await expect(sizes.getByRole("radio")).toHaveCount(species.metadata.length);
  for (const m of species.metadata) {
    const radio = sizes.getByRole("radio", { name: m.size });
    await expect(radio).toHaveAccessibleName(new RegExp(usd(m.price).replace("$", "\\$")));
    if (m.stock <= 0) {
      await expect(radio).toBeEnabled();
      await expect(radio).toHaveAccessibleName(/Built to order/);
    }
  }
  await sizes.getByRole("radio", { name: size.size }).check();
  await expect(total(page)).toContainText(`Total ${usd(size.price)}`);
  await expectStepDisabled(step(page, 4, "Base colour"));

  // 3. Live edge, priced from the data.
  const edge = step(page, 3, "Live edge").getByRole("radio", { name: /^Yes/ });
  await expect(edge).toHaveAccessibleName(new RegExp(`\\+ \\${usd(meta.liveEdgePrice)}`));
  await edge.check();
  await expect(total(page)).toContainText(`Total ${usd(size.price + meta.liveEdgePrice)}`);

  // 4. Base colour: no change to the price.
  await step(page, 4, "Base colour").getByRole("radio", { name: base }).check();
  await expect(total(page)).toContainText(`Total ${usd(size.price + meta.liveEdgePrice)}`);
  await expect(page.getByRole("button", { name: "Add to cart" })).toBeDisabled();

  // 5. Ceramic coating.
  await step(page, 5, "Top finish")
    .getByRole("radio", { name: /^Ceramic Coating/ })
    .check();
  const each = size.price + meta.liveEdgePrice + meta.ceramicCoatingPrice;
  await expect(total(page)).toContainText(`Total ${usd(each)}`);
  const buy = step(page, 6, "Add to cart");
  await expect(buy.getByText("Total per table")).toBeVisible();
  await expect(buy).toContainText(usd(each));
  await expect(page).toHaveURL(/species=\d+&size=\d+&edge=yes&base=.+&top=Ceramic\+Coating/);

  // 6. Quantity: capped at the size's stock, then two tables.
  const quantity = buy.getByRole("spinbutton", { name: `Quantity of ${title}` });
  await quantity.fill("99");
  await expect(quantity).toHaveValue(String(size.stock));
  await quantity.fill("1");
  await buy.getByRole("button", { name: `Increase quantity of ${title}` }).click();
  await expect(quantity).toHaveValue("2");
  await expect(total(page)).toContainText(`Total ${usd(2 * each)}`);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Add to cart" }).click();
  const drawer = page.getByRole("dialog", { name: "Your cart" });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole("link", { name: title })).toBeVisible();
  await expect(drawer.getByText(`${size.size} · live edge · ${base} base · Ceramic Coating`)).toBeVisible();
  await expect(drawer.getByRole("spinbutton", { name: `Quantity of ${title}` })).toHaveValue("2");
  await expect(drawer.getByText(usd(2 * each)).first()).toBeVisible();
  await expect(page.getByRole("link", { name: /Cart \(2\)/ })).toBeAttached();
  await drawer.getByRole("button", { name: "Close" }).click();
  await expect(drawer).toBeHidden();

  // Changing the first step starts the later ones again.
  await step(page, 1, "Species").getByRole("radio", { name: other.name }).check();
  await expect(page.getByRole("heading", { level: 1, name: `${other.name} Dining Table` })).toBeVisible();
  const otherSizes = step(page, 2, "Size").getByRole("radio");
  await expect(otherSizes).toHaveCount(other.metadata.length);
  for (const radio of await otherSizes.all()) await expect(radio).not.toBeChecked();
  await expectStepDisabled(step(page, 3, "Live edge"));
  await expectStepDisabled(step(page, 4, "Base colour"));
  await expectStepDisabled(step(page, 5, "Top finish"));
  for (const radio of await page.getByRole("radio", { checked: true }).all()) {
    await expect(radio).toHaveAccessibleName(new RegExp(`^${other.name}`));
  }
  await expect(page.getByRole("button", { name: "Add to cart" })).toBeDisabled();
  await expect(total(page)).toContainText("Starting Price from");
  await expect(page).toHaveURL(new RegExp(`species=${other.id}$`));
});

test("a shared link opens the builder with its configuration chosen", async ({ page, request }) => {
  const d = await divergenceData(request);
  const { species, size, base } = pick(d);
  const q = new URLSearchParams({
    species: String(species.id),
    size: String(size.id),
    edge: "no",
    base,
    top: "Natural Oil",
  });
  await open(page, `/divergence?${q}`);
  await expect(page.getByRole("heading", { level: 1, name: `${species.name} Dining Table` })).toBeVisible();
  await expect(step(page, 3, "Live edge").getByRole("radio", { name: /^No/ })).toBeChecked();
  await expect(step(page, 5, "Top finish").getByRole("radio", { name: /^Natural Oil/ })).toBeChecked();
  await expect(total(page)).toContainText(`Total ${usd(size.price)}`);
  await expect(page.getByRole("button", { name: "Add to cart" })).toBeEnabled();
});

test.describe("on a 390 px phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the builder works through to the cart, with the total and button in reach", async ({ page, request }) => {
    const d = await divergenceData(request);
    const { species, size, base } = pick(d);
    await open(page, "/divergence");
    const add = page.getByRole("button", { name: "Add to cart" });
    await expect(add).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await step(page, 1, "Species").getByRole("radio", { name: species.name }).check();
    await step(page, 2, "Size").getByRole("radio", { name: size.size }).check();
    await step(page, 3, "Live edge").getByRole("radio", { name: /^No/ }).check();
    await step(page, 4, "Base colour").getByRole("radio", { name: base }).check();
    await step(page, 5, "Top finish")
      .getByRole("radio", { name: /^Natural Oil/ })
      .check();
    await expect(total(page)).toContainText(`Total ${usd(size.price)}`);
    await expect(add).toBeInViewport();
    await expect(add).toBeEnabled();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await add.click();
    const drawer = page.getByRole("dialog", { name: "Your cart" });
    await expect(drawer.getByRole("link", { name: `${species.name} Dining Table` })).toBeVisible();
    await expect(drawer.getByText(`${size.size} · square edge · ${base} base · Natural Oil`)).toBeVisible();
  });
});

test("a configuration's shared link shows when it ships, and asks the studio for a quote on that table", async ({
  page,
  request,
}) => {
  const d = await divergenceData(request);
  const { species, size, base } = pick(d);
  const shared = `/divergence?${new URLSearchParams({ species: String(species.id), size: String(size.id), edge: "no", base, top: "Natural Oil" })}`;
  await page.goto(shared);
  // From stock it ships within its days: the last step says by when.
  await expect(page.locator(".buy__ships")).toHaveText(/^Ships by [A-Z][a-z]{2} \d{1,2}(, \d{4})?$/);
  await page.getByRole("link", { name: "Ask for a quote on this table" }).click();
  await expect(page).toHaveURL(/\/contact\?/);
  const form = page.getByRole("region", { name: "Enquiry form" });
  await expect(form.getByRole("combobox", { name: /Enquiry type/ })).toHaveValue("Dining Table");
  const interest = form.getByRole("textbox", { name: /What are you interested in/ });
  await expect(interest).toHaveValue(
    new RegExp(
      `^Quote on a Divergence table: ${species.name}, ${size.size}, square edge, ${base} base, Natural Oil \\(/divergence\\?`,
    ),
  );
});
