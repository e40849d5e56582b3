import { ORDER_STEPS, STEP_NAMES } from "./order-steps.ts";

/**
 * Every status an order may have in the back office: the steps, with an order the studio wrote
 * (sold on the phone or in the showroom) waiting for its first payment before them, and one it
 * called off unpaid after them. An order being paid at checkout ('pending') is none of these.
 */
export const AWAITING_PAYMENT = "awaiting_payment";
export const CANCELLED = "cancelled";
export const ORDER_STATUSES = [AWAITING_PAYMENT, ...ORDER_STEPS, CANCELLED] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const STATUS_NAMES: Record<OrderStatus, string> = {
  awaiting_payment: "Awaiting payment",
  ...STEP_NAMES,
  cancelled: "Cancelled",
};

export const isOrderStatus = (v: string): v is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(v);
