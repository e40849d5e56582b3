/** Cart products for unit tests: a stock item and a configured Divergence table. */
import type { DivergenceCartProduct, StockCartProduct } from "../cart.ts";

export const item = (id: number, extra: Partial<StockCartProduct> = {}): StockCartProduct => ({
  id,
  title: `Item ${id}`,
  price: 100,
  stock: 3,
  images: [],
  ...extra,
});

export const table = (extra: Partial<DivergenceCartProduct> = {}): DivergenceCartProduct => ({
  id: 1,
  title: "Black Walnut Dining Table",
  species: "Black Walnut",
  size: `84" x 42"`,
  sizeId: 2,
  liveEdge: "Yes",
  baseFinish: "Matte Black",
  topFinish: "Natural Oil",
  price: 10650,
  pricingBreakdown: { basePrice: 9800, liveEdgePrice: 850, ceramicCoatingPrice: 0, totalPrice: 10650 },
  stock: 4,
  images: [],
  type: "Divergence",
  customShipping: true,
  ...extra,
});
