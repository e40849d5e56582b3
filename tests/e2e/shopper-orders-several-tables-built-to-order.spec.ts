import { seedCart } from "./support/checkout.ts";
import { expect, open, test } from "./support/fixtures.ts";

// A Divergence size without stock is built to order, with no cap of its own
// (docs/decisions/005): the cart's "+" takes it past one, as the configurator does.

type Variants = {
  divergenceMetadata: { divergenceId: number; liveEdgePrice: number };
  variantSpecies: {
    name: string;
    speciesFinishes: { name: string; images: { fileName: string }[] }[];
    metadata: { id: number; size: string; price: number; stock: number }[];
  }[];
};

test.use({ viewport: { width: 390, height: 844 } });

test("a table of a size built to order is stepped past one in the cart", async ({ page, request }) => {
  const d = (await (await request.get("/api/divergence/GetDivergenceVariants/1")).json()) as Variants;
  const found = d.variantSpecies
    .filter((s) => s.speciesFinishes.length > 0)
    .flatMap((s) => s.metadata.map((m) => ({ s, m })))
    .find(({ m }) => m.stock <= 0);
  test.skip(!found, "the demo has no Divergence size without stock");
  const { s, m } = found!;
  const price = m.price + d.divergenceMetadata.liveEdgePrice;
  const title = `${s.name} Dining Table`;
  await seedCart(page, request, [
    {
      product: {
        id: d.divergenceMetadata.divergenceId,
        title,
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
    },
  ]);
  await open(page, "/cart");
  const more = page.getByRole("button", { name: `Increase quantity of ${title}` });
  await expect(more).toBeEnabled();
  await more.click();
  await more.click();
  await expect(page.getByRole("spinbutton", { name: `Quantity of ${title}` })).toHaveValue("3");
});
