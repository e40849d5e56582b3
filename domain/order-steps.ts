import { type OrderShipping, type ShippingDelivery, studioWayOf } from "./order-records.ts";

/** The steps of an order after payment, in order (the back office moves it along; each is mailed to the buyer). */
export const ORDER_STEPS = ["paid", "in_production", "ready", "shipped"] as const;
export type OrderStep = (typeof ORDER_STEPS)[number];

export const STEP_NAMES: Record<OrderStep, string> = {
  paid: "Paid",
  in_production: "In production",
  ready: "Ready",
  shipped: "Shipped",
};

export const isOrderStep = (v: string): v is OrderStep => (ORDER_STEPS as readonly string[]).includes(v);

/**
 * What moving an order from `from` to `to` is: the same step, the next one, a step back, or a
 * skip over steps. A status that is not one of the steps (an order not paid yet, say) counts as
 * a skip, so the move is asked about first (docs/product.md, "The back office").
 */
export type StepMove = "same" | "forward" | "back" | "skip";

export function stepMove(from: string, to: OrderStep): StepMove {
  if (from === to) return "same";
  const a = (ORDER_STEPS as readonly string[]).indexOf(from);
  const b = ORDER_STEPS.indexOf(to);
  if (a < 0) return "skip";
  if (b < a) return "back";
  return b === a + 1 ? "forward" : "skip";
}

/** Whether a move is asked about before it is made: a step back, or a skip over steps. */
export const asksFirst = (move: StepMove) => move === "back" || move === "skip";

/**
 * Whether the studio delivers the whole order itself: no carrier's rate was bought (every piece
 * is a specialised delivery, or the studio arranged it), so there is no carrier or tracking number.
 */
export function studioDelivers(shipping: Pick<OrderShipping, "rate"> | null | undefined): boolean {
  return !shipping?.rate;
}

/** Whether the buyer collects the order at the studio (an order the studio wrote for the showroom). */
export function collectedAtStudio(shipping: ShippingDelivery): boolean {
  return studioWayOf(shipping) === "collect";
}

/** Whether some of the order's pieces come with the studio's own delivery beside a carrier's parcels. */
export function partlyStudioDelivered(
  shipping: Pick<OrderShipping, "rate" | "specialized"> | null | undefined,
): boolean {
  return Boolean(shipping?.rate) && (shipping?.specialized.length ?? 0) > 0;
}
