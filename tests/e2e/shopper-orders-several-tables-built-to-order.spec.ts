import { type Divergence, seedCart, tableCartLine } from "./support/checkout.ts";
import { expect, open, test } from "./support/fixtures.ts";

// A Divergence size without stock is built to order, with no cap of its own
// (docs/decisions/005): the cart's "+" takes it past one, as the configurator does.

test.use({ viewport: { width: 390, height: 844 } });

test("a table of a size built to order is stepped past one in the cart", async ({ page, request }) => {
  const d = (await (await request.get("/api/divergence/GetDivergenceVariants/1")).json()) as Divergence;
  const found = d.variantSpecies
    .filter((s) => s.speciesFinishes.length > 0)
    .flatMap((s) => s.metadata.map((m) => ({ s, m })))
    .find(({ m }) => m.stock <= 0);
  test.skip(!found, "the demo has no Divergence size without stock");
  const line = tableCartLine(d, found!.s, found!.m);
  const title = line.product.title;
  await seedCart(page, request, [line]);
  await open(page, "/cart");
  const more = page.getByRole("button", { name: `Increase quantity of ${title}` });
  await expect(more).toBeEnabled();
  await more.click();
  await more.click();
  await expect(page.getByRole("spinbutton", { name: `Quantity of ${title}` })).toHaveValue("3");
});
