import { type StockCartProduct, toStockCartProduct } from "../../../domain/cart.ts";
import type { DivergenceData } from "../../../domain/catalog-types.ts";
import { withFullNames } from "../../../domain/product-names.ts";
import { pageData } from "../../lib/page-data.server.ts";

export type FreshCartData = { products: StockCartProduct[]; divergence: DivergenceData | null };

/**
 * What stored cart lines are matched against when the cart or checkout page loads: every
 * product and variant with its current price and stock, and the Divergence sizes and prices
 * (without their imagery).
 */
export async function freshCartData(context: Parameters<typeof pageData>[0]): Promise<FreshCartData> {
  const page = pageData(context);
  const [products, divergence] = await Promise.all([page.products(), page.divergence()]);
  return {
    // Variants are named after their parents, as the cart shows and sends them.
    products: withFullNames(products).map(toStockCartProduct),
    divergence: divergence && {
      divergenceMetadata: { ...divergence.divergenceMetadata, description: "", specification: "" },
      generalImagery: [],
      variantSpecies: divergence.variantSpecies.map((s) => ({
        ...s,
        speciesGeneralImagery: [],
        speciesFinishes: [],
      })),
    },
  };
}
