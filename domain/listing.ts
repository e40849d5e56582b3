/** Listing rules for /shop, /slabs and /bases (docs/product.md §4 Listings, §5 Filter price, §9). */

export type SortOrder = "highToLow" | "lowToHigh";
export const SORT_ORDERS: readonly SortOrder[] = ["highToLow", "lowToHigh"];

export type PriceRange = { min: number; max: number };

/** Items revealed per "Show more" (docs/product.md §9). */
export const GROUP_SIZE = { products: 8, bases: 8, slabs: 6 } as const;

/** The default price bounds (docs/product.md §9): 0–1000 for the shop, bases up to 1,000,000. */
export const DEFAULT_BOUNDS = {
  shop: { min: 0, max: 1000 },
  slabs: { min: 0, max: 1000 },
  bases: { min: 0, max: 1_000_000 },
} as const satisfies Record<string, PriceRange>;

/**
 * The bounds a listing's price inputs use. The spec's upper bound is raised to the dearest item
 * (rounded up to a whole dollar) when one costs more: most of the studio's tables are well above
 * $1,000, and an untouched filter must never hide a piece.
 */
export function priceBounds(defaults: PriceRange, prices: readonly number[]): PriceRange {
  const dearest = prices.reduce((a, b) => Math.max(a, b), 0);
  return { min: defaults.min, max: Math.max(defaults.max, Math.ceil(dearest)) };
}

const parseAmount = (raw: string | null | undefined): number | null => {
  const text = raw?.trim().replace(/[$,\s]/g, "") ?? "";
  if (text === "") return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
};

/**
 * The price filter from raw input (docs/product.md §5): an empty or invalid min falls back to the lower
 * bound and max to the upper; min is clamped between the bounds; max is kept at least min and,
 * like min, never past the upper bound.
 */
export function clampPriceRange(
  rawMin: string | null | undefined,
  rawMax: string | null | undefined,
  bounds: PriceRange,
): PriceRange {
  const clamp = (n: number, lo: number, hi: number) => Math.min(Math.max(n, lo), hi);
  const min = clamp(parseAmount(rawMin) ?? bounds.min, bounds.min, bounds.max);
  const max = clamp(parseAmount(rawMax) ?? bounds.max, min, bounds.max);
  return { min, max };
}

/** Whether a range narrows the listing at all. */
export const isNarrowed = (range: PriceRange, bounds: PriceRange): boolean =>
  range.min > bounds.min || range.max < bounds.max;

/** Products have a price; slabs and bases a starting price. */
export type Priced = { salePrice: number | null } & ({ price: number } | { startingPrice: number });

/** The price a shopper pays: the sale price when there is one. */
export const effectivePrice = (item: Priced): number =>
  item.salePrice ?? ("price" in item ? item.price : item.startingPrice);

export const inPriceRange = (item: Priced, range: PriceRange): boolean => {
  const p = effectivePrice(item);
  return p >= range.min && p <= range.max;
};

/** Sorted by effective price; without an order the catalogue's own order stays. Never mutates. */
export function sortByPrice<T extends Priced>(items: readonly T[], order: SortOrder | null): T[] {
  if (!order) return [...items];
  const sign = order === "lowToHigh" ? 1 : -1;
  return [...items].sort((a, b) => sign * (effectivePrice(a) - effectivePrice(b)));
}

export type LengthClass = "wall-art" | "coffee-tables" | "dining-tables";

/** Slab length classes in inches (docs/product.md §9), with the words the filter shows. */
export const LENGTH_CLASSES: readonly { value: LengthClass; label: string }[] = [
  { value: "wall-art", label: "Wall art" },
  { value: "coffee-tables", label: "Coffee tables" },
  { value: "dining-tables", label: "Dining tables" },
];

export function slabLengthClass(lengthInches: number): LengthClass {
  if (lengthInches <= 36) return "wall-art";
  if (lengthInches <= 72) return "coffee-tables";
  return "dining-tables";
}

/**
 * The size groups of slabs, as the listing's Length filter words them: what a slab's `size`
 * holds, and what the back office's Size field offers.
 */
export const SLAB_SIZE_GROUPS: readonly string[] = LENGTH_CLASSES.map((c) => c.label);

/** The size group a slab of this length is listed in (its `size`). */
export const slabSizeGroup = (lengthInches: number): string =>
  LENGTH_CLASSES.find((c) => c.value === slabLengthClass(lengthInches))?.label ?? "";

/** The first `page` groups of `size` items, and what is left to show. */
export function visibleGroups<T>(items: readonly T[], size: number, page: number) {
  const groups = Math.max(1, Math.ceil(items.length / size));
  const shown = Math.min(Math.max(1, Math.floor(page) || 1), groups);
  return { items: items.slice(0, shown * size), total: items.length, page: shown, hasMore: shown < groups };
}

/** Distinct non-empty values in alphabetical order, for a filter's options. */
export const distinctValues = (values: readonly string[]): string[] =>
  [...new Set(values.filter((v) => v.trim() !== ""))].sort((a, b) => a.localeCompare(b));

/** The cheapest size of any species: the Divergence table's "Starting Price from". */
export function divergenceStartingPrice(data: {
  variantSpecies: readonly { metadata: readonly { price: number }[] }[];
}): number | null {
  const prices = data.variantSpecies.flatMap((s) => s.metadata.map((m) => m.price));
  return prices.length > 0 ? Math.min(...prices) : null;
}
