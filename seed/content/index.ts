import type { SeedContent } from "../types.ts";
import { bases } from "./bases.ts";
import { divergence } from "./divergence.ts";
import { faqs } from "./faqs.ts";
import { finishes } from "./finishes.ts";
import { announcement, carousel } from "./home.ts";
import { campaigns, mediaPosts } from "./media.ts";
import { employees, testimonials } from "./people.ts";
import { products } from "./products.ts";
import { projects } from "./projects.ts";
import { slabs } from "./slabs.ts";
import { studio } from "./studio.ts";

/** Everything the seeder stores for the studio, and every image the generator draws. */
export const content: SeedContent = {
  studio,
  products,
  slabs,
  bases,
  finishes,
  projects,
  testimonials,
  employees,
  faqs,
  mediaPosts,
  campaigns,
  carousel,
  announcement,
  divergence,
};
