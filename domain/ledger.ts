/**
 * An order's money from its ledger (docs/architecture.md, "Money"): every payment it took (the
 * checkout's charge, each from its page, each taken in person), every refund and void, and every
 * charge the studio added, each a row. What the order comes to, what was paid, given back and is
 * still due are worked out here and nowhere else, in whole cents; every page, mail, CSV and
 * report reads them from `orderMoney`.
 */
import { type Cents, sumCents } from "./money.ts";
import { allocate } from "./money-shares.ts";

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
  /** The sales tax in `amount` (0 where none is collected). */
  tax?: Cents;
  /** What is held back from it right now (refunds asked of the gateway and those it accepted); at least its accepted refunds. */
  reserved?: Cents;
};

/** One refund or void: only one the gateway accepted gave money back. */
export type LedgerRefund = {
  /** The payment it gave back of; null: the checkout's (as the previous release wrote it). */
  paymentId: number | null;
  kind: string;
  amount: Cents;
  /** The sales tax given back with it. */
  tax?: Cents;
  accepted: boolean;
};

export type LedgerRows = {
  /** The order's goods, shipping and sales tax, as the checkout (or the studio) priced them. */
  total: Cents;
  /** The sales tax in `total`. */
  tax?: Cents;
  /** Each charge the studio added after, its tax included, and that tax. */
  charges: readonly { amount: Cents; tax: Cents }[];
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
  /** The sales tax in it. */
  tax: Cents;
  /** What may still be given back of it: its amount less what is given back or being given back. */
  refundable: Cents;
};

export type OrderMoney = {
  /** The goods, shipping, sales tax and every charge the studio added. */
  comesTo: Cents;
  /** The sales tax in `comesTo` (the order's and its charges'); how much of it was paid, and given back. */
  tax: { comesTo: Cents; paid: Cents; refunded: Cents };
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
      tax: p.tax ?? 0,
      refundable: Math.max(0, p.amount - Math.max(refunded, p.reserved ?? 0)),
    };
  });
  const charges = sumCents(rows.charges.map((c) => c.amount));
  const comesTo = rows.total + charges;
  const tax = {
    comesTo: (rows.tax ?? 0) + sumCents(rows.charges.map((c) => c.tax)),
    paid: sumCents(payments.map((p) => p.tax)),
    refunded: sumCents(accepted.map((r) => r.tax ?? 0)),
  };
  const paid = sumCents(payments.map((p) => p.amount));
  const refunded = sumCents(accepted.map((r) => r.amount));
  const byMethod: Record<string, Cents> = {};
  for (const p of payments) byMethod[p.method] = (byMethod[p.method] ?? 0) + p.amount;
  return {
    comesTo,
    tax,
    charges,
    paid,
    refunded,
    net: paid - refunded,
    due: rows.cancelled ? 0 : Math.max(0, comesTo - paid),
    byMethod,
    payments,
  };
}

/**
 * The sales tax in a new payment of `amount` towards what is due: the tax not yet paid, shared in
 * proportion (domain/money.ts allocate), so the payment that clears the due carries the rest of it
 * exactly. A payment beyond what is due carries no more than the tax left.
 */
export function taxShareOf(money: Pick<OrderMoney, "tax" | "due">, amount: Cents): Cents {
  const left = Math.max(0, money.tax.comesTo - money.tax.paid);
  if (left === 0 || amount <= 0) return 0;
  if (amount >= money.due) return left;
  return allocate(left, [money.due - amount, amount])[1]!;
}

/**
 * The sales tax given back with a refund of `amount` from a payment: the payment's tax shared in
 * proportion to what of it has been given back, counted over all its refunds together, so the
 * refunds of a whole payment give back exactly its tax and never more.
 */
export function refundTaxOf(payment: Pick<PaymentMoney, "amount" | "tax" | "refundable">, amount: Cents): Cents {
  if (payment.tax <= 0 || payment.amount <= 0) return 0;
  const before = payment.amount - payment.refundable;
  const share = (back: Cents) => {
    const x = Math.max(0, Math.min(back, payment.amount));
    return allocate(payment.tax, [payment.amount - x, x])[1]!;
  };
  return share(before + amount) - share(before);
}
