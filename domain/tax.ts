/**
 * Sales tax (docs/product.md, "Sales tax"). The studio lists the states where it collects, each
 * with its rate and whether delivery is taxed with the goods; an order delivered to one of them
 * (collected at the studio counts as delivered in the studio's state) pays that state's rate on
 * its goods, and on its shipping when the rule says so. A buyer anywhere else pays none. Prices
 * are shown before tax; tax is its own line. The same functions work it out in the browser (for
 * display) and on the server (what is charged), in whole cents.
 */
import type { Cents } from "./money.ts";
import { allocate, percentOf } from "./money-shares.ts";
import { US_STATES } from "./regions.ts";

/** Where the studio collects: a US state's postal code, its rate in percent, and whether delivery is taxed. */
export type TaxRule = { state: string; rate: number; delivery: boolean };

/** The highest rate the back office takes, in percent (no US state's sales tax comes near it). */
export const MAX_TAX_RATE = 20;

/** A rate a person may set: above 0, at most MAX_TAX_RATE, at most three decimals (6.625). */
export const isTaxRate = (rate: number): boolean =>
  Number.isFinite(rate) && rate > 0 && rate <= MAX_TAX_RATE && Math.round(rate * 1000) === rate * 1000;

const byName = new Map(US_STATES.map((s) => [s.name.toUpperCase(), s.code]));
const codes = new Set(US_STATES.map((s) => s.code));

/** A US state as its postal code, from the code or the name as typed ("pa", "Pennsylvania"); null when it is neither. */
export function stateCode(region: string): string | null {
  const folded = region.trim().replace(/\s+/g, " ").toUpperCase();
  if (codes.has(folded)) return folded;
  return byName.get(folded) ?? null;
}

/** The rule for a delivery to this country and region, or null when the studio collects none there. */
export function taxRuleFor(rules: readonly TaxRule[], to: { country: string; region: string }): TaxRule | null {
  const country = to.country.trim().toUpperCase();
  if (country !== "US" && country !== "USA") return null;
  const code = stateCode(to.region);
  return (code && rules.find((r) => r.state === code)) || null;
}

/** An order's tax: the rule it was worked out by, what it was worked out on, and the tax. */
export type OrderTax = { rule: TaxRule | null; base: Cents; tax: Cents };

export const NO_TAX: OrderTax = { rule: null, base: 0, tax: 0 };

/** The tax on goods and delivery under a rule (none without one), to the nearest cent of the whole. */
export function taxOf(rule: TaxRule | null, goods: Cents, delivery: Cents): OrderTax {
  if (!rule) return NO_TAX;
  const base = goods + (rule.delivery ? delivery : 0);
  return { rule, base, tax: percentOf(base, rule.rate) };
}

/** The tax on a charge the studio adds after checkout (a delivery): only under a rule that taxes delivery. */
export const chargeTaxOf = (rule: TaxRule | null, amount: Cents): Cents =>
  rule?.delivery ? percentOf(amount, rule.rate) : 0;

/**
 * The part of an order's tax that goes with `part` of what it was worked out on (a deposit's
 * balance): exact to the cent, the two parts summing to the whole tax.
 */
export function taxShare(tax: OrderTax, part: Cents): Cents {
  if (tax.tax === 0 || tax.base <= 0) return 0;
  const clamped = Math.max(0, Math.min(part, tax.base));
  return allocate(tax.tax, [tax.base - clamped, clamped])[1]!;
}

/** The rule as a line's label says it: "Sales tax (PA 6%)". */
export const taxLabel = (rule: TaxRule | null): string =>
  rule ? `Sales tax (${rule.state} ${rule.rate}%)` : "Sales tax";

/** A rule as the back office writes it in a sentence: "PA at 6%, delivery included". */
export const taxRuleWords = (rule: TaxRule): string =>
  `${rule.state} at ${rule.rate}%, ${rule.delivery ? "delivery included" : "goods only"}`;

/** An order's tax as it was stored (its rule and amount), with the base it was worked out on. */
export const storedTax = (rule: TaxRule | null, tax: Cents, goods: Cents, delivery: Cents): OrderTax =>
  rule ? { rule, base: goods + (rule.delivery ? delivery : 0), tax } : NO_TAX;

/**
 * The rule of an order the studio writes (docs/product.md, "Orders the studio writes"): the
 * studio's for the state it is delivered to; one collected at the studio is delivered in the
 * studio's own state. The new-order form shows its figures by it, and the server writes the order by it.
 */
export function saleTaxRule(
  rules: readonly TaxRule[],
  sale: { delivery: string; address: { country: string; region: string } },
  studio: { country: string; state: string },
): TaxRule | null {
  return taxRuleFor(
    rules,
    sale.delivery === "collect" ? { country: studio.country, region: studio.state } : sale.address,
  );
}
