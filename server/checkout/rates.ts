/**
 * Shipping rates behind our own API (docs/decisions/003 and 004): the browser sends the address
 * and the cart's ids and quantities; the server builds the parcels from the database (one per
 * unit), asks the provider, and remembers each rate it hands out with the cart and address it
 * was quoted for, so a payment is charged the quoted amount for that cart and that address only.
 */

import { RATE_MESSAGES, type ShippingFields, validateShipping } from "../../domain/checkout.ts";
import type { RatesAnswer, RatesRequest } from "../../domain/checkout-wire.ts";
import { type Cents, toCents, toDollars } from "../../domain/money.ts";
import { taxOf, taxRuleFor } from "../../domain/tax.ts";
import type { Db } from "../db/client.ts";
import { ApiError } from "../http/errors.ts";
import type { Logger } from "../logger.ts";
import {
  AddressRefused,
  type ShippingAddress,
  type ShippingProvider,
  type ShippingRate,
} from "../shipping/provider.ts";
import { priceCart } from "./pricing.ts";
import { rememberQuotes } from "./quotes.ts";

/** The first shipping-field problem as a 400 with the form's own message (docs/product.md §5). */
export function assertShippingFields(fields: ShippingFields): void {
  const errors = validateShipping(fields);
  const first = Object.entries(errors)[0];
  if (first) throw new ApiError(400, "invalid_request", first[1] as string, first[0]);
}

const toShippingAddress = (a: RatesRequest): ShippingAddress => ({
  name: `${a.firstname} ${a.lastname}`.trim(),
  street1: a.address,
  city: a.city,
  state: a.state,
  zip: a.zip,
  country: a.country.toUpperCase(),
  phone: a.phone || undefined,
  email: a.email || undefined,
});

/**
 * The rates for an address and cart, in the answer's declared shape (domain/checkout-wire.ts
 * ratesAnswerSchema): each rate with the sales tax the order would pay with it (dollars,
 * domain/tax.ts), and the tax without any carrier's rate (a cart the studio delivers has no
 * rates). The payment's amount must include the tax of the rate chosen.
 */
export async function quoteRates(
  deps: { db: Db; shipping: ShippingProvider; logger: Logger; from: () => Promise<ShippingAddress> },
  body: RatesRequest,
): Promise<RatesAnswer> {
  assertShippingFields(body);
  const cart = await priceCart(deps.db, body.products);
  const rule = taxRuleFor(cart.taxRules, { country: body.country, region: body.state });
  const goods = cart.subtotal;
  const taxWith = (shipping: Cents) => toDollars(taxOf(rule, goods, shipping).tax);
  if (cart.parcels.length === 0) return { rates: [], specialized: cart.specialized, tax: taxWith(0) };
  let rates: ShippingRate[];
  try {
    rates = await deps.shipping.rates(await deps.from(), toShippingAddress(body), cart.parcels);
  } catch (err) {
    // An address the provider cannot ship to as written is the shopper's to correct.
    if (err instanceof AddressRefused) throw new ApiError(400, "invalid_request", err.shopperMessage, err.field);
    deps.logger.error({ err, provider: deps.shipping.name }, "Error fetching shipping rates:");
    throw new ApiError(502, "shipping_unavailable", RATE_MESSAGES.unreachable);
  }
  const { products: _lines, ...address } = body;
  const quoted = await rememberQuotes(deps.db, deps.shipping.name, rates, {
    cartKey: cart.cartKey,
    destination: {
      address: body.address,
      city: body.city,
      region: body.state,
      postal: body.zip,
      country: body.country,
    },
    address,
  });
  return {
    rates: quoted.map((r) => ({ ...r, tax: taxWith(toCents(Number(r.amount))) })),
    specialized: cart.specialized,
    tax: taxWith(0),
  };
}
