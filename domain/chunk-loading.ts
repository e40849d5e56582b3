/**
 * How a script chunk that failed to load is tried again (docs/product.md §8, §9): a network blip or a
 * deploy under way should not cost the shopper the widget, and a dead connection is said so
 * after the spec's timeout rather than never.
 */

/** How long a chunk is retried before the page says 'Loading chunk failed'. */
export const CHUNK_TIMEOUT_MS = 120_000;

const FIRST_WAIT_MS = 1_000;
const LONGEST_WAIT_MS = 30_000;

/**
 * The wait before the next try after `failures` failed ones, `elapsedMs` after the first began:
 * doubling from 1 s up to 30 s, the last try at the timeout; null once the timeout has passed.
 */
export function nextChunkTry(elapsedMs: number, failures: number): number | null {
  if (elapsedMs >= CHUNK_TIMEOUT_MS) return null;
  const backoff = FIRST_WAIT_MS * 2 ** Math.max(0, failures - 1);
  return Math.min(backoff, LONGEST_WAIT_MS, CHUNK_TIMEOUT_MS - elapsedMs);
}
