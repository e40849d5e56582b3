import { foldForSearch } from "../../domain/text.ts";

/** What search matches a product on: title first, then category and material. */
export const productSearchText = (p: { title: string; category: string; material: string | null; type?: string }) =>
  foldForSearch([p.title, p.category, p.material ?? ""].join(" "));

export const slabSearchText = (s: { title: string; category: string; species: string }) =>
  foldForSearch([s.title, s.category, s.species].join(" "));

export const baseSearchText = (b: { title: string; material: string }) =>
  foldForSearch([b.title, b.material].join(" "));
