/**
 * The stored cart matched to today's prices and stock (docs/product.md §4), on the pages that load them
 * (the cart and the checkout). Apart from the cart's rules (cart.ts), which every page carries,
 * since it prices Divergence tables with the configurator's function.
 */

import {
  type CartLine,
  type CartProduct,
  capQuantity,
  type DivergenceCartProduct,
  isDivergenceProduct,
  lineTotal,
  type StockCartProduct,
} from "./cart.ts";
import type { DivergenceData } from "./catalog-types.ts";
import { divergencePrice } from "./divergence-builder.ts";

/**
 * Matches stored lines to fresh data (docs/product.md §4, on a full data load): a stock line to the product
 * with its id (variants are listed too, each naming its parent; pass them through
 * `toStockCartProduct`), priced and stocked afresh; a
 * Divergence line to its species and size, priced again with the configurator's function.
 * Lines that match nothing are dropped.
 */
export function rematchCart(
  lines: CartLine[],
  fresh: { products: StockCartProduct[]; divergence: DivergenceData | null },
): CartLine[] {
  const byId = new Map(fresh.products.map((p) => [p.id, p]));
  const out: CartLine[] = [];
  for (const line of lines) {
    const p = line.product;
    if (isDivergenceProduct(p)) {
      const d = fresh.divergence;
      const species = d?.variantSpecies.find((s) => s.name === p.species);
      const size = species?.metadata.find((m) => (p.sizeId !== undefined ? m.id === p.sizeId : m.size === p.size));
      if (!d || !species || !size) continue;
      const breakdown = divergencePrice(d.divergenceMetadata, size, p.liveEdge, p.topFinish);
      const product: DivergenceCartProduct = {
        ...p,
        id: d.divergenceMetadata.divergenceId,
        size: size.size,
        sizeId: size.id,
        price: breakdown.totalPrice,
        pricingBreakdown: breakdown,
        stock: size.stock,
        leadTime: size.leadTime,
      };
      out.push(refreshed(product, line.quantity));
      continue;
    }
    const match = byId.get(p.id);
    if (match) out.push(refreshed(match, line.quantity));
  }
  return out;
}

/** A line on fresh data; an out-of-stock line keeps its quantity, so the shopper sees what they chose. */
function refreshed(product: CartProduct, quantity: number): CartLine {
  const q = (product.stock ?? 1) > 0 ? capQuantity(product, quantity) : Math.max(0, Math.floor(quantity));
  return { product, quantity: q, total: lineTotal(product, q) };
}
