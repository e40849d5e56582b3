import type { SeedProduct } from "../types.ts";
import { furnitureProducts } from "./products-furniture.ts";
import { goodsProducts } from "./products-goods.ts";

/** The shop catalog in display order: large furniture first, then benches, desks and small goods. */
export const products: SeedProduct[] = [...furnitureProducts, ...goodsProducts];
