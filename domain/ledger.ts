/**
 * An order's money from its ledger (docs/architecture.md, "Money"): every payment it took (the
 * checkout's charge, each from its page, each taken in person), every refund and void, and every
 * charge the studio added, each a row. What the order comes to, what was paid, given back and is
 * still due are worked out here and nowhere else, in whole cents; every page, mail, CSV and
 * report reads them from `orderMoney`.
 */
import { type Cents, sumCents } from "./money.ts";

/** Where a payment was made: the checkout (a quote's acceptance too), the order's page, or in person at the studio. */
export const PAYMENT_SOURCES = ["checkout", "order_page", "in_person"] as const;
export type PaymentSource = (typeof PAYMENT_SOURCES)[number];

/** One payment row: only an approved one took money. */
export type LedgerPayment = {
  id: number;
  amount: Cents;
  status: string;
  /** 'card', or taken in person: 'cash', 'check', 'terminal'. */
  method: string;
  source: string;
  /** What is held back from it right now (refunds asked of the gateway and those it accepted); at least its accepted refunds. */
  reserved?: Cents;
};

/** One refund or void: only one the gateway accepted gave money back. */
export type LedgerRefund = {
  /** The payment it gave back of; null: the checkout's (as the previous release wrote it). */
  paymentId: number | null;
  kind: string;
  amount: Cents;
  accepted: boolean;
};

export type LedgerRows = {
  /** The order's goods and shipping, as the checkout (or the studio) priced them. */
  total: Cents;
  /** Each charge the studio added after. */
  charges: readonly Cents[];
  payments: readonly LedgerPayment[];
  refunds: readonly LedgerRefund[];
  /** A cancelled order owes nothing. */
  cancelled: boolean;
};

/** One approved payment, with what was given back of it and what still can be. */
export type PaymentMoney = {
  id: number;
  amount: Cents;
  method: string;
  source: string;
  refunded: Cents;
  /** What may still be given back of it: its amount less what is given back or being given back. */
  refundable: Cents;
};

export type OrderMoney = {
  /** The goods and shipping and every charge the studio added. */
  comesTo: Cents;
  /** What the studio added after checkout. */
  charges: Cents;
  /** Every approved payment, whatever its way. */
  paid: Cents;
  /** Every refund and void the gateway accepted. */
  refunded: Cents;
  /** What the studio keeps: paid less refunded. */
  net: Cents;
  /** What the buyer still owes: never below 0, and 0 on a cancelled order. */
  due: Cents;
  /** Paid by each way ('card', 'cash', 'check', 'terminal'). */
  byMethod: Record<string, Cents>;
  /** The approved payments, oldest first as given. */
  payments: PaymentMoney[];
};

const APPROVED = "approved";

/** An order's money from its ledger rows. */
export function orderMoney(rows: LedgerRows): OrderMoney {
  const approved = rows.payments.filter((p) => p.status === APPROVED);
  const checkout = approved.find((p) => p.source === "checkout");
  const accepted = rows.refunds.filter((r) => r.accepted);
  const backOf = (p: LedgerPayment) =>
    sumCents(
      accepted.filter((r) => r.paymentId === p.id || (r.paymentId === null && p === checkout)).map((r) => r.amount),
    );
  const payments = approved.map((p) => {
    const refunded = backOf(p);
    return {
      id: p.id,
      amount: p.amount,
      method: p.method,
      source: p.source,
      refunded,
      refundable: Math.max(0, p.amount - Math.max(refunded, p.reserved ?? 0)),
    };
  });
  const charges = sumCents(rows.charges);
  const comesTo = rows.total + charges;
  const paid = sumCents(payments.map((p) => p.amount));
  const refunded = sumCents(accepted.map((r) => r.amount));
  const byMethod: Record<string, Cents> = {};
  for (const p of payments) byMethod[p.method] = (byMethod[p.method] ?? 0) + p.amount;
  return {
    comesTo,
    charges,
    paid,
    refunded,
    net: paid - refunded,
    due: rows.cancelled ? 0 : Math.max(0, comesTo - paid),
    byMethod,
    payments,
  };
}
