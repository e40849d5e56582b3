/**
 * Orders and their money: the order, its lines and links, the ledger's payments, refunds and
 * charges (docs/architecture.md, "Money"), the checkout's payment attempts and the shipping rates
 * it quoted.
 */
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type {
  LabelResult,
  OrderAddress,
  OrderLineDetails,
  OrderShipping,
  QuotedAddress,
  ShippingRate,
} from "../../../domain/order-records.ts";
import type { TaxRule } from "../../../domain/tax.ts";
import { type ImageRef, money } from "./columns.ts";

export type StaffNote = { at: string; by: string; text: string };

export type OrderHistoryEntry = { step: string; at: string };

/**
 * An order from the moment its stock is taken: 'pending' while the card is charged, then
 * 'paid'. A payment that fails releases the stock and deletes the pending order, so only paid
 * orders remain. Card data is never stored: brand and last four only.
 */
export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    /** Ours, unique: the gateway's order id, which a lost answer is looked up by. */
    orderRef: text("order_ref").notNull(),
    status: text("status").notNull(),
    email: text("email").notNull(),
    deliveryName: text("delivery_name").notNull(),
    phone: text("phone").notNull().default(""),
    address: jsonb("address").$type<OrderAddress>().notNull(),
    subtotal: money("subtotal").notNull(),
    shippingTotal: money("shipping_total").notNull(),
    /** Goods, shipping and sales tax: what the order comes to before any charge the studio adds. */
    total: money("total").notNull(),
    /** The sales tax in `total` (0 where none is collected). */
    tax: money("tax").notNull().default(0),
    /** The rule it was worked out by (the studio's for the delivery's state, as it was then); null: none collected. */
    taxRule: jsonb("tax_rule").$type<TaxRule>(),
    currency: text("currency").notNull().default("USD"),
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
    paymentRef: text("payment_ref"),
    /** The app process that took the stock (process_leases): a dead one's pending order is released. */
    processId: text("process_id"),
    shipping: jsonb("shipping").$type<OrderShipping>(),
    label: jsonb("label").$type<LabelResult>(),
    /** Set when the studio marks the order shipped (the back office). */
    carrier: text("carrier"),
    trackingNumber: text("tracking_number"),
    /**
     * refundedTotal, chargesTotal, paidTotal: running totals kept for the previous release; read
     * the ledger (server/orders/ledger.ts). Still written in the same transactions as the ledger's
     * rows, so a process of the previous release running during an upgrade reads them true.
     */
    refundedTotal: money("refunded_total").notNull().default(0),
    chargesTotal: money("charges_total").notNull().default(0),
    paidTotal: money("paid_total").notNull().default(0),
    /** What the checkout charged when the buyer paid a deposit (null: paid in full); the balance is due from the order's page. */
    deposit: money("deposit"),
    notes: jsonb("notes").$type<StaffNote[]>().notNull().default([]),
    /** When the order is expected to leave the studio (its last piece's window), as it was at checkout. */
    shipWindow: jsonb("ship_window").$type<{ from: string; to: string }>(),
    /** Photos of the pieces being built, posted from the back office for the buyer's order page. */
    buildPhotos: jsonb("build_photos").$type<ImageRef[]>().notNull().default([]),
    /** Each step the order took and when (paid, in production, ready, shipped), for its page's timeline. */
    history: jsonb("history").$type<OrderHistoryEntry[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    statusChangedAt: timestamp("status_changed_at", { withTimezone: true }),
    /**
     * 'checkout' (the buyer paid on the site) or 'studio' (written by the studio, sold on the
     * phone or in the showroom): a studio order's money is all in order_payments, none at checkout.
     */
    source: text("source").notNull().default("checkout"),
    /** The new-order form's key (server/studio/manual-order-write.ts): a second press of its button makes no second order. */
    formKey: text("form_key"),
  },
  (t) => [
    uniqueIndex("orders_order_ref_idx").on(t.orderRef),
    index("orders_created_idx").on(t.createdAt),
    uniqueIndex("orders_form_key_idx").on(t.formKey),
  ],
);

/**
 * The buyer's links to their order's page (/orders/{token}), one for each mail that carried
 * one: only the SHA-256 of each token is kept, so the database alone opens no order. The studio
 * can revoke them all (and send a new one).
 */
export const orderLinks = pgTable(
  "order_links",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id").notNull(),
    tokenHash: text("token_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("order_links_token_idx").on(t.tokenHash), index("order_links_order_idx").on(t.orderId)],
);

/** A charge the studio added to an order after checkout (a white-glove delivery), with who added it. */
export const orderCharges = pgTable(
  "order_charges",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id").notNull(),
    label: text("label").notNull(),
    /** What the buyer owes for it, its tax included. */
    amount: money("amount").notNull(),
    /** The sales tax in `amount`, at the order's rule when it taxes delivery (domain/tax.ts). */
    tax: money("tax").notNull().default(0),
    staffId: integer("staff_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_charges_order_idx").on(t.orderId)],
);

/**
 * The ledger's payments (server/orders/ledger.ts): every payment an order took, the checkout's
 * charge included. One from an order's page (server/orders/balance.ts) is claimed as 'pending'
 * with its idempotency key before the card is charged (one pending payment per order at a
 * time), then 'approved', 'declined' or 'failed' with the gateway's answer; the checkout's is
 * written 'approved' in the transaction that makes its order paid.
 */
export const orderPayments = pgTable(
  "order_payments",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id").notNull(),
    /** The page's key for this attempt: a repeat gets the first answer, never a second charge. */
    key: text("key").notNull(),
    /** Ours, unique: the gateway's order id for this charge. */
    ref: text("ref").notNull(),
    amount: money("amount").notNull(),
    /** The sales tax in `amount`: its share of the order's tax (domain/ledger.ts taxShareOf). */
    tax: money("tax").notNull().default(0),
    status: text("status").notNull(),
    retref: text("retref"),
    resptext: text("resptext").notNull().default(""),
    /** What the studio gave back of it (server/studio/order-refunds.ts giveMoneyBack). */
    refunded: money("refunded").notNull().default(0),
    /** 'card' (through the gateway), or taken in person: 'cash', 'check', 'terminal' (never given back to a card). */
    method: text("method").notNull().default("card"),
    /** An in-person payment's check number or terminal receipt. */
    reference: text("reference"),
    /** Where it was paid (domain/ledger.ts PaymentSource): 'checkout', 'order_page' or 'in_person'. */
    source: text("source").notNull().default("order_page"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("order_payments_key_idx").on(t.key),
    uniqueIndex("order_payments_ref_idx").on(t.ref),
    // At most one payment in flight per order: a second is refused by the database itself.
    uniqueIndex("order_payments_pending_idx").on(t.orderId).where(sql`${t.status} = 'pending'`),
    index("order_payments_order_idx").on(t.orderId),
  ],
);

/**
 * Money given back on an order from the back office, with the gateway's answer as it came:
 * a refused refund is kept too (respstat C), so the studio sees what was tried.
 */
export const orderRefunds = pgTable(
  "order_refunds",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id").notNull(),
    /** The payment it gave back of; null (written by the previous release only): the checkout's charge. */
    paymentId: integer("payment_id"),
    /** 'refund' or 'void'. */
    kind: text("kind").notNull(),
    amount: money("amount").notNull(),
    /** The sales tax given back with it: its share of its payment's tax (domain/ledger.ts refundTaxOf). */
    tax: money("tax").notNull().default(0),
    /**
     * The gateway's answer: 'A' given back, 'B' no answer, 'C' refused; 'pending' while the
     * gateway is being asked (written with the reservation, settled with its answer).
     */
    respstat: text("respstat").notNull(),
    resptext: text("resptext").notNull().default(""),
    retref: text("retref"),
    staffId: integer("staff_id"),
    /** The confirmation's key (the question's form): a second press of Confirm gives the first answer, never a second refund. */
    formKey: text("form_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_refunds_order_idx").on(t.orderId), uniqueIndex("order_refunds_form_key_idx").on(t.formKey)],
);

export const orderLines = pgTable(
  "order_lines",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id").notNull(),
    kind: text("kind").notNull(),
    itemId: integer("item_id").notNull(),
    title: text("title").notNull(),
    unitPrice: money("unit_price").notNull(),
    quantity: integer("quantity").notNull(),
    total: money("total").notNull(),
    details: jsonb("details").$type<OrderLineDetails>(),
  },
  (t) => [index("order_lines_order_idx").on(t.orderId)],
);

/**
 * One row per Idempotency-Key of a payment request: claimed before anything happens, then the
 * final answer, so a repeat of the key gets the first answer and never a second charge.
 */
export const paymentAttempts = pgTable("payment_attempts", {
  key: text("key").primaryKey(),
  /** Hash of the request without card data: the same key with another request is refused. */
  requestHash: text("request_hash").notNull(),
  status: text("status").notNull(),
  httpStatus: integer("http_status"),
  /** The answer's JSON text as first sent (jsonb would reorder its keys). */
  response: text("response"),
  /** The order this attempt took stock for, set with it: settles a key its process left pending. */
  orderRef: text("order_ref"),
  /** The app process working on it (process_leases): a repeat of a dead one's key is settled at once. */
  processId: text("process_id"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every shipping rate handed to a shopper, under an id of its own (never derived from the rate),
 * with the lines and the delivery address it was quoted for: a payment may use it for those
 * only, and is charged the quoted amount, not the browser's.
 */
export const shippingQuotes = pgTable("shipping_quotes", {
  objectId: text("object_id").primaryKey(),
  provider: text("provider").notNull(),
  amount: money("amount").notNull(),
  currency: text("currency").notNull(),
  /** The provider's rate as it answered (its own object_id is what a label is bought with). */
  rate: jsonb("rate").$type<ShippingRate>().notNull(),
  /** The lines the rate was quoted for ("id:quantity" pairs), so it cannot be used for another cart. */
  cartKey: text("cart_key").notNull(),
  /** The destination, normalised (street, city, region, postal code, country). */
  addressKey: text("address_key").notNull().default(""),
  /** The delivery address as quoted, in full. */
  address: jsonb("address").$type<QuotedAddress>(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
