/**
 * The quote as the checkout's payment takes it (server/checkout/payment.ts): its lines priced as
 * the studio wrote them (made to order, from no stock, delivered by the studio), and the quote as
 * the order's `CartSource`. It is claimed for one order before the card is charged, so two pages
 * cannot both accept it and an expired or withdrawn quote cannot be paid; a refused payment gives
 * the claim up, and the quote is marked accepted once its order stands.
 */
import { and, eq, lt, or, sql } from "drizzle-orm";
import { sumCents, toCents } from "../../domain/money.ts";
import { quoteDepositRule } from "../../domain/quote-money.ts";
import type { CartSource } from "../checkout/payment.ts";
import type { PricedCart, PricedLine } from "../checkout/pricing.ts";
import { STALE_AFTER_MS } from "../checkout/stale-orders.ts";
import type { Db } from "../db/client.ts";
import { orders, quotes } from "../db/schema.ts";
import { ApiError } from "../http/errors.ts";
import { lineCents, type Quote, quoteLeadTime, studioDay } from "./quote.ts";
import { type QuoteState, quoteState } from "./state.ts";

/** The quote's lines as the payment path prices them: the studio's prices, from no stock, delivered by the studio. */
export async function pricedQuote(db: Db, q: Quote): Promise<PricedCart> {
  const { window: built, taxRules } = await quoteLeadTime(db, q);
  const lines: PricedLine[] = q.lines.map((l, i) => ({
    kind: "quote",
    itemId: i + 1,
    title: l.title,
    unitPrice: toCents(l.price),
    quantity: l.quantity,
    total: lineCents(l),
    customShipping: true,
    madeToOrder: true,
    stockRef: null,
    details: { quoteId: q.id, description: l.description },
    picture: null,
    shipWindows: { inStock: null, built },
    parcels: [],
  }));
  return {
    lines,
    subtotal: sumCents(q.lines.map(lineCents)),
    parcels: [],
    specialized: lines.map((l) => ({ id: l.itemId, title: l.title })),
    cartKey: `quote:${q.id}`,
    depositRule: quoteDepositRule(q.depositPercent),
    taxRules,
  };
}

/** The quote as the order's source: claimed for one order at a time, and only while it holds. */
export function quoteSource(db: Db, q: Quote, cart: PricedCart): CartSource {
  return {
    price: async () => cart,
    async claim(ref) {
      // Open, or left 'paying' long ago by an order that is gone (its process stopped mid-way;
      // a payment that is refused gives its claim up at once).
      const claimed = await db
        .update(quotes)
        .set({ status: "paying", orderRef: ref, claimedAt: new Date() })
        .where(
          and(
            eq(quotes.id, q.id),
            sql`${quotes.validUntil} >= ${await studioDay(db)}`,
            or(
              eq(quotes.status, "sent"),
              and(
                eq(quotes.status, "paying"),
                lt(quotes.claimedAt, new Date(Date.now() - STALE_AFTER_MS)),
                sql`not exists (select 1 from ${orders} where ${orders.orderRef} = ${quotes.orderRef})`,
              ),
            ),
          ),
        )
        .returning({ id: quotes.id });
      if (claimed.length > 0) return;
      const [now] = await db.select().from(quotes).where(eq(quotes.id, q.id));
      const state = now ? await quoteState(db, now) : "withdrawn";
      throw new ApiError(409, "quote_closed", QUOTE_REFUSALS[state], "quote");
    },
    async release(ref) {
      await db
        .update(quotes)
        .set({ status: "sent", orderRef: null })
        .where(and(eq(quotes.id, q.id), eq(quotes.orderRef, ref), eq(quotes.status, "paying")));
    },
    async accepted(ref) {
      await db
        .update(quotes)
        .set({ status: "accepted", acceptedAt: new Date() })
        .where(and(eq(quotes.id, q.id), eq(quotes.orderRef, ref)));
    },
  };
}

/** Why a quote cannot be paid now, by its state. */
export const QUOTE_REFUSALS: Record<QuoteState, string> = {
  open: "This quote is being accepted in another window: wait a moment and reload the page.",
  paying: "This quote is being accepted in another window: wait a moment and reload the page.",
  expired: "This quote has expired: write to us for a new one.",
  accepted: "This quote has already been accepted.",
  withdrawn: "This quote was withdrawn: write to us about it.",
};
