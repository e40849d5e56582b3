import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { TaxRule } from "../../domain/tax.ts";

/**
 * A trigram GiST index with 256-byte signatures: at the default 12 bytes, rare words match so
 * many signatures that a search at 100k rows reads most of the index (see docs/decisions/002).
 */
const trigramGist = (column: AnyPgColumn) => sql`${column} gist_trgm_ops(siglen=256)`;

/** Money is stored exactly (numeric 12,2) and read as a JS number. */
const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: "number" });

/** A stored picture; `alt` is what the studio wrote for it in the back office, when it did. */
export type ImageRef = { fileName: string; alt?: string };
export type VideoRef = { url: string };

/** The studio's identity: one row (id 1). Nothing about the studio is hard-wired in code. */
export const studioConfig = pgTable("studio_config", {
  id: integer("id").primaryKey(),
  name: text("name").notNull(),
  shortName: text("short_name").notNull(),
  legalName: text("legal_name").notNull(),
  tagline: text("tagline").notNull(),
  street: text("street").notNull(),
  city: text("city").notNull(),
  state: text("state").notNull(),
  zip: text("zip").notNull(),
  country: text("country").notNull(),
  email: text("email").notNull(),
  phone: text("phone").notNull(),
  hours: jsonb("hours").$type<{ days: string; hours: string }[]>().notNull(),
  socials: jsonb("socials").$type<{ name: string; url: string }[]>().notNull(),
  founderName: text("founder_name").notNull(),
  founderSlug: text("founder_slug").notNull(),
  founderBio: text("founder_bio").notNull(),
  founderImages: jsonb("founder_images").$type<ImageRef[]>().notNull(),
  story: text("story").notNull(),
  storyVideoUrl: text("story_video_url"),
  leadTrackingScriptUrl: text("lead_tracking_script_url"),
  /** IANA time zone of the studio: ship windows, mails and reports count days in it. */
  timeZone: text("time_zone").notNull().default("America/New_York"),
  /** Short names the studio had before: visitors' carts and wish lists saved under them are carried over. */
  previousShortNames: jsonb("previous_short_names").$type<string[]>().notNull().default([]),
  /** Weeks of work ahead of any new build, added to every built-to-order lead time. */
  backlogWeeks: integer("backlog_weeks").notNull().default(0),
  /** The deposit a buyer may pay on made-to-order pieces, in percent of them (0: none offered; domain/deposit.ts). */
  depositPercent: integer("deposit_percent").notNull().default(50),
  /** The least deposit, in dollars (never more than the made-to-order pieces come to). */
  depositMinimum: money("deposit_minimum").notNull().default(500),
  /**
   * Where the studio collects sales tax (domain/tax.ts; docs/product.md, "Sales tax"): each
   * state with its rate in percent and whether delivery is taxed with the goods. Empty: none.
   */
  salesTax: jsonb("sales_tax").$type<TaxRule[]>().notNull().default([]),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    /** Set on a variant: the product it is a variant of. */
    parentId: integer("parent_id"),
    /** 'Size' or 'Material' on a variant, null on a parent. */
    variantType: text("variant_type"),
    /** Variant picker thumbnail, served from /images/thumbnails/. */
    thumbnail: text("thumbnail"),
    title: text("title").notNull(),
    category: text("category").notNull(),
    price: money("price").notNull(),
    salePrice: money("sale_price"),
    stock: integer("stock").notNull().default(0),
    tag: text("tag").notNull().default("none"),
    visibility: text("visibility").notNull().default("Visible"),
    lightText: boolean("light_text").notNull().default(false),
    images: jsonb("images").$type<ImageRef[]>().notNull().default([]),
    videos: jsonb("videos").$type<VideoRef[]>().notNull().default([]),
    inventoryId: text("inventory_id").notNull(),
    specification: text("specification").notNull().default(""),
    grain: text("grain").notNull().default(""),
    description: text("description").notNull().default(""),
    customShipping: boolean("custom_shipping").notNull().default(false),
    length: doublePrecision("length").notNull(),
    width: doublePrecision("width").notNull(),
    height: doublePrecision("height").notNull(),
    weight: doublePrecision("weight").notNull(),
    type: text("type").notNull().default("Product"),
    status: text("status").notNull().default("Active"),
    material: text("material"),
    liveEdge: text("live_edge"),
    topFinish: text("top_finish"),
    seoTitle: text("seo_title"),
    seoDescription: text("seo_description"),
    /** Lead time (domain/lead-time.ts): in stock, it ships within this many days... */
    leadDays: integer("lead_days").notNull().default(5),
    /** ...and built to order, it takes this many weeks (none: it is not built to order). */
    buildWeeksMin: integer("build_weeks_min"),
    buildWeeksMax: integer("build_weeks_max"),
    sortOrder: integer("sort_order").notNull().default(0),
    /** Lowercased, accent-free text that search matches against (see server/search). */
    searchText: text("search_text").notNull().default(""),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("products_parent_idx").on(t.parentId),
    index("products_search_trgm_idx").using("gist", trigramGist(t.searchText)),
  ],
);

export const slabs = pgTable(
  "slabs",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    startingPrice: money("starting_price").notNull(),
    salePrice: money("sale_price"),
    visibility: text("visibility").notNull().default("Visible"),
    category: text("category").notNull(),
    species: text("species").notNull(),
    tone: text("tone").notNull(),
    grain: text("grain").notNull(),
    length: doublePrecision("length").notNull(),
    width: doublePrecision("width").notNull(),
    thickness: doublePrecision("thickness").notNull(),
    seats: integer("seats").notNull().default(0),
    origin: text("origin").notNull(),
    size: text("size").notNull(),
    images: jsonb("images").$type<ImageRef[]>().notNull().default([]),
    inventoryId: text("inventory_id").notNull(),
    description: text("description").notNull().default(""),
    sortOrder: integer("sort_order").notNull().default(0),
    searchText: text("search_text").notNull().default(""),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("slabs_search_trgm_idx").using("gist", trigramGist(t.searchText))],
);

export const bases = pgTable(
  "bases",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    material: text("material").notNull(),
    startingPrice: money("starting_price").notNull(),
    salePrice: money("sale_price"),
    visibility: text("visibility").notNull().default("Visible"),
    images: jsonb("images").$type<ImageRef[]>().notNull().default([]),
    inventoryId: text("inventory_id").notNull(),
    description: text("description").notNull().default(""),
    specification: text("specification").notNull().default(""),
    sortOrder: integer("sort_order").notNull().default(0),
    searchText: text("search_text").notNull().default(""),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("bases_search_trgm_idx").using("gist", trigramGist(t.searchText))],
);

export const finishes = pgTable("finishes", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  /** 'metal' or 'wood': metal bases (the Divergence's steel base too) take metal finishes only. */
  kind: text("kind").notNull().default("metal"),
  imageFileName: text("image_file_name").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const portfolioProjects = pgTable("portfolio_projects", {
  id: serial("id").primaryKey(),
  title: text("title").notNull(),
  type: text("type").notNull(),
  species: text("species"),
  year: integer("year"),
  description: text("description").notNull(),
  quote: text("quote"),
  images: jsonb("images").$type<ImageRef[]>().notNull().default([]),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const testimonials = pgTable("testimonials", {
  id: serial("id").primaryKey(),
  message: text("message").notNull(),
  rating: integer("rating").notNull(),
  author: text("author").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const employees = pgTable("employees", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  position: text("position").notNull(),
  description: text("description").notNull(),
  images: jsonb("images").$type<ImageRef[]>().notNull().default([]),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const faqSections = pgTable("faq_sections", {
  id: serial("id").primaryKey(),
  section: text("section").notNull(),
  content: jsonb("content").$type<{ question: string; answer: string }[]>().notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const mediaPosts = pgTable("media_posts", {
  id: serial("id").primaryKey(),
  title: text("title").notNull(),
  content: text("content").notNull(),
  date: timestamp("date", { withTimezone: true }).notNull(),
  images: jsonb("images").$type<ImageRef[]>().notNull().default([]),
  videos: jsonb("videos").$type<VideoRef[]>().notNull().default([]),
  seoTitle: text("seo_title"),
  seoDescription: text("seo_description"),
});

/** Newsletter campaigns kept locally; used when Mailchimp is not configured. */
export const campaigns = pgTable("campaigns", {
  campaignId: text("campaign_id").primaryKey(),
  title: text("title").notNull(),
  description: text("description").notNull(),
  imageUrl: text("image_url").notNull(),
  createdDate: timestamp("created_date", { withTimezone: true }).notNull(),
  html: text("html").notNull(),
});

export const carouselItems = pgTable("carousel_items", {
  id: serial("id").primaryKey(),
  fileName: text("file_name").notNull(),
  title: text("title").notNull(),
  subtitle: text("subtitle").notNull(),
  buttonLink: text("button_link").notNull(),
  buttonText: text("button_text").notNull(),
  isExternal: boolean("is_external").notNull().default(false),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const announcements = pgTable("announcements", {
  id: serial("id").primaryKey(),
  content: text("content").notNull(),
  link: text("link"),
  active: boolean("active").notNull().default(true),
});

export const divergenceMetadata = pgTable("divergence_metadata", {
  divergenceId: integer("divergence_id").primaryKey(),
  title: text("title").notNull(),
  description: text("description").notNull(),
  specification: text("specification").notNull(),
  liveEdgePrice: money("live_edge_price").notNull(),
  ceramicCoatingPrice: money("ceramic_coating_price").notNull(),
  generalImagery: jsonb("general_imagery").$type<ImageRef[]>().notNull().default([]),
});

export const divergenceSpecies = pgTable("divergence_species", {
  id: serial("id").primaryKey(),
  divergenceId: integer("divergence_id").notNull(),
  name: text("name").notNull(),
  speciesGeneralImagery: jsonb("species_general_imagery").$type<ImageRef[]>().notNull().default([]),
  speciesFinishes: jsonb("species_finishes").$type<{ name: string; images: ImageRef[] }[]>().notNull().default([]),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const divergenceSizes = pgTable(
  "divergence_sizes",
  {
    id: serial("id").primaryKey(),
    speciesId: integer("species_id").notNull(),
    size: text("size").notNull(),
    price: money("price").notNull(),
    stock: integer("stock").notNull().default(0),
    /** Lead time (domain/lead-time.ts): in stock, ships within these days; without stock, built in these weeks. */
    leadDays: integer("lead_days").notNull().default(10),
    buildWeeksMin: integer("build_weeks_min").notNull().default(8),
    buildWeeksMax: integer("build_weeks_max").notNull().default(12),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [index("divergence_sizes_species_idx").on(t.speciesId)],
);

/**
 * Newsletter sign-ups, one per e-mail (stored lowercased). With Mailchimp configured each is
 * pushed to the list from here ('pending' → 'sent', with retries); without it, 'local'.
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** What the person wants: 'subscribed', or 'unsubscribed' (taken off the list by the studio). */
    wanted: text("wanted").notNull().default("subscribed"),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    /** The push of `wanted` to Mailchimp (server/jobs): 'pending', 'sent', 'failed', or 'local' with no list. */
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("subscriptions_email_idx").on(t.email),
    index("subscriptions_due_idx").on(t.status, t.nextAttemptAt),
  ],
);

/**
 * Contact enquiries and custom-design commissions, kept whether or not delivery succeeds. The
 * images live under the data folder (`path` relative to it); the studio's mail goes through
 * the outbox. A filled honeypot is kept as spam and never sent.
 */
export const enquiries = pgTable("enquiries", {
  id: serial("id").primaryKey(),
  kind: text("kind").notNull(),
  fields: jsonb("fields").$type<Record<string, string>>().notNull(),
  images: jsonb("images")
    .$type<{ path: string; fileName: string; contentType: string; size: number }[]>()
    .notNull()
    .default([]),
  spam: boolean("spam").notNull().default(false),
  /** The back office's handling: 'open', 'replied' or 'closed'. */
  status: text("status").notNull().default("open"),
  /** Staff's internal notes, oldest first; never shown to the visitor. */
  notes: jsonb("notes").$type<StaffNote[]>().notNull().default([]),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A line of a quote: what the studio will make, at what price. */
export type QuoteLine = { title: string; description: string; price: number; quantity: number };

/**
 * A priced quote the studio wrote from an enquiry (server/quotes/quotes.ts), mailed to the
 * visitor as a link `/quotes/{token}` (only the token's SHA-256 is kept). 'sent' until it is
 * accepted and paid ('accepted', with its order) or withdrawn; while its payment is being made it
 * is 'paying' with the order's reference, so two pages cannot both accept it.
 */
export const quotes = pgTable(
  "quotes",
  {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    enquiryId: integer("enquiry_id"),
    name: text("name").notNull(),
    email: text("email").notNull(),
    lines: jsonb("lines").$type<QuoteLine[]>().notNull(),
    total: money("total").notNull(),
    /** Built in this many weeks, at the least and at the most, after the studio's backlog. */
    buildWeeksMin: integer("build_weeks_min").notNull(),
    buildWeeksMax: integer("build_weeks_max").notNull(),
    /** Paid on acceptance, in percent of the total (100: all of it). */
    depositPercent: integer("deposit_percent").notNull(),
    /** The last day it can be accepted, YYYY-MM-DD in the studio's time zone. */
    validUntil: text("valid_until").notNull(),
    note: text("note").notNull().default(""),
    status: text("status").notNull().default("sent"),
    orderRef: text("order_ref"),
    /** When an acceptance claimed it ('paying'): a claim whose order never came to be is given up after a while. */
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    staffId: integer("staff_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("quotes_token_idx").on(t.tokenHash), index("quotes_enquiry_idx").on(t.enquiryId)],
);

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
    address: jsonb("address").$type<Record<string, string>>().notNull(),
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
    shipping: jsonb("shipping").$type<Record<string, unknown>>(),
    label: jsonb("label").$type<Record<string, unknown>>(),
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
    /** The new-order form's key (server/studio/manual-orders.ts): a second press of its button makes no second order. */
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
    /** What the studio gave back of it (server/studio/orders.ts giveMoneyBack). */
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
    details: jsonb("details").$type<Record<string, unknown>>(),
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
  rate: jsonb("rate").$type<Record<string, unknown>>().notNull(),
  /** The lines the rate was quoted for ("id:quantity" pairs), so it cannot be used for another cart. */
  cartKey: text("cart_key").notNull(),
  /** The destination, normalised (street, city, region, postal code, country). */
  addressKey: text("address_key").notNull().default(""),
  /** The delivery address as quoted, in full. */
  address: jsonb("address").$type<Record<string, string>>(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per running app process, renewed every few seconds. A process whose lease ran out is
 * dead: its pending orders and payment keys are settled at once, not after a long timeout.
 */
export const processLeases = pgTable("process_leases", {
  id: text("id").primaryKey(),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/**
 * Counters of the abuse limits (per client and action, fixed windows), shared by every app
 * process on the database.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull(),
  },
  (t) => [index("rate_limits_window_idx").on(t.windowStart)],
);

/**
 * Mail waiting to be delivered: written in the same transaction as the order or enquiry it is
 * about, then sent (SMTP, or .eml files) with retries, so an outage loses nothing.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    to: text("to").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    /** Files under the data folder to attach: path relative to it, name and type. */
    attachments: jsonb("attachments")
      .$type<{ path: string; filename: string; contentType: string }[]>()
      .notNull()
      .default([]),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [index("mail_outbox_due_idx").on(t.status, t.nextAttemptAt)],
);

/** Field measurements sent by visitors' browsers (POST /api/vitals). */
export const webVitals = pgTable(
  "web_vitals",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    value: doublePrecision("value").notNull(),
    rating: text("rating").notNull(),
    route: text("route").notNull(),
    navigationType: text("navigation_type").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("web_vitals_route_name_idx").on(t.route, t.name)],
);

/**
 * A person who runs the shop from /studio. No account exists until one is added with
 * `npm run staff -- add`; the password is kept only as a scrypt hash (server/staff/passwords.ts).
 */
export const staffAccounts = pgTable(
  "staff_accounts",
  {
    id: serial("id").primaryKey(),
    /** Lowercased. */
    email: text("email").notNull(),
    name: text("name").notNull().default(""),
    /** 'owner' (everything, staff and refunds included) or 'staff'. */
    role: text("role").notNull(),
    passwordHash: text("password_hash").notNull(),
    /** A TOTP secret (base32) once the account has set up a second factor. */
    totpSecret: text("totp_secret"),
    /** The 30 s step of the last TOTP code accepted: a code is taken once (no replay in its window). */
    totpLastStep: integer("totp_last_step"),
    /** Set by an owner: this account may not sign in without its second factor. */
    totpRequired: boolean("totp_required").notNull().default(false),
    disabled: boolean("disabled").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("staff_accounts_email_idx").on(t.email)],
);

/**
 * A signed-in browser. The cookie holds a random token; only its SHA-256 is stored, so a read
 * of this table signs nobody in. Forms carry `csrfToken`, checked on every change.
 */
export const staffSessions = pgTable(
  "staff_sessions",
  {
    id: text("id").primaryKey(),
    staffId: integer("staff_id").notNull(),
    csrfToken: text("csrf_token").notNull(),
    /** Still waiting for the second factor: such a session opens nothing but that step. */
    pendingSecondFactor: boolean("pending_second_factor").notNull().default(false),
    userAgent: text("user_agent").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("staff_sessions_staff_idx").on(t.staffId)],
);

/** Who changed what and when in the back office, with the record before and after. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    staffId: integer("staff_id"),
    staffEmail: text("staff_email").notNull(),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id").notNull(),
    before: jsonb("before").$type<unknown>(),
    after: jsonb("after").$type<unknown>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt)],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Files kept with the data (docs/product.md, "Files live with the data"): catalog photos,
 * enquiry photos and shipping labels, under a path-like key such as `images/slabs/x.jpg`, so
 * every app process on the database serves the same files without a shared disk.
 */
export const blobs = pgTable("blobs", {
  key: text("key").primaryKey(),
  contentType: text("content_type").notNull(),
  size: integer("size").notNull(),
  sha256: text("sha256").notNull(),
  data: bytea("data").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One-time links mailed to staff: an invitation (72 h) or a password reset (1 h). Only the
 * token's SHA-256 is kept; a used or expired row opens nothing.
 */
export const staffTokens = pgTable(
  "staff_tokens",
  {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    staffId: integer("staff_id").notNull(),
    /** 'invite' or 'reset'. */
    kind: text("kind").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("staff_tokens_hash_idx").on(t.tokenHash), index("staff_tokens_staff_idx").on(t.staffId)],
);

/**
 * The shop's own settings and secrets that live with the data, by name: the key that signs
 * known-device cookies, the one-time setup code's hash, when the owner confirmed a backup.
 */
export const appSettings = pgTable("app_settings", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
