import type { HomePageData } from "../../domain/catalog-types.ts";
import { getDivergence, listProducts } from "../catalog/queries.ts";
import type { Db } from "../db/client.ts";
import { getAnnouncement, listCarousel, listTestimonials } from "./queries.ts";

/** Home data: the first n parent products, the Divergence table, carousel, announcement, testimonials. */
export async function getHomePage(db: Db, takeProducts: number): Promise<HomePageData> {
  const [products, divergence, carousel, announcement, testimonials] = await Promise.all([
    listProducts(db),
    getDivergence(db, 1),
    listCarousel(db),
    getAnnouncement(db),
    listTestimonials(db),
  ]);
  return {
    products: products.filter((p) => p.productId === null).slice(0, takeProducts),
    divergence,
    carousel,
    announcement,
    testimonials,
  };
}
