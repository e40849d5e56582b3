/**
 * The checks a checkout payment passes before any stock is held or card charged (payment.ts):
 * the form's rules on the payload, the shipping rate quoted for these lines and this address,
 * the browser's figures against the server's to the cent (a 409 with the fresh ones), and the
 * deposit as the request states it. Wire figures are dollars; they are compared in cents.
 */
import { cardBrand } from "../../domain/cards.ts";
import { checkoutTotal, PAYMENT_MESSAGES, RATE_MESSAGES, validateCheckout } from "../../domain/checkout.ts";
import { paymentWireField } from "../../domain/checkout-order.ts";
import type { PaymentRequest } from "../../domain/checkout-wire.ts";
import { depositOf } from "../../domain/deposit.ts";
import { formatPrice } from "../../domain/format.ts";
import { toCents } from "../../domain/money.ts";
import type { Db } from "../db/client.ts";
import { ApiError } from "../http/errors.ts";
import type { ShippingRate } from "../shipping/provider.ts";
import type { PricedCart } from "./pricing.ts";
import { quotedRateFor } from "./quotes.ts";

/** The form's rules (docs/product.md §5) on the payload; the first problem is a 400 naming the payload's field. */
export function assertValid(body: PaymentRequest): void {
  const errors = validateCheckout({
    firstname: body.firstname || body.deliveryName,
    lastname: body.lastname || body.deliveryName,
    country: body.country,
    address: body.address,
    city: body.city,
    state: body.region,
    zip: body.postal,
    phone: body.phone,
    email: body.email,
    cardNumber: body.account,
    expiry: body.expiry,
    cvc: body.cvv2,
    nameOnCard: body.name,
  });
  const first = Object.entries(errors)[0];
  if (first) throw new ApiError(400, "invalid_request", first[1] as string, paymentWireField(first[0]));
  const cvcDigits = body.cvv2.replace(/\D/g, "");
  if (cardBrand(body.account.replace(/\D/g, "")) === "amex" ? cvcDigits.length !== 4 : cvcDigits.length !== 3)
    throw new ApiError(400, "invalid_request", PAYMENT_MESSAGES.cvc, "cvv2");
}

/** A figure the browser sent (dollars on the wire) that is not ours, to the cent. */
const differs = (sent: number | undefined, ours: number) => sent !== undefined && toCents(sent) !== toCents(ours);

/** Compares the browser's figures with ours; a difference is a 409 with the fresh figures. */
export function assertSameFigures(body: PaymentRequest, cart: PricedCart, shippingTotal: number): number {
  const total = checkoutTotal(cart.subtotal, shippingTotal);
  const lineChanged = body.products.some(
    (l, i) => differs(l.price, cart.lines[i]?.unitPrice ?? 0) || differs(l.total, cart.lines[i]?.total ?? 0),
  );
  if (lineChanged || differs(body.shippingTotal, shippingTotal) || differs(body.amount, total)) {
    throw new ApiError(
      409,
      "price_changed",
      "Prices have changed since you added these items. Please review the new total.",
      "amount",
      {
        fresh: {
          products: cart.lines.map((l) => ({
            id: l.itemId,
            title: l.title,
            price: l.unitPrice,
            quantity: l.quantity,
            total: l.total,
          })),
          subtotal: cart.subtotal,
          shippingTotal,
          amount: total,
        },
      },
    );
  }
  return total;
}

export async function quotedRate(db: Db, body: PaymentRequest, cart: PricedCart): Promise<ShippingRate | null> {
  if (cart.parcels.length === 0) return null;
  if (!body.shippingRateId) throw new ApiError(400, "invalid_request", RATE_MESSAGES.noRate, "shippingRateId");
  return quotedRateFor(db, body.shippingRateId, {
    cartKey: cart.cartKey,
    destination: {
      address: body.address,
      city: body.city,
      region: body.region,
      postal: body.postal,
      country: body.country,
    },
  });
}

/**
 * The deposit charged now when the buyer chose one (null: the whole total): the studio's rule
 * on the server's prices (domain/deposit.ts). None offered is a 400 naming `payNow`; a deposit
 * is charged only as the request states it: none stated is a 400 naming `deposit`, and one
 * other than ours is a 409 with the fresh one, as for any price.
 */
export function depositAsked(body: PaymentRequest, cart: PricedCart, shippingTotal: number) {
  if (body.payNow !== "deposit") return null;
  const split = depositOf(cart.lines, shippingTotal, cart.depositRule);
  if (!split)
    throw new ApiError(400, "invalid_request", "payNow: no deposit is offered on this order; pay in full.", "payNow");
  if (body.deposit === undefined)
    throw new ApiError(
      400,
      "invalid_request",
      'deposit: with payNow "deposit", send the deposit the page showed (such as 1250.00). Nothing was charged.',
      "deposit",
    );
  if (differs(body.deposit, split.now))
    throw new ApiError(
      409,
      "price_changed",
      `The deposit is now ${formatPrice(split.now)}. Please review it.`,
      "deposit",
      {
        fresh: { deposit: split.now, balance: split.balance, amount: checkoutTotal(cart.subtotal, shippingTotal) },
      },
    );
  return split.now;
}
