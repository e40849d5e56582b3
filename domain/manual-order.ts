/**
 * An order the studio writes itself, sold on the phone or in the showroom (docs/product.md,
 * "Orders the studio writes"): its limits, its ways of delivery and the ways a payment is taken
 * in person, as the form and the server both name them.
 */
import { type ShippingDelivery, studioWayOf } from "./order-records.ts";

/** How many lines one order may have, and the most of one item or custom line. */
export const MANUAL_LIMITS = { lines: 20, quantity: 99, descriptionLength: 200, referenceLength: 80 } as const;

/** How the pieces reach the buyer. */
export const DELIVERIES = {
  ship: "Shipped to the buyer's address",
  studio: "Delivered by the studio",
  collect: "Collected at the studio",
} as const;
export type Delivery = keyof typeof DELIVERIES;

/** The way an order the studio wrote reaches its buyer, in words; null for a checkout's order. */
export function deliveryWay(shipping: ShippingDelivery): string | null {
  const way = studioWayOf(shipping);
  return way !== null && isDelivery(way) ? DELIVERIES[way] : null;
}
export const isDelivery = (v: string): v is Delivery => Object.hasOwn(DELIVERIES, v);

/** A payment taken in person, never through the card gateway (so never given back to a card). */
export const IN_PERSON_METHODS = {
  cash: "Cash",
  check: "Check",
  terminal: "Card terminal",
} as const;
export type InPersonMethod = keyof typeof IN_PERSON_METHODS;
export const isInPersonMethod = (v: string): v is InPersonMethod => Object.hasOwn(IN_PERSON_METHODS, v);

/** How a payment was taken, in words: by card on the order's page, or one of the in-person ways. */
export const paymentMethodName = (method: string) => (isInPersonMethod(method) ? IN_PERSON_METHODS[method] : "Card");

const PAID_HOW: Record<InPersonMethod | "card", string> = {
  card: "by card",
  cash: "in cash",
  check: "by check",
  terminal: "on the card terminal",
};

/** How a payment was taken, as a sentence goes on: "$120.00 paid in cash", "by check". */
export const paidHow = (method: string): string =>
  Object.hasOwn(PAID_HOW, method) ? PAID_HOW[method as keyof typeof PAID_HOW] : `by ${method.replace(/[_-]+/g, " ")}`;

/** A check needs its number and a terminal payment its receipt; cash needs nothing. */
export const needsReference = (method: InPersonMethod) => method !== "cash";

/** One thing the new-order form offers from the catalog: a piece, a size, a slab or a base for sale, by name. */
export type CatalogChoice = { id: number; type: string; name: string; price: number; stock: number };
