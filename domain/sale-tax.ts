/**
 * The sales tax rule of an order the studio writes (docs/product.md, "Orders the studio writes"):
 * the studio's rule for the state it is delivered to, where one collected at the studio is
 * delivered in the studio's own state. The new-order form shows its figures by it, and the server
 * writes the order by it.
 */
import { type TaxRule, taxRuleFor } from "./tax.ts";

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
