/**
 * Paying part now for pieces built to order (docs/product.md, "Deposit, then balance"). A line
 * is made to order when it is a Divergence table (always built to the buyer's choices) or a
 * piece the studio gave build weeks. With such lines the checkout offers a deposit: the studio's
 * percentage of those lines (at least its minimum, never all of them), plus everything else in
 * full (pieces from stock, shipping). The rest, the balance, is paid from the order's page once
 * the studio says the piece is ready. The same function prices it in the browser and on the server.
 */
import { type Cents, sumCents, toCents, toDollars } from "./money.ts";
import { percentOf } from "./money-shares.ts";
import { NO_TAX, type OrderTax, taxShare } from "./tax.ts";

/** The studio's rule: a percentage of the made-to-order lines (0 offers no deposit), with a floor in dollars. */
export type DepositRule = { percent: number; minimum: number };

export const NO_DEPOSITS: DepositRule = { percent: 0, minimum: 0 };

/** What a deposit checkout charges now, and what is left for later, in dollars (the wire's); each with its tax. */
export type DepositSplit = { now: number; balance: number; percent: number };

/**
 * The same in cents: `now + balance` is the order's total, tax included, exactly; `nowTax` and
 * `balanceTax` are the tax in each, summing to the order's tax.
 */
export type DepositCents = { now: Cents; balance: Cents; percent: number; nowTax: Cents; balanceTax: Cents };

/**
 * The deposit on an order, in cents: null when none is offered (no made-to-order line, deposits
 * off, or the minimum would already be the whole of those lines). The part paid now of the
 * made-to-order lines is the percentage (domain/money.ts percentOf, to the nearest cent) or the
 * minimum, whichever is more; the balance is the rest of those lines with their share of the
 * order's sales tax (domain/tax.ts taxShare), so now + balance = total with tax.
 */
export function depositCents(
  lines: { cents: Cents; madeToOrder: boolean }[],
  shipping: Cents,
  rule: DepositRule,
  tax: OrderTax = NO_TAX,
): DepositCents | null {
  if (!(rule.percent > 0 && rule.percent < 100)) return null;
  const built = sumCents(lines.map((l) => (l.madeToOrder ? l.cents : 0)));
  if (built <= 0) return null;
  const part = Math.min(built, Math.max(toCents(rule.minimum), percentOf(built, rule.percent)));
  if (part >= built) return null;
  const total = sumCents(lines.map((l) => l.cents)) + shipping + tax.tax;
  const balanceTax = taxShare(tax, built - part);
  const balance = built - part + balanceTax;
  return { now: total - balance, balance, percent: rule.percent, nowTax: tax.tax - balanceTax, balanceTax };
}

/**
 * `depositCents` for dollar figures (lines' totals and shipping as the database and the wire
 * carry them): worked out in cents, answered in dollars.
 */
export function depositOf(
  lines: { total: number; madeToOrder: boolean }[],
  shippingTotal: number,
  rule: DepositRule,
  tax: OrderTax = NO_TAX,
): DepositSplit | null {
  const split = depositCents(
    lines.map((l) => ({ cents: toCents(l.total), madeToOrder: l.madeToOrder })),
    toCents(shippingTotal),
    rule,
    tax,
  );
  return split && { now: toDollars(split.now), balance: toDollars(split.balance), percent: split.percent };
}

/** The choice the checkout posts: the whole order now, or the deposit. */
export const PAY_NOW = ["full", "deposit"] as const;
export type PayNow = (typeof PAY_NOW)[number];
