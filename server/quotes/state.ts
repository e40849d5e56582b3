/**
 * Where a quote stands (docs/product.md, "Quotes"): open until its last day and expired after
 * it, 'paying' while an acceptance's payment is being made, accepted once its order stands, or
 * withdrawn. Also the quote a link's token opens (only the token's hash is kept), and an
 * enquiry's quotes with their states for the back office.
 */
import { asc, eq } from "drizzle-orm";
import { STALE_AFTER_MS } from "../checkout/stale-orders.ts";
import type { Db } from "../db/client.ts";
import { orders, quotes } from "../db/schema.ts";
import { hashOf, TOKEN } from "../orders/links.ts";
import { type Quote, studioDay } from "./quote.ts";

/** Where a quote stands for its visitor. */
export type QuoteState = "open" | "expired" | "accepted" | "withdrawn" | "paying";

/**
 * A quote's state now: 'paying' while an acceptance's payment is being made, 'accepted' once its
 * order stands (also when the process that charged it stopped before saying so).
 */
export async function quoteState(db: Db, q: Quote, day?: string): Promise<QuoteState> {
  if (q.status === "accepted" || q.status === "withdrawn") return q.status;
  if (q.status === "paying" && q.orderRef) {
    const [o] = await db.select({ status: orders.status }).from(orders).where(eq(orders.orderRef, q.orderRef));
    if (o && o.status !== "pending") return "accepted";
    if (o || (q.claimedAt && q.claimedAt.getTime() > Date.now() - STALE_AFTER_MS)) return "paying";
  }
  return q.validUntil < (day ?? (await studioDay(db))) ? "expired" : "open";
}

/** The quote a token opens; null for a wrong or malformed one. */
export async function findQuoteByToken(db: Db, token: string): Promise<Quote | null> {
  if (!TOKEN.test(token)) return null;
  const [q] = await db
    .select()
    .from(quotes)
    .where(eq(quotes.tokenHash, hashOf(token)));
  return q ?? null;
}

/** An enquiry's quotes, oldest first, each with its state. */
export async function listQuotes(db: Db, enquiryId: number) {
  const rows = await db.select().from(quotes).where(eq(quotes.enquiryId, enquiryId)).orderBy(asc(quotes.id));
  const day = await studioDay(db);
  return Promise.all(rows.map(async (q) => ({ ...q, state: await quoteState(db, q, day) })));
}
