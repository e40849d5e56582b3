/** The look book (docs/product.md §9): 182 pages at 8.5:11, a 1 s flip, a book between 300 and 1920 px wide. */
export const LOOK_BOOK = {
  pages: 182,
  flipMs: 1000,
  minWidth: 300,
  maxWidth: 1920,
  /** Page width over height. */
  ratio: 8.5 / 11,
  /** At this width or less a scrolling gallery replaces the flip book. */
  galleryMaxWidth: 768,
} as const;

/** page-001.jpg … page-182.jpg */
export const lookBookFile = (page: number): string => `page-${String(page).padStart(3, "0")}.jpg`;

/** A two-page opening; null where the book has no page on that side (covers). */
export type Spread = { left: number | null; right: number | null };

/** Openings: the cover alone on the right, then 2–3, 4–5 …; an even last page sits alone on the left. */
export const spreadCount = (pages: number): number => (pages < 1 ? 0 : Math.floor(pages / 2) + 1);

export function spreadPages(spread: number, pages: number): Spread {
  if (spread <= 0) return { left: null, right: pages >= 1 ? 1 : null };
  const left = 2 * spread;
  const right = left + 1;
  return { left: left <= pages ? left : null, right: right <= pages ? right : null };
}

/** The opening that shows a page. */
export const spreadOfPage = (page: number, pages: number): number =>
  Math.min(Math.max(Math.floor(page / 2), 0), spreadCount(pages) - 1);

/** Page numbers within `radius` of `center`, clamped to the book: the only pages worth mounting. */
export function pageWindow(center: number, radius: number, pages: number): number[] {
  const from = Math.max(1, center - radius);
  const to = Math.min(pages, center + radius);
  const out: number[] = [];
  for (let p = from; p <= to; p++) out.push(p);
  return out;
}
