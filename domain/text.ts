/** Lowercases, strips accents and collapses whitespace: the form search matches on. */
export function foldForSearch(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

/** URL slug: lowercase letters, digits and hyphens only, hyphens collapsed and trimmed (docs/product.md §5). */
export function slugify(text: string): string {
  return foldForSearch(text)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
}

/** Phone strings keep their digits only (docs/product.md §5). */
export function phoneDigits(text: string): string {
  return text.replace(/\D/g, "");
}
