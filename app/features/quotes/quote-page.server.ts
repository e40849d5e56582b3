/** The quote page's loader and action (routes/quote-page.tsx): a quote a link's token opens, and its acceptance. */
import { type AppLoadContext, data } from "react-router";
import { leadTimeText, shipDatesText } from "../../../domain/lead-time.ts";
import { type Cents, toCents } from "../../../domain/money.ts";
import { paymentDepsOf } from "../../../server/checkout/routes.ts";
import { ApiError } from "../../../server/http/errors.ts";
import { newPaymentKey } from "../../../server/orders/balance.ts";
import { ACCEPT_FIELDS, acceptQuote, type FreshQuoteFigures } from "../../../server/quotes/accept.ts";
import { quoteGoods, quoteLeadTime } from "../../../server/quotes/quote.ts";
import { findQuoteByToken, quoteState } from "../../../server/quotes/state.ts";
import { postedValues } from "../orders/order-page.server.ts";

/** The address fields, given back with a refusal (the card's never are). */
const ADDRESS_FIELDS = ["firstname", "lastname", "address", "city", "region", "postal", "phone"] as const;

/** A quote for its page; amounts in cents. */
export async function quotePageLoader(context: AppLoadContext, token: string) {
  const db = context.deps.database.db;
  const q = await findQuoteByToken(db, token);
  // A wrong or malformed token: the plain 404 any missing page gets.
  if (!q) throw data("Not found", { status: 404 });
  const state = await quoteState(db, q);
  const { lead, window, taxRules } = await quoteLeadTime(db, q);
  return {
    id: q.id,
    name: q.name,
    email: q.email,
    lines: q.lines.map((l, i) => ({ id: i, ...l, total: toCents(l.price) * l.quantity })),
    goods: quoteGoods(q),
    depositPercent: q.depositPercent,
    // Where the studio collects sales tax: the page works the figures out for the state typed.
    taxRules,
    builds: leadTimeText(lead, false),
    // If accepted today: when it would leave the studio.
    leaves: window ? shipDatesText(window) : null,
    validUntil: q.validUntil,
    note: q.note,
    state,
    sentAt: q.createdAt.toISOString(),
    // One key for this page's payment: a second press of Accept repeats it, never charging twice.
    payKey: state === "open" ? newPaymentKey() : null,
  };
}

/**
 * The acceptance's answer: the order it made and what was paid now and is due later (the link to
 * the order's page is the confirmation mail's, never the page's); or why not (the field at fault,
 * the address as posted).
 */
export type AcceptAnswer = {
  accepted?: { orderRef: string; paid: Cents; due: Cents };
  error?: string;
  field?: string;
  values?: Record<string, string>;
  nextKey?: string;
  /** The figures for the state posted, when the amount confirmed was not them: to confirm again. */
  fresh?: FreshQuoteFigures;
};

/** Accepts the quote and pays what it asks now (a plain form post: it works before and without scripts). */
export async function quotePageAction(request: Request, context: AppLoadContext, token: string) {
  const db = context.deps.database.db;
  const q = await findQuoteByToken(db, token);
  if (!q) throw data("Not found", { status: 404 });
  const form = await request.formData().catch(() => new FormData());
  const posted = postedValues(form, ACCEPT_FIELDS);
  const values = Object.fromEntries(ADDRESS_FIELDS.map((k) => [k, posted[k]]));
  try {
    const outcome = await acceptQuote(paymentDepsOf(context.deps), q, posted, context.client ?? "local");
    if (outcome.status === "accepted") {
      const { orderRef, paid, due } = outcome;
      return data({ accepted: { orderRef, paid, due } } satisfies AcceptAnswer);
    }
    const message =
      outcome.status === "declined"
        ? "The card was declined. Nothing was charged; try another card."
        : "The payment could not be made just now. Nothing was charged; try again.";
    return data({ error: message, values, nextKey: newPaymentKey() } satisfies AcceptAnswer, { status: 402 });
  } catch (err) {
    if (err instanceof ApiError && err.status < 500) {
      const fresh = err.extra?.fresh as FreshQuoteFigures | undefined;
      return data(
        { error: err.message, field: err.field, values, ...(fresh ? { fresh } : {}) } satisfies AcceptAnswer,
        {
          status: err.status,
        },
      );
    }
    throw err;
  }
}
