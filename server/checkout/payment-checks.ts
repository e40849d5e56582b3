/**
 * The checks a checkout payment passes before any stock is held or card charged (payment.ts):
 * the form's rules on the payload, the shipping rate quoted for these lines and this address,
 * the browser's figures against the server's to the cent (a 409 with the fresh ones), and the
 * deposit as the request states it. Wire figures are dollars; they are compared in cents.
 */
import { cardBrand } from "../../domain/cards.ts";
import { PAYMENT_MESSAGES, RATE_MESSAGES, validateCheckout } from "../../domain/checkout.ts";
import { paymentWireField } from "../../domain/checkout-order.ts";
import type { PaymentRequest } from "../../domain/checkout-wire.ts";
import { type DepositCents, depositCents } from "../../domain/deposit.ts";
import { type Cents, formatCents, toCents, toDollars } from "../../domain/money.ts";
import { type OrderTax, taxOf, taxRuleFor } from "../../domain/tax.ts";
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
const differs = (sent: number | undefined, ours: Cents) => sent !== undefined && toCents(sent) !== ours;

/** What the server makes of an order's money: goods, shipping, the tax on them for where it goes, and their total. */
export type OrderFigures = { subtotal: Cents; shipping: Cents; tax: OrderTax; total: Cents };

/** The order's figures: the sales tax is the studio's rule for the delivery's state (domain/tax.ts). */
export function orderFigures(body: Pick<PaymentRequest, "country" | "region">, cart: PricedCart, shipping: Cents) {
  const subtotal = cart.subtotal;
  const tax = taxOf(taxRuleFor(cart.taxRules, body), subtotal, shipping);
  return { subtotal, shipping, tax, total: subtotal + shipping + tax.tax };
}

/** Compares the browser's figures with ours; a difference is a 409 with the fresh figures. */
export function assertSameFigures(body: PaymentRequest, cart: PricedCart, shipping: Cents): OrderFigures {
  const figures = orderFigures(body, cart, shipping);
  const lineChanged = body.products.some(
    (l, i) => differs(l.price, cart.lines[i]?.unitPrice ?? 0) || differs(l.total, cart.lines[i]?.total ?? 0),
  );
  if (
    lineChanged ||
    differs(body.shippingTotal, shipping) ||
    differs(body.taxTotal, figures.tax.tax) ||
    differs(body.amount, figures.total)
  ) {
    throw new ApiError(
      409,
      "price_changed",
      "Prices have changed since you added these items. Please review the new total.",
      "amount",
      { fresh: freshFigures(cart, figures) },
    );
  }
  return figures;
}

/** The 409's fresh figures (dollars, as the wire carries them), shaped here once. */
export const freshFigures = (cart: PricedCart, figures: OrderFigures) => ({
  products: cart.lines.map((l) => ({
    id: l.itemId,
    title: l.title,
    price: toDollars(l.unitPrice),
    quantity: l.quantity,
    total: toDollars(l.total),
  })),
  subtotal: toDollars(figures.subtotal),
  shippingTotal: toDollars(figures.shipping),
  taxTotal: toDollars(figures.tax.tax),
  amount: toDollars(figures.total),
});

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
 * on the server's prices (domain/deposit.ts), carrying its share of the tax. None offered is a
 * 400 naming `payNow`; a deposit is charged only as the request states it: none stated is a 400
 * naming `deposit`, and one other than ours is a 409 with the fresh one, as for any price.
 */
export function depositAsked(body: PaymentRequest, cart: PricedCart, figures: OrderFigures): DepositCents | null {
  if (body.payNow !== "deposit") return null;
  const split = depositCents(
    cart.lines.map((l) => ({ cents: l.total, madeToOrder: l.madeToOrder })),
    figures.shipping,
    cart.depositRule,
    figures.tax,
  );
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
      `The deposit is now ${formatCents(split.now)}. Please review it.`,
      "deposit",
      {
        fresh: { deposit: toDollars(split.now), balance: toDollars(split.balance), amount: toDollars(figures.total) },
      },
    );
  return split;
}
