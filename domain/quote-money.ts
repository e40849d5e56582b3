/**
 * What a quote comes to for a delivery under a sales-tax rule (docs/product.md, "Quotes" and
 * "Sales tax"): its goods, their tax (a quote has no shipping: the studio arranges delivery), the
 * total, and what its acceptance charges now (its deposit percentage of the goods with its share of
 * the tax; the whole at 100 %) and later. The quote page shows it and the acceptance charges it
 * with this one function, in cents.
 */
import { depositCents } from "./deposit.ts";
import type { Cents } from "./money.ts";
import { type OrderTax, type TaxRule, taxOf } from "./tax.ts";

export type QuoteMoney = {
  goods: Cents;
  tax: OrderTax;
  total: Cents;
  /** Charged on acceptance, its tax included. */
  now: Cents;
  nowTax: Cents;
  /** Asked for when the pieces are ready, its tax included (0 when all is paid now). */
  balance: Cents;
};

/** A quote's deposit rule: its percentage of the whole, with no floor (100 asks for all of it). */
export const quoteDepositRule = (percent: number) => ({ percent, minimum: 0 });

/** The quote's figures for a delivery under `rule` (null: where the studio collects no tax). */
export function quoteMoney(goods: Cents, depositPercent: number, rule: TaxRule | null): QuoteMoney {
  const tax = taxOf(rule, goods, 0);
  const total = goods + tax.tax;
  const split = depositCents([{ cents: goods, madeToOrder: true }], 0, quoteDepositRule(depositPercent), tax);
  if (!split) return { goods, tax, total, now: total, nowTax: tax.tax, balance: 0 };
  return { goods, tax, total, now: split.now, nowTax: split.nowTax, balance: split.balance };
}
