/**
 * Paying part now for pieces built to order (docs/product.md, "Deposit, then balance"). A line
 * is made to order when it is a Divergence table (always built to the buyer's choices) or a
 * piece the studio gave build weeks. With such lines the checkout offers a deposit: the studio's
 * percentage of those lines (at least its minimum, never all of them), plus everything else in
 * full (pieces from stock, shipping). The rest, the balance, is paid from the order's page once
 * the studio says the piece is ready. The same function prices it in the browser and on the server.
 */
import { roundCents } from "./cart.ts";

/** The studio's rule: a percentage of the made-to-order lines (0 offers no deposit), with a floor in dollars. */
export type DepositRule = { percent: number; minimum: number };

export const NO_DEPOSITS: DepositRule = { percent: 0, minimum: 0 };

/** What a deposit checkout charges now, and what is left for later. */
export type DepositSplit = { now: number; balance: number; percent: number };

/**
 * The deposit on an order: null when none is offered (no made-to-order line, deposits off, or
 * the minimum would already be the whole of those lines).
 */
export function depositOf(
  lines: { total: number; madeToOrder: boolean }[],
  shippingTotal: number,
  rule: DepositRule,
): DepositSplit | null {
  if (!(rule.percent > 0 && rule.percent < 100)) return null;
  const built = roundCents(lines.reduce((s, l) => s + (l.madeToOrder ? l.total : 0), 0));
  if (built <= 0) return null;
  const part = Math.min(built, Math.max(rule.minimum, roundCents((built * rule.percent) / 100)));
  if (part >= built) return null;
  const total = roundCents(lines.reduce((s, l) => s + l.total, 0) + shippingTotal);
  const balance = roundCents(built - part);
  return { now: roundCents(total - balance), balance, percent: rule.percent };
}

/** The choice the checkout posts: the whole order now, or the deposit. */
export const PAY_NOW = ["full", "deposit"] as const;
export type PayNow = (typeof PAY_NOW)[number];
