/** The order page's loader (routes/order-page.tsx): the order a link's token opens, as the buyer sees it. */
import { type AppLoadContext, data } from "react-router";
import { deliveryAnswers } from "../../../domain/delivery-access.ts";
import { type ShipWindow, shipDatesText, shipWindowText } from "../../../domain/lead-time.ts";
import { orderMoney } from "../../../domain/ledger.ts";
import { paymentMethodName } from "../../../domain/manual-order.ts";
import { toCents, toDollars } from "../../../domain/money.ts";
import { lineChoices } from "../../../domain/order-lines.ts";
import { wayInOf } from "../../../domain/order-records.ts";
import { AWAITING_PAYMENT, CANCELLED } from "../../../domain/order-status.ts";
import { ORDER_STEPS, STEP_NAMES } from "../../../domain/order-steps.ts";
import { taxLabel } from "../../../domain/tax.ts";
import { paymentDepsOf } from "../../../server/checkout/routes.ts";
import { ApiError } from "../../../server/http/errors.ts";
import { type BalanceOutcome, newPaymentKey, payBalance } from "../../../server/orders/balance.ts";
import { firstDeposit } from "../../../server/orders/first-payment.ts";
import { ledgerRows, loadLedger } from "../../../server/orders/ledger.ts";
import { findOrderByToken } from "../../../server/orders/links.ts";
import { chargeFigure } from "../../../server/orders/order-charges.ts";

export async function orderPageLoader(context: AppLoadContext, token: string) {
  const db = context.deps.database.db;
  const found = await findOrderByToken(db, token);
  // A wrong, revoked or malformed token: the plain 404 any missing page gets, saying nothing more.
  if (!found) throw data("Not found", { status: 404 });
  const { order, lines } = found;
  const reached = (step: string) =>
    order.history.find((h) => h.step === step)?.at ??
    (step === "paid"
      ? order.paidAt?.toISOString()
      : step === order.status
        ? order.statusChangedAt?.toISOString()
        : undefined);
  const at = ORDER_STEPS.indexOf(order.status as (typeof ORDER_STEPS)[number]);
  // The order's money from its ledger (domain/ledger.ts), in cents; dollars only for the page.
  const ledger = await loadLedger(db, order.id);
  const money = orderMoney(ledgerRows(order, ledger.payments, ledger.refunds, ledger.charges));
  const firstSplit = await firstDeposit(db, order, money);
  const rows = new Map(ledger.payments.map((p) => [p.id, p]));
  const paidAt = (id: number) => {
    // No row: the checkout's charge of an order the previous release made paid (ledger.ts).
    const p = rows.get(id);
    return (p ? (p.settledAt ?? p.createdAt) : (order.paidAt ?? order.createdAt)).toISOString();
  };
  const checkout = money.payments.find((p) => p.source === "checkout");
  const later = money.payments.filter((p) => p.source !== "checkout");
  const refunds = ledger.refunds.filter((r) => r.respstat === "A");
  const due = toDollars(money.due);
  // An order the studio wrote (sold on the phone or in the showroom): nothing was paid at checkout;
  // until its first payment the buyer may pay the whole or the deposit.
  const fromStudio = order.source === "studio";
  // With a deposit: the balance is paid once what was paid reaches the order's total (by the
  // payment that got it there), and shown as a step between ready and shipped.
  const deposit = order.deposit;
  let balancePaidAt: string | null = null;
  if (deposit !== null) {
    let paid = 0;
    for (const p of money.payments) {
      paid += p.amount;
      if (paid >= toCents(order.total)) {
        balancePaidAt = paidAt(p.id);
        break;
      }
    }
  }
  const steps = ORDER_STEPS.map((step, i) => ({
    step: step as string,
    name: step === "paid" && deposit !== null ? "Deposit paid" : STEP_NAMES[step],
    done: i <= at,
    current: i === at,
    at: i <= at ? (reached(step) ?? null) : null,
  }));
  if (deposit !== null)
    steps.splice(ORDER_STEPS.indexOf("shipped"), 0, {
      step: "balance",
      name: "Balance paid",
      done: balancePaidAt !== null,
      current: false,
      at: balancePaidAt,
    });
  return {
    due,
    fromStudio,
    awaiting: order.status === AWAITING_PAYMENT,
    cancelled: order.status === CANCELLED,
    /** The first payment's choice on an order awaiting it: the whole, or the studio's deposit (null: none offered). */
    firstDeposit: firstSplit ? { now: toDollars(firstSplit.now), balance: toDollars(firstSplit.balance) } : null,
    /** What the checkout charged: the deposit, or the whole total (nothing on an order the studio wrote). */
    paidAtCheckout: toDollars(checkout?.amount ?? 0),
    deposit,
    /** What is still owed of the order itself (not the studio's later charges). */
    balance: deposit === null ? 0 : toDollars(Math.max(0, toCents(order.total) - money.paid)),
    // One key for this page's payment form: a second press of Pay repeats it, never charging twice.
    payKey: due > 0 ? newPaymentKey() : null,
    /** Each charge the studio added, as the buyer reads it: "$150 + sales tax $9 = $159". */
    charges: ledger.charges.map((c) => ({
      id: c.id,
      label: c.label,
      figure: chargeFigure({ amount: toCents(c.amount), tax: toCents(c.tax) }),
    })),
    /** The payments after the checkout's, by card from this page or taken in person. */
    payments: later.map((p) => ({
      id: p.id,
      amount: toDollars(p.amount),
      at: paidAt(p.id),
      how: p.method === "card" ? null : paymentMethodName(p.method),
    })),
    ref: order.orderRef,
    placedAt: (order.paidAt ?? order.createdAt).toISOString(),
    steps,
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    lines: lines.map((l) => ({
      id: l.id,
      title: l.title,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      total: l.total,
      details: lineChoices(l.kind, l.details),
      ships: windowText(l.details?.shipWindow),
    })),
    // Until it has left: when it is expected to (its last piece's window, as at checkout).
    leaves: order.status === "shipped" || !order.shipWindow ? null : shipDatesText(order.shipWindow),
    subtotal: order.subtotal,
    shippingTotal: order.shippingTotal,
    /** The order's sales tax as its own line ("Sales tax (PA 6%)"); null where none was collected. */
    tax: order.taxRule ? { label: taxLabel(order.taxRule), amount: order.tax } : null,
    total: order.total,
    refunds: refunds.map((r) => ({ id: r.id, amount: r.amount, at: r.createdAt.toISOString() })),
    refunded: toDollars(money.refunded),
    deliveryName: order.deliveryName,
    buildPhotos: order.buildPhotos,
    wayIn: deliveryAnswers(wayInOf(order.shipping)),
    address: order.address,
    card: order.cardBrand && order.cardLast4 ? `${order.cardBrand} ending ${order.cardLast4}` : null,
  };
}

const windowText = (w: ShipWindow | null | undefined) => (w ? shipWindowText(w) : null);

/** The payment's answer; after a declined or failed charge, the key the next try is made under. */
export type PayAnswer = { outcome?: BalanceOutcome; error?: string; field?: string; nextKey?: string };

/** The named fields of a plain form post, as posted ("" for one missing or not text): the order and quote pages' payments. */
export function postedValues<K extends string>(form: FormData, names: readonly K[]): Record<K, string> {
  return Object.fromEntries(
    names.map((name) => {
      const v = form.get(name);
      return [name, typeof v === "string" ? v : ""];
    }),
  ) as Record<K, string>;
}

const PAY_FIELDS = ["account", "expiry", "cvv2", "name", "amount", "key"] as const;

/** Pays what is due from the order's page (a plain form post: it works before and without scripts). */
export async function orderPageAction(request: Request, context: AppLoadContext, token: string) {
  const db = context.deps.database.db;
  const found = await findOrderByToken(db, token);
  if (!found) throw data("Not found", { status: 404 });
  const form = await request.formData().catch(() => new FormData());
  const { deps } = context;
  try {
    const outcome = await payBalance(
      paymentDepsOf(deps),
      found.order.id,
      postedValues(form, PAY_FIELDS),
      context.client ?? "local",
    );
    if (outcome.status === "approved") return data({ outcome } satisfies PayAnswer);
    return data({ outcome, nextKey: newPaymentKey() } satisfies PayAnswer, { status: 402 });
  } catch (err) {
    if (err instanceof ApiError && err.status < 500)
      return data({ error: err.message, field: err.field } satisfies PayAnswer, { status: err.status });
    throw err;
  }
}
