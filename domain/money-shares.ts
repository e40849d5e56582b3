/**
 * Shares of an amount in whole cents (domain/money.ts): a percentage of it, to the nearest cent,
 * and an amount split in proportion with every cent accounted for. Apart from money.ts, which
 * every page loads, so that only the pages that work out deposits, sales tax and refunds load them.
 */
import { type Cents, sumCents } from "./money.ts";

/** `percent` % of an amount, to the nearest cent (half a cent away from zero). */
export function percentOf(cents: Cents, percent: number): Cents {
  // Percentages are typed with at most four decimals: scaled to an integer, the product is exact.
  const scaled = BigInt(Math.round(percent * 10_000));
  const product = BigInt(cents) * scaled;
  const abs = product < 0n ? -product : product;
  const rounded = Number((abs + 500_000n) / 1_000_000n);
  return product < 0n ? -rounded : rounded;
}

/**
 * Splits `total` into parts in proportion to `weights` (each ≥ 0), whole cents summing to
 * `total` exactly: each part gets its share rounded down, and the cents left over go to the
 * largest remainders (the first on a tie). A weight of 0 gets 0; all weights 0 split nothing.
 */
export function allocate(total: Cents, weights: readonly Cents[]): Cents[] {
  const sum = BigInt(sumCents(weights));
  if (sum === 0n) return weights.map(() => 0);
  const abs = BigInt(Math.abs(total));
  const shares = weights.map((w, i) => {
    const exact = abs * BigInt(w);
    return { i, floor: Number(exact / sum), rest: exact % sum };
  });
  let left = Math.abs(total) - sumCents(shares.map((s) => s.floor));
  const parts = shares.map((s) => s.floor);
  const byRest = shares
    .filter((s) => weights[s.i]! > 0)
    .sort((a, b) => (b.rest > a.rest ? 1 : b.rest < a.rest ? -1 : a.i - b.i));
  for (const { i } of byRest) {
    if (left <= 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return total < 0 ? parts.map((p) => -p || 0) : parts;
}
