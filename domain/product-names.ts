/**
 * What a product or variant is called, and where it lives (docs/decisions/005).
 *
 * A variant keeps its parent's name wherever it is shown or sent (cart, drawers, checkout,
 * order, mails, wish list, enquiry text): "Conestoga Live Edge Dining Table — 96" x 42"", never
 * '96" x 42"' alone. The product row of type Divergence is the configurator's entry in listings:
 * every link to it opens /divergence.
 */

type Named = { id: number; title: string; productId?: number | null };

/** "{parent} — {variant}". */
export const variantName = (parentTitle: string, variantTitle: string): string => `${parentTitle} — ${variantTitle}`;

/** The name a product goes by: its title, or for a variant its parent's title with its own. */
export function fullName(p: Named, parentTitle: (parentId: number) => string | undefined): string {
  if (!p.productId || p.productId === p.id) return p.title;
  const parent = parentTitle(p.productId);
  return parent && !p.title.startsWith(`${parent} — `) ? variantName(parent, p.title) : p.title;
}

/** Every product of a list with its full name as its title (variants named after their parents in the list). */
export function withFullNames<T extends Named>(list: T[]): T[] {
  const titles = new Map(list.map((p) => [p.id, p.title]));
  return list.map((p) => {
    const title = fullName(p, (id) => titles.get(id));
    return title === p.title ? p : { ...p, title };
  });
}

/** The Divergence product row: configured at /divergence, never bought as a plain product. */
export const isDivergenceEntry = (p: { type?: string | null }): boolean => p.type === "Divergence";

const titled = (path: string, title: string) => `${path}?title=${encodeURIComponent(title)}`;

/** Where a product, variant or the Divergence entry opens (docs/product.md §2: listings append ?title=). */
export function productPath(p: Named & { type?: string | null }): string {
  if (isDivergenceEntry(p)) return "/divergence";
  if (p.productId && p.productId !== p.id) return titled(`/products/${p.productId}/${p.id}`, p.title);
  return titled(`/products/${p.id}`, p.title);
}
