/**
 * The JSON the orders' tables keep (server/db/schema/orders.ts), declared once: an order's
 * delivery address, its shipping and the carrier's label bought for it, each line's details, and
 * the carrier's rate a shipping quote keeps with the address it was asked for. Every writer
 * builds these shapes and every reader takes them as declared: a key added to a row is added
 * here first.
 */
import type { RatesRequest } from "./checkout-wire.ts";
import type { DeliveryAccess } from "./delivery-access.ts";
import type { PricingBreakdown } from "./divergence-builder.ts";
import type { ShipWindow } from "./lead-time.ts";

/**
 * A carrier's rate as the shipping provider answers it (docs/product.md §3, Shippo's field
 * names): kept with its quote (`shipping_quotes.rate`) and with the order bought with it.
 */
export type ShippingRate = {
  object_id: string;
  /** Decimal string, e.g. "23.50". */
  amount: string;
  currency: "USD";
  provider: string;
  servicelevel: { name: string; token: string };
  estimated_days: number | null;
  duration_terms: string;
  carrier_account: string;
};

/** The label bought for an order (`orders.label`), as the provider answered (docs/product.md §3). */
export type LabelResult = {
  status: "SUCCESS" | "ERROR" | "QUEUED" | "WAITING";
  label_url: string;
  tracking_number: string;
  tracking_url_provider: string;
  messages: { source?: string; code?: string; text: string }[];
};

/** The delivery fields a quote's rates were asked for (`shipping_quotes.address`): the rates request without its lines. */
export type QuotedAddress = Omit<RatesRequest, "products">;

/** Where an order goes (`orders.address`): the checkout's delivery fields, or those the studio typed. */
export type OrderAddress = { address: string; city: string; region: string; postal: string; country: string };

/** How an order the studio wrote reaches its buyer: a key of DELIVERIES (domain/manual-order.ts), as its form posted it. */
export type StudioDelivery = { way: string };

/** The order's shipping (`orders.shipping`), as the checkout or the studio's new-order form wrote it. */
export type OrderShipping = {
  /** The carrier's rate its label is bought with; null when no carrier takes any piece. */
  rate: ShippingRate | null;
  /** The pieces the studio delivers itself. */
  specialized: { id: number; title: string }[];
  /** The buyer's answers about the way in (a checkout with such pieces), or the studio's way (an order it wrote). */
  delivery?: DeliveryAccess | StudioDelivery;
};

/** An order's shipping, or as much of it as says how it is delivered. */
export type ShippingDelivery = { delivery?: OrderShipping["delivery"] | null } | null | undefined;

/** The buyer's answers about the way in, when the order has them. */
export const wayInOf = (shipping: ShippingDelivery): DeliveryAccess | null =>
  shipping?.delivery && !("way" in shipping.delivery) ? shipping.delivery : null;

/** The way the studio wrote its order to reach the buyer, when it wrote it. */
export const studioWayOf = (shipping: ShippingDelivery): string | null =>
  shipping?.delivery && "way" in shipping.delivery ? shipping.delivery.way : null;

/** The picture a line's mails show (a file under images/{folder}/). */
export type LinePicture = { folder: string; fileName: string };

/**
 * An order line's details (`order_lines.details`): what each kind of line was sold with, then
 * what every order adds to each of its lines, then what happens to it later.
 */
export type OrderLineDetails = {
  /** A catalog piece's stock number (server/checkout/pricing.ts). */
  inventoryId?: string;
  // A configured Divergence table (server/checkout/pricing.ts): its choices, as the studio named
  // them when it was sold (a finish may since have been renamed), and its price.
  species?: string;
  size?: string;
  /** The divergence_sizes row its stock came from. */
  sizeId?: number;
  /** "Yes" or "No". */
  liveEdge?: string;
  baseFinish?: string;
  topFinish?: string;
  pricingBreakdown?: PricingBreakdown;
  // A line of a quote the studio wrote (server/quotes/).
  quoteId?: number;
  description?: string;
  /** A piece's material and finish: worded for the workshop when present (domain/order-lines.ts); no writer sets them. */
  material?: string;
  finish?: string;
  /** A line of an order the studio wrote: built to order, so a deposit may be paid on it. */
  madeToOrder?: boolean;
  // Every order's lines (server/checkout/orders.ts orderLineRows).
  /** Built to the buyer's order rather than taken from stock (set only when so). */
  builtToOrder?: boolean;
  /** When it was expected to ship, as at checkout. */
  shipWindow?: ShipWindow | null;
  picture?: LinePicture | null;
  /** When a refund put it back in stock (ISO; server/studio/order-refunds.ts): once only. */
  restocked?: string;
};
