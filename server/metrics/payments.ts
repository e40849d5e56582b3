/**
 * The card gateway's answers, counted where they are read: the one payment path
 * (server/payments/take-payment.ts) for charges, the back office's refunds and voids
 * (server/studio/order-refunds.ts), and the voids of charges nobody recorded
 * (server/checkout/charge.ts, and take-payment's own when an answer was lost).
 *
 * Counted per process, not per app: a process serves one shop, and each process is scraped on
 * its own (docs/monitoring.md).
 */
import type { Exposition } from "./exposition.ts";

/**
 * What was asked: a charge by what it pays for (server/payments/take-payment.ts PaymentPurpose),
 * the studio's refund or void, or the void of a charge nobody recorded.
 */
export type PaymentKind =
  | "checkout"
  | "deposit"
  | "quote"
  | "balance"
  | "first_payment"
  | "refund"
  | "void"
  | "unrecorded_void";

/**
 * How it went: the gateway approved (A) or declined (C); `error`, it answered that it could not
 * (B, "retry") or the call failed in a way of our own; `unavailable`, no answer came (a
 * timeout, the network, HTTP 5xx, a refused credential), and nothing was taken.
 */
export type PaymentOutcomeLabel = "approved" | "declined" | "error" | "unavailable";

const counts = new Map<string, number>();

/** Counts one answer of the gateway. */
export function countPayment(kind: PaymentKind, outcome: PaymentOutcomeLabel): void {
  const key = `${kind} ${outcome}`;
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

/** The outcome of a gateway's `respstat`. */
export const outcomeOf = (respstat: string): PaymentOutcomeLabel =>
  respstat === "A" ? "approved" : respstat === "C" ? "declined" : "error";

export function writePayments(out: Exposition): void {
  out.counter(
    "payments_total",
    "Card gateway answers by what was asked (a charge's purpose, refund, void, unrecorded_void) and outcome (approved, declined, error, unavailable).",
    [...counts.entries()].sort().map(([key, value]) => {
      const [kind, outcome] = key.split(" ") as [string, string];
      return { labels: { kind, outcome }, value };
    }),
  );
}
