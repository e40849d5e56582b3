/** The studio's sales tax settings as the new-order form needs them to show an order's tax before it is written. */
import type { AppLoadContext } from "react-router";
import type { TaxRule } from "../../../domain/tax.ts";
import { studioConfig } from "../../../server/db/schema.ts";

export type SaleTaxSettings = { rules: TaxRule[]; studio: { country: string; state: string } };

export async function saleTaxSettings(context: AppLoadContext): Promise<SaleTaxSettings> {
  const [s] = await context.deps.database.db
    .select({ rules: studioConfig.salesTax, state: studioConfig.state, country: studioConfig.country })
    .from(studioConfig);
  return { rules: s?.rules ?? [], studio: { country: s?.country ?? "US", state: s?.state ?? "" } };
}
