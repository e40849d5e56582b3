/**
 * Shipping quotes as the checkout keeps them (docs/decisions/004): every rate handed out gets
 * an id of its own and is stored with the cart lines and the delivery address it was quoted
 * for. A payment may use it only for those; anything else is `409 shipping_changed`.
 *
 * The id is never derived from the rate (service, amount, zone, weight): two carts that weigh
 * the same to the same address would share it, and the second could never pay.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { type Destination, destinationKey } from "../../domain/checkout-wire.ts";
import { toDollars } from "../../domain/money.ts";
import type { QuotedAddress } from "../../domain/order-records.ts";
import type { Db } from "../db/client.ts";
import { shippingQuotes } from "../db/schema.ts";
import { ApiError } from "../http/errors.ts";
import { rateCents, type ShippingRate } from "../shipping/provider.ts";

const quoteId = () => `q_${randomBytes(18).toString("base64url")}`;

/**
 * Stores the provider's rates for this cart and address; resolves with them as the shopper
 * sees them, each under its own quote id (the provider's id stays stored, for the label).
 */
export async function rememberQuotes(
  db: Db,
  provider: string,
  rates: ShippingRate[],
  quotedFor: { cartKey: string; destination: Destination; address: QuotedAddress },
): Promise<ShippingRate[]> {
  if (rates.length === 0) return [];
  const quoted = rates.map((rate) => ({ rate, id: quoteId() }));
  await db.insert(shippingQuotes).values(
    quoted.map(({ rate, id }) => ({
      objectId: id,
      provider,
      amount: toDollars(rateCents(rate)),
      currency: rate.currency,
      rate,
      cartKey: quotedFor.cartKey,
      addressKey: destinationKey(quotedFor.destination),
      address: quotedFor.address,
    })),
  );
  return quoted.map(({ rate, id }) => ({ ...rate, object_id: id }));
}

const changed = (message: string) => new ApiError(409, "shipping_changed", message, "shippingRateId");

/** The provider's rate behind a quote id, if it was quoted for exactly this cart and destination. */
export async function quotedRateFor(
  db: Db,
  quoteIdOfPayment: string,
  cart: { cartKey: string; destination: Destination },
): Promise<ShippingRate> {
  const [quote] = await db.select().from(shippingQuotes).where(eq(shippingQuotes.objectId, quoteIdOfPayment));
  if (!quote) throw changed("This shipping rate is unknown or has expired. Please calculate shipping again.");
  if (quote.cartKey !== cart.cartKey)
    throw changed("Your cart changed since shipping was calculated. Please calculate shipping again.");
  if (quote.addressKey !== destinationKey(cart.destination))
    throw changed("The delivery address changed since shipping was calculated. Please calculate shipping again.");
  return quote.rate;
}
