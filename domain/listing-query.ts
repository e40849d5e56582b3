import {
  clampPriceRange,
  distinctValues,
  effectivePrice,
  inPriceRange,
  isNarrowed,
  type Priced,
  type PriceRange,
  priceBounds,
  SORT_ORDERS,
  type SortOrder,
  slabLengthClass,
  sortByPrice,
  visibleGroups,
} from "./listing.ts";

/** How a listing filters: each facet reads one value from an item and is matched exactly. */
export type Facets<T, K extends string> = Record<K, (item: T) => string>;

/** A listing's applied state, as carried in the URL (?category=&min=&max=&sort=&page=). */
export type ListingQuery<K extends string> = {
  choices: Record<K, string | null>;
  price: PriceRange;
  sort: SortOrder | null;
  page: number;
};

export const SHOP_FACETS = { category: (p: { category: string }) => p.category } satisfies Facets<
  { category: string },
  "category"
>;

type SlabFacetItem = { category: string; species: string; tone: string; origin: string; length: number };
export const SLAB_FACETS = {
  category: (s: SlabFacetItem) => s.category,
  species: (s: SlabFacetItem) => s.species,
  tone: (s: SlabFacetItem) => s.tone,
  origin: (s: SlabFacetItem) => s.origin,
  length: (s: SlabFacetItem) => slabLengthClass(s.length),
} satisfies Facets<SlabFacetItem, string>;

export const BASE_FACETS = { material: (b: { material: string }) => b.material } satisfies Facets<
  { material: string },
  "material"
>;

/**
 * Reads a listing's query from URL or form values. A choice outside `options` (a stale or
 * hand-edited link) is dropped, so the panel and the results always agree.
 */
export function parseListingQuery<K extends string>(
  params: URLSearchParams,
  options: Record<K, readonly string[]>,
  bounds: PriceRange,
): ListingQuery<K> {
  const choices = {} as Record<K, string | null>;
  for (const key of Object.keys(options) as K[]) {
    const value = params.get(key);
    choices[key] = value !== null && options[key].includes(value) ? value : null;
  }
  const sort = params.get("sort");
  const page = Number.parseInt(params.get("page") ?? "", 10);
  return {
    choices,
    price: clampPriceRange(params.get("min"), params.get("max"), bounds),
    sort: SORT_ORDERS.find((o) => o === sort) ?? null,
    page: Number.isFinite(page) && page > 0 ? page : 1,
  };
}

/** The canonical search string of a query: defaults left out, page 1 implied. */
export function listingSearch<K extends string>(query: ListingQuery<K>, bounds: PriceRange): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query.choices) as [K, string | null][]) {
    if (value) params.set(key, value);
  }
  if (query.price.min > bounds.min) params.set("min", String(query.price.min));
  if (query.price.max < bounds.max) params.set("max", String(query.price.max));
  if (query.sort) params.set("sort", query.sort);
  if (query.page > 1) params.set("page", String(query.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** How many filters narrow the listing (sort and page do not). */
export function activeFilterCount<K extends string>(query: ListingQuery<K>, bounds: PriceRange): number {
  const chosen = Object.values<string | null>(query.choices).filter(Boolean).length;
  return chosen + (isNarrowed(query.price, bounds) ? 1 : 0);
}

/** The items a query shows, in its order: every chosen facet matches and the price is in range. */
export function applyListingQuery<T extends Priced, K extends string>(
  items: readonly T[],
  facets: Facets<T, K>,
  query: ListingQuery<K>,
): T[] {
  const chosen = (Object.entries(query.choices) as [K, string | null][]).filter(
    (entry): entry is [K, string] => entry[1] !== null,
  );
  const kept = items.filter(
    (item) => chosen.every(([key, value]) => facets[key](item) === value) && inPriceRange(item, query.price),
  );
  return sortByPrice(kept, query.sort);
}

/**
 * One listing page from the whole catalogue and the URL: the bounds (widened to the dearest item),
 * each facet's options, the applied query, and the first `query.page` groups of what matches.
 */
export function listingPage<T extends Priced, K extends string>(input: {
  items: readonly T[];
  facets: Facets<T, K>;
  params: URLSearchParams;
  defaults: PriceRange;
  groupSize: number;
}) {
  const { items, facets, params, defaults, groupSize } = input;
  const bounds = priceBounds(defaults, items.map(effectivePrice));
  const options = {} as Record<K, string[]>;
  for (const key of Object.keys(facets) as K[]) options[key] = distinctValues(items.map(facets[key]));
  const query = parseListingQuery(params, options, bounds);
  const shown = visibleGroups(applyListingQuery(items, facets, query), groupSize, query.page);
  return { ...shown, query: { ...query, page: shown.page }, bounds, options };
}
