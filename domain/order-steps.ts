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
