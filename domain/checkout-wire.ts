/**
 * The two checkout requests as they travel (docs/api.md "Checkout"), written once: the server
 * parses bodies with these schemas, and the browser's types are derived from them, so the two
 * sides cannot drift. The browser imports types only, so zod never reaches its bundle.
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

/** The street, city, region, postal code and country a rate was quoted to, compared as one key. */
export type Destination = { address: string; city: string; region: string; postal: string; country: string };

const fold = (v: string) => v.trim().replace(/\s+/g, " ").toUpperCase();

/**
 * The destination as one comparable key: a quote may be paid for only at the address it was
 * quoted to (docs/decisions/004). Case and runs of spaces do not matter; anything else does.
 */
export const destinationKey = (d: Destination): string =>
  [d.address, d.city, d.region, d.postal, d.country].map(fold).join("|");
