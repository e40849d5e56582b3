/**
 * The two checkout requests and their answers as they travel (docs/api.md "Checkout"), written
 * once: the server parses bodies with the request schemas and types its answers by the answer
 * schemas, the browser's types are derived from both, and the API tests parse real answers with
 * them, so the sides cannot drift. The browser imports types only, so zod never reaches its bundle.
 */
import { z } from "zod";
import { DELIVERY_FLOORS, DELIVERY_LIFT, DELIVERY_STAIRS } from "./delivery-access.ts";
import { PAY_NOW } from "./deposit.ts";
import { TOP_FINISHES } from "./divergence-builder.ts";

/** PostgreSQL integers: a larger id is refused here, not by the database. */
const MAX_ID = 2_147_483_647;
const id = () => z.number().int().positive().max(MAX_ID);
const text = (max: number) => z.string().trim().max(max).default("");

/** A cart line: a product id and quantity, or a configured Divergence table (every choice named). */
export const cartLineSchema = z
  .object({
    id: id(),
    quantity: z.number().int().min(1).max(99),
    type: z.string().max(40).optional(),
    title: z.string().max(300).optional(),
    price: z.number().nonnegative().optional(),
    total: z.number().nonnegative().optional(),
    species: z.string().max(100).optional(),
    size: z.string().max(100).optional(),
    sizeId: id().optional(),
    liveEdge: z.enum(["Yes", "No"]).optional(),
    baseFinish: z.string().max(100).optional(),
    topFinish: z.enum(TOP_FINISHES).optional(),
  })
  .superRefine((line, ctx) => {
    if (line.type !== "Divergence") return;
    for (const key of ["species", "size", "sizeId", "liveEdge", "baseFinish", "topFinish"] as const) {
      if (line[key] === undefined)
        ctx.addIssue({ code: "custom", path: [key], message: "is required for a Divergence table" });
    }
  });

const cartLines = z.array(cartLineSchema).min(1).max(50);

/** POST /api/shipping/rates: where to, and what. */
export const ratesRequestSchema = z.object({
  firstname: text(100),
  lastname: text(100),
  country: text(2),
  address: text(200),
  city: text(100),
  state: text(100),
  zip: text(20),
  phone: text(40),
  email: text(200),
  products: cartLines,
});

/** Answers about the way in, for pieces the studio delivers itself (domain/delivery-access.ts). */
const orEmpty = <T extends readonly [string, ...string[]]>(values: T) => z.enum(["", ...values]).default("");
export const deliveryAccessSchema = z.object({
  floor: orEmpty(DELIVERY_FLOORS),
  stairs: orEmpty(DELIVERY_STAIRS),
  lift: orEmpty(DELIVERY_LIFT),
  /** The narrowest doorway or turn on the way in, in inches. */
  doorway: z
    .string()
    .trim()
    .max(10)
    .regex(/^(\d{1,3}(\.\d{1,2})?)?$/, "the narrowest doorway in inches, such as 32")
    .default(""),
  notes: text(1000),
});

/** POST /api/payment/process-payment: the payload of docs/product.md §7, plus the chosen quote's id and the buyer's names. */
export const paymentRequestSchema = z.object({
  firstname: text(100),
  lastname: text(100),
  deliveryName: text(200),
  country: text(2),
  address: text(200),
  city: text(100),
  region: text(100),
  postal: text(20),
  phone: text(40),
  email: text(200),
  account: text(30),
  expiry: text(7),
  cvv2: text(4),
  name: text(200),
  amount: z.number().nonnegative().max(10_000_000),
  currency: z.literal("USD").default("USD"),
  shippingTotal: z.number().nonnegative().max(1_000_000).default(0),
  /** The sales tax the page showed (domain/tax.ts), when it sends it: a different one is a 409, as is an `amount` without the tax. */
  taxTotal: z.number().nonnegative().max(1_000_000).optional(),
  shippingRateId: z.string().max(500).nullish(),
  products: cartLines,
  /** Answers about the way in, for pieces the studio delivers itself. */
  delivery: deliveryAccessSchema.optional(),
  /** 'deposit': charge only the deposit on made-to-order pieces now (domain/deposit.ts); the balance later. */
  payNow: z.enum(PAY_NOW).default("full"),
  /** With 'deposit', the deposit the browser showed: a different one is a 409 with the fresh figures. */
  deposit: z.number().nonnegative().max(10_000_000).optional(),
});

// The parsed shapes: what the server works with, and what the browser builds in full.
export type CartLineInput = z.infer<typeof cartLineSchema>;
export type RatesRequest = z.infer<typeof ratesRequestSchema>;
export type PaymentRequest = z.infer<typeof paymentRequestSchema>;

/** Dollars as the answers carry them (numbers with up to two decimals; tax and totals). */
const dollars = () => z.number().nonnegative();

/** A piece the studio delivers itself (custom shipping): no carrier's rate is needed for it. */
export const specializedItemSchema = z.object({ id: z.number().int(), title: z.string() });

/** A shipping rate as the rates API hands it out (docs/product.md §3), with the sales tax the order pays with it. */
export const quotedRateSchema = z.object({
  object_id: z.string(),
  /** Decimal text, "23.50". */
  amount: z.string().regex(/^\d+(\.\d{1,2})?$/),
  currency: z.literal("USD"),
  provider: z.string(),
  servicelevel: z.object({ name: z.string(), token: z.string() }),
  estimated_days: z.number().nullable(),
  duration_terms: z.string(),
  carrier_account: z.string(),
  /** The order's sales tax with this rate (domain/tax.ts): the figure to show and pay. */
  tax: dollars(),
});

/** 200 from POST /api/shipping/rates: the rates, the pieces the studio delivers, and the tax without any rate. */
export const ratesAnswerSchema = z.object({
  rates: z.array(quotedRateSchema),
  specialized: z.array(specializedItemSchema),
  /** The order's sales tax on its goods alone: a cart the studio delivers has no rate. */
  tax: dollars(),
});

/** What the gateway said, as the specification's page reads it (respstat A approved, B error, C declined). */
const gatewayDataSchema = z.object({
  respstat: z.enum(["A", "B", "C"]),
  respcode: z.string(),
  resptext: z.string(),
  amount: z.string(),
});

/** The carrier's label bought for the order: a PDF and a tracking page (status other than SUCCESS: none could be bought). */
export const shippingLabelSchema = z.object({
  status: z.enum(["SUCCESS", "ERROR", "QUEUED", "WAITING"]),
  label_url: z.string(),
  tracking_url_provider: z.string(),
  tracking_number: z.string(),
});

/** The order's money in the approved answer, dollars: the total is subtotal + shipping + tax. */
export const orderFiguresSchema = z.object({
  subtotal: dollars(),
  shippingTotal: dollars(),
  taxTotal: dollars(),
  total: dollars(),
});

/** 200 from POST /api/payment/process-payment: approved with the order, or declined, or an error (nothing charged). */
export const paymentAnswerSchema = z.discriminatedUnion("status", [
  z.object({
    status: z.literal("approved"),
    orderId: z.string(),
    data: gatewayDataSchema,
    order: orderFiguresSchema,
    specialized: z.array(specializedItemSchema),
    /** Null when no carrier takes any piece. */
    label: shippingLabelSchema.nullable(),
    /** Only when a deposit was paid: it, and the balance left (its share of tax included). */
    deposit: z.object({ paid: dollars(), balance: dollars() }).optional(),
  }),
  z.object({ status: z.enum(["declined", "error"]), data: gatewayDataSchema, label: z.null() }),
]);

const freshLineSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  price: dollars(),
  quantity: z.number().int(),
  total: dollars(),
});

/**
 * The server's figures beside a 409 price_changed: the lines, shipping, tax and amount when a
 * price or the total differs, or the deposit and balance when the deposit does. Both carry the
 * order's `amount`, tax included.
 */
export const freshFiguresSchema = z.union([
  z.object({
    products: z.array(freshLineSchema),
    subtotal: dollars(),
    shippingTotal: dollars(),
    taxTotal: dollars(),
    amount: dollars(),
  }),
  z.object({ deposit: dollars(), balance: dollars(), amount: dollars() }),
]);

/** Every refusal (4xx and 5xx) of the checkout API: the error, the field it names, and with a 409 price_changed the fresh figures. */
export const errorAnswerSchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), field: z.string().optional() }),
  fresh: freshFiguresSchema.optional(),
});

// The answers' shapes: what the server sends, and what the browser reads.
export type SpecializedItem = z.infer<typeof specializedItemSchema>;
export type QuotedRate = z.infer<typeof quotedRateSchema>;
export type RatesAnswer = z.infer<typeof ratesAnswerSchema>;
export type ShippingLabel = z.infer<typeof shippingLabelSchema>;
export type PaymentAnswerBody = z.infer<typeof paymentAnswerSchema>;
export type FreshFigures = z.infer<typeof freshFiguresSchema>;
export type ErrorAnswer = z.infer<typeof errorAnswerSchema>;

/** The street, city, region, postal code and country a rate was quoted to, compared as one key. */
export type Destination = { address: string; city: string; region: string; postal: string; country: string };

const fold = (v: string) => v.trim().replace(/\s+/g, " ").toUpperCase();

/**
 * The destination as one comparable key: a quote may be paid for only at the address it was
 * quoted to (docs/decisions/004). Case and runs of spaces do not matter; anything else does.
 */
export const destinationKey = (d: Destination): string =>
  [d.address, d.city, d.region, d.postal, d.country].map(fold).join("|");
