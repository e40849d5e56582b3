/**
 * Shipping rates behind our own API (decisions.md "Shipping"): the browser sends the address
 * and the cart's ids and quantities; the server builds the parcels from the database, asks the
 * provider, and remembers each rate it hands out so a payment is charged the quoted amount.
 */
import { z } from "zod";
import { type ShippingFields, validateShipping } from "../../domain/checkout.ts";
import type { Db } from "../db/client.ts";
import { shippingQuotes } from "../db/schema.ts";
import { ApiError } from "../http/errors.ts";
import type { Logger } from "../logger.ts";
import {
  AddressRefused,
  type ShippingAddress,
  type ShippingProvider,
  type ShippingRate,
} from "../shipping/provider.ts";
import { cartLineSchema, priceCart } from "./pricing.ts";

const text = (max: number) => z.string().trim().max(max).default("");

export const addressSchema = z.object({
  firstname: text(100),
  lastname: text(100),
  country: text(2),
  address: text(200),
  city: text(100),
  state: text(100),
  zip: text(20),
  phone: text(40),
  email: text(200),
});

export const ratesRequestSchema = addressSchema.extend({
  products: z.array(cartLineSchema).min(1).max(50),
});

export type RatesAnswer = { rates: ShippingRate[]; specialized: { id: number; title: string }[] };

/** The first shipping-field problem as a 400 with the form's own message (spec §5). */
export function assertShippingFields(fields: ShippingFields): void {
  const errors = validateShipping(fields);
  const first = Object.entries(errors)[0];
  if (first) throw new ApiError(400, "invalid_request", first[1] as string, first[0]);
}

export const toShippingAddress = (a: z.infer<typeof addressSchema>): ShippingAddress => ({
  name: `${a.firstname} ${a.lastname}`.trim(),
  street1: a.address,
  city: a.city,
  state: a.state,
  zip: a.zip,
  country: a.country.toUpperCase(),
  phone: a.phone || undefined,
  email: a.email || undefined,
});

export async function quoteRates(
  deps: { db: Db; shipping: ShippingProvider; logger: Logger; from: () => Promise<ShippingAddress> },
  body: z.infer<typeof ratesRequestSchema>,
): Promise<RatesAnswer> {
  assertShippingFields(body);
  const cart = await priceCart(deps.db, body.products);
  if (cart.parcels.length === 0) return { rates: [], specialized: cart.specialized };
  let rates: ShippingRate[];
  try {
    rates = await deps.shipping.rates(await deps.from(), toShippingAddress(body), cart.parcels);
  } catch (err) {
    // An address the provider cannot ship to as written is the shopper's to correct.
    if (err instanceof AddressRefused) throw new ApiError(400, "invalid_request", err.shopperMessage, err.field);
    deps.logger.error({ err, provider: deps.shipping.name }, "Error fetching shipping rates:");
    throw new ApiError(
      502,
      "shipping_unavailable",
      "We could not calculate shipping just now. Please try again in a moment.",
    );
  }
  if (rates.length > 0) {
    await deps.db
      .insert(shippingQuotes)
      .values(
        rates.map((r) => ({
          objectId: r.object_id,
          provider: deps.shipping.name,
          amount: Number(r.amount),
          currency: r.currency,
          rate: r as unknown as Record<string, unknown>,
          cartKey: cart.cartKey,
        })),
      )
      .onConflictDoNothing();
  }
  return { rates, specialized: cart.specialized };
}
