/**
 * What every part of a quote's life shares (docs/product.md, "Quotes"): the quote's row, what
 * its lines come to before and after sales tax, a state's name as a sentence says it, today in
 * the studio's time zone, and the lead time a quote is built in. From an enquiry the studio
 * writes what it will make (write.ts, its form read in form.ts), the visitor is mailed a link to
 * it, and accepts it there by paying what it asks now (accept.ts, through the checkout's payment
 * with the quote as its source, cart-source.ts); where it stands is state.ts's.
 */
import { type LeadTime, shipWindow, studioToday } from "../../domain/lead-time.ts";
import { type Cents, sumCents, toCents } from "../../domain/money.ts";
import { type QuoteMoney, quoteMoney } from "../../domain/quote-money.ts";
import { US_STATES } from "../../domain/regions.ts";
import type { TaxRule } from "../../domain/tax.ts";
import type { Db } from "../db/client.ts";
import { type QuoteLine, type quotes, studioConfig } from "../db/schema.ts";

export type Quote = typeof quotes.$inferSelect;

/** A quote line's price times its quantity, in cents. */
export const lineCents = (l: Pick<QuoteLine, "price" | "quantity">): Cents => toCents(l.price) * l.quantity;

/** The quote's goods, in cents: its lines' prices times their quantities. */
export const quoteGoods = (q: Pick<Quote, "lines">): Cents => sumCents(q.lines.map(lineCents));

/** What the quote comes to for a delivery under `rule` (none: no sales tax), and what its acceptance charges now. */
export const quoteFigures = (q: Pick<Quote, "lines" | "depositPercent">, rule: TaxRule | null): QuoteMoney =>
  quoteMoney(quoteGoods(q), q.depositPercent, rule);

/** A state's name as a sentence says it ("Pennsylvania"), from its postal code. */
export const stateName = (code: string): string => US_STATES.find((s) => s.code === code)?.name ?? code;

/** Today in the studio's own time zone (domain/lead-time.ts). */
export async function studioDay(db: Db): Promise<string> {
  const [studio] = await db.select({ timeZone: studioConfig.timeZone }).from(studioConfig);
  return studioToday(new Date(), studio?.timeZone);
}

/**
 * A quote's lead time (built in its weeks, never from stock) and the window it would ship in if
 * accepted today, after the studio's backlog: for its page and for its order.
 */
export async function quoteLeadTime(db: Db, q: Pick<Quote, "buildWeeksMin" | "buildWeeksMax">) {
  const [studio] = await db
    .select({
      backlogWeeks: studioConfig.backlogWeeks,
      timeZone: studioConfig.timeZone,
      salesTax: studioConfig.salesTax,
    })
    .from(studioConfig);
  const lead: LeadTime = { days: 0, weeks: [q.buildWeeksMin, q.buildWeeksMax] };
  const today = studioToday(new Date(), studio?.timeZone);
  return {
    lead,
    window: shipWindow(lead, false, studio?.backlogWeeks ?? 0, today),
    taxRules: studio?.salesTax ?? [],
  };
}
