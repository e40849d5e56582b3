/** The order page's loader (routes/order-page.tsx): the order a link's token opens, as the buyer sees it. */
import { type AppLoadContext, data } from "react-router";
import { type DeliveryAccess, deliveryAnswers } from "../../../domain/delivery-access.ts";
import { type ShipWindow, shipWindowText } from "../../../domain/lead-time.ts";
import { lineChoices } from "../../../domain/order-lines.ts";
import { ORDER_STEPS, STEP_NAMES } from "../../../domain/order-steps.ts";
import { findOrderByToken } from "../../../server/orders/links.ts";

export async function orderPageLoader(context: AppLoadContext, token: string) {
  const found = await findOrderByToken(context.deps.database.db, token);
  // A wrong, revoked or malformed token: the plain 404 any missing page gets, saying nothing more.
  if (!found) throw data("Not found", { status: 404 });
  const { order, lines, refunds } = found;
  const reached = (step: string) =>
    order.history.find((h) => h.step === step)?.at ??
    (step === "paid"
      ? order.paidAt?.toISOString()
      : step === order.status
        ? order.statusChangedAt?.toISOString()
        : undefined);
  const at = ORDER_STEPS.indexOf(order.status as (typeof ORDER_STEPS)[number]);
  const refunded = refunds.reduce((sum, r) => sum + r.amount, 0);
  return {
    ref: order.orderRef,
    placedAt: (order.paidAt ?? order.createdAt).toISOString(),
    steps: ORDER_STEPS.map((step, i) => ({
      step,
      name: STEP_NAMES[step],
      done: i <= at,
      current: i === at,
      at: i <= at ? (reached(step) ?? null) : null,
    })),
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    lines: lines.map((l) => ({
      id: l.id,
      title: l.title,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      total: l.total,
      details: lineChoices(l.kind, l.details),
      ships: windowText((l.details as { shipWindow?: ShipWindow | null } | null)?.shipWindow),
    })),
    // Until it has left: when it is expected to (its last piece's window, as at checkout).
    ships: order.status === "shipped" ? null : windowText(order.shipWindow),
    subtotal: order.subtotal,
    shippingTotal: order.shippingTotal,
    total: order.total,
    refunds: refunds.map((r) => ({ id: r.id, amount: r.amount, at: r.createdAt.toISOString() })),
    refunded,
    deliveryName: order.deliveryName,
    wayIn: deliveryAnswers(order.shipping?.delivery as Partial<DeliveryAccess> | undefined),
    address: order.address,
    card: order.cardBrand && order.cardLast4 ? `${order.cardBrand} ending ${order.cardLast4}` : null,
  };
}

const windowText = (w: ShipWindow | null | undefined) => (w ? shipWindowText(w) : null);
