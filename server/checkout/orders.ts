/**
 * The order of a payment (docs/architecture.md "Data"): written 'pending' with the stock it
 * takes, then marked paid with its confirmation mail in one transaction, or voided and given
 * back; its label bought once it stands.
 */
import { and, asc, eq } from "drizzle-orm";
import { cardBrand } from "../../domain/cards.ts";
import type { PaymentRequest } from "../../domain/checkout-wire.ts";
import type { DepositCents } from "../../domain/deposit.ts";
import { latestWindow } from "../../domain/lead-time.ts";
import { toDollars } from "../../domain/money.ts";
import { orderLines, orderPayments, orders, paymentAttempts } from "../db/schema.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { checkoutPaymentRow, moneyOf } from "../orders/ledger.ts";
import { mailedOrderLink } from "../orders/links.ts";
import type { AuthResponse } from "../payments/gateway.ts";
import type { LabelResult, ShippingAddress, ShippingRate } from "../shipping/provider.ts";
import { orderMails } from "./mails.ts";
import type { PaymentDeps } from "./payment.ts";
import type { OrderFigures } from "./payment-checks.ts";
import type { PricedCart, PricedLine } from "./pricing.ts";
import { releasePendingOrder, takeStock, WAIT_FOR_PAYMENTS_MS } from "./stock.ts";

/** A line taken from stock ships within its days; one built to order, in its weeks. */
export const shipWindowOf = (builtToOrder: (l: PricedLine) => boolean) => (l: PricedLine) =>
  builtToOrder(l) ? l.shipWindows.built : (l.shipWindows.inStock ?? l.shipWindows.built);

/**
 * The `order_lines` rows of an order's priced lines, as every order keeps them (the checkout's and
 * those the studio writes): what was bought, and in its details whether it is built to order,
 * when it ships and its picture.
 */
export function orderLineRows(orderId: number, lines: PricedLine[], builtToOrder: (l: PricedLine) => boolean) {
  const windowOf = shipWindowOf(builtToOrder);
  return lines.map((l) => ({
    orderId,
    kind: l.kind,
    itemId: l.itemId,
    title: l.title,
    unitPrice: toDollars(l.unitPrice),
    quantity: l.quantity,
    total: toDollars(l.total),
    details: {
      ...l.details,
      ...(builtToOrder(l) ? { builtToOrder: true } : {}),
      shipWindow: windowOf(l),
      picture: l.picture,
    },
  }));
}

/**
 * Takes the stock of every line and writes the pending order, all or nothing; a line held by
 * payments in flight waits for their outcome first (stock.ts).
 */
export function reserve(
  deps: PaymentDeps,
  key: string,
  ref: string,
  body: PaymentRequest,
  cart: PricedCart,
  rate: ShippingRate | null,
  figures: OrderFigures,
  /** Charged now when the buyer pays a deposit; the rest is due from the order's page. */
  deposit: DepositCents | null = null,
): Promise<number> {
  const digits = body.account.replace(/\D/g, "");
  return takeStock(
    deps.db,
    cart.lines,
    async (tx, builtToOrder) => {
      const windowOf = shipWindowOf(builtToOrder);
      const [order] = await tx
        .insert(orders)
        .values({
          orderRef: ref,
          status: "pending",
          processId: deps.recovery.processId,
          email: body.email,
          deliveryName: body.deliveryName || `${body.firstname} ${body.lastname}`.trim(),
          phone: body.phone,
          address: {
            address: body.address,
            city: body.city,
            region: body.region,
            postal: body.postal,
            country: body.country.toUpperCase(),
          },
          subtotal: toDollars(cart.subtotal),
          shippingTotal: toDollars(figures.shipping),
          tax: toDollars(figures.tax.tax),
          taxRule: figures.tax.rule,
          total: toDollars(figures.total),
          deposit: deposit && toDollars(deposit.now),
          cardBrand: cardBrand(digits),
          cardLast4: digits.slice(-4),
          shipping: {
            rate,
            specialized: cart.specialized,
            // The way in, for the pieces the studio delivers itself (domain/delivery-access.ts).
            ...(cart.specialized.length > 0 && body.delivery ? { delivery: body.delivery } : {}),
          },
          shipWindow: latestWindow(cart.lines.map(windowOf)),
        })
        .returning({ id: orders.id });
      const orderId = (order as { id: number }).id;
      await tx.update(paymentAttempts).set({ orderRef: ref }).where(eq(paymentAttempts.key, key));
      await tx.insert(orderLines).values(orderLineRows(orderId, cart.lines, builtToOrder));

      return orderId;
    },
    {
      onRetry: (err, attempt) =>
        deps.logger.warn({ orderRef: ref, attempt, err: (err as Error).message }, "Stock take retried"),
      waitForPaymentsMs: deps.waitForPaymentsMs ?? WAIT_FOR_PAYMENTS_MS,
    },
  );
}

export async function buyLabel(deps: PaymentDeps, orderId: number, rate: ShippingRate, to: ShippingAddress) {
  let label: LabelResult;
  try {
    label = await deps.shipping.buyLabel(rate, { from: await deps.shipFrom(), to });
  } catch (err) {
    deps.logger.error({ err, orderId }, "Shipping label purchase failed");
    label = {
      status: "ERROR",
      label_url: "",
      tracking_number: "",
      tracking_url_provider: "",
      messages: [{ text: err instanceof Error ? err.message : String(err) }],
    };
  }
  await deps.db.update(orders).set({ label }).where(eq(orders.id, orderId));
  return label;
}

/** Marks the order paid with its mail, or voids the charge and gives the stock back; true when it stands. */
export async function recordPaid(
  deps: PaymentDeps,
  order: {
    id: number;
    ref: string;
    body: PaymentRequest;
    cart: PricedCart;
    rate: ShippingRate | null;
    figures: OrderFigures;
    deposit: DepositCents | null;
  },
  auth: AuthResponse,
): Promise<boolean> {
  try {
    const studio = await deps.studio();
    const now = new Date();
    await deps.db.transaction(async (tx) => {
      const paid = await tx
        .update(orders)
        .set({
          status: "paid",
          paymentRef: auth.retref,
          paidAt: now,
          // Kept for the previous release (schema.ts): the ledger's payment below is what is read.
          paidTotal: toDollars(order.deposit?.now ?? order.figures.total),
          history: [{ step: "paid", at: now.toISOString() }],
        })
        .where(and(eq(orders.id, order.id), eq(orders.status, "pending")))
        .returning({ id: orders.id, shipWindow: orders.shipWindow });
      // Released meanwhile as stale (this payment took longer than any should): it cannot stand.
      if (paid.length === 0) throw new Error(`Order ${order.ref} is no longer pending`);
      // The checkout's charge is the ledger's first payment (a quote's acceptance is paid here too).
      await tx.insert(orderPayments).values(
        checkoutPaymentRow({
          orderId: order.id,
          orderRef: order.ref,
          amount: toDollars(order.deposit?.now ?? order.figures.total),
          tax: toDollars(order.deposit?.nowTax ?? order.figures.tax.tax),
          retref: auth.retref,
          resptext: auth.resptext,
          at: now,
        }),
      );
      const pageUrl = deps.orderPageUrl(mailedOrderLink(order.id));
      // Each line's ship window as the stock take settled it (from stock, or built to order).
      const stored = await tx
        .select({ details: orderLines.details })
        .from(orderLines)
        .where(eq(orderLines.orderId, order.id))
        .orderBy(asc(orderLines.id));
      const windows = {
        lines: stored.map((l) => l.details?.shipWindow ?? null),
        order: paid[0]!.shipWindow ?? null,
      };
      // The mails' paid and due are the ledger's, the payment above in it.
      const money = await moneyOf(tx, { id: order.id, total: toDollars(order.figures.total), status: "paid" });
      await enqueueMail(
        tx,
        orderMails({
          studio,
          ...order,
          total: order.figures.total,
          deposit: order.deposit?.now ?? null,
          shippingTotal: order.figures.shipping,
          tax: order.figures.tax,
          money,
          pageUrl,
          windows,
        }),
      );
    });
    return true;
  } catch (err) {
    deps.logger.error({ err, orderRef: order.ref }, "Order could not be recorded after approval: voiding the charge");
    try {
      await deps.gateway.void(auth.retref);
    } catch (voidErr) {
      deps.logger.error({ err: voidErr, orderRef: order.ref, retref: auth.retref }, "Void failed: reconcile by hand");
    }
    await releasePendingOrder(deps.db, order.id).catch((e) =>
      deps.logger.error({ err: e, orderRef: order.ref }, "Release failed"),
    );
    deps.stockChanged();
    return false;
  }
}
