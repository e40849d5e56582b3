/**
 * The checkout form's rules (docs/product.md §5), shared by the page and the payment API so both say the
 * same thing: which fields shipping needs, which the payment needs, and their messages.
 */

import { cardBrand, cvcLength } from "./cards.ts";
import { EMAIL } from "./email.ts";
import { type Cents, toCents, toDollars } from "./money.ts";

export type ShippingFields = {
  firstname: string;
  lastname: string;
  country: string;
  address: string;
  city: string;
  state: string;
  zip: string;
};

export type CheckoutFields = ShippingFields & {
  phone: string;
  email: string;
  cardNumber: string;
  expiry: string;
  cvc: string;
  nameOnCard: string;
};

export type FieldErrors<T> = Partial<Record<keyof T, string>>;

export const SHIPPING_MESSAGES: Record<keyof ShippingFields, string> = {
  firstname: "Please provide a first name.",
  lastname: "Please provide a last name.",
  country: "Please select a country.",
  address: "Please provide an address.",
  city: "Please provide a city.",
  state: "Please provide a state or region.",
  zip: "Please provide a postal or zip code.",
};

export const PAYMENT_MESSAGES = {
  email: "Please enter a valid email address.",
  cardNumber: "Please provide a valid credit card number.",
  cvc: "Please provide a valid CVC number.",
  expiry: "Please provide a valid expiry date.",
  nameOnCard: "Please provide a valid cardholder name.",
} as const;

/** What the checkout says about shipping rates, in the browser and from the API alike. */
export const RATE_MESSAGES = {
  /** No rate chosen for a cart that needs one. */
  noRate: "Please calculate shipping and choose a rate.",
  /** The rates could not be had (the provider failed, or no answer). */
  unreachable: "We could not calculate shipping just now. Please try again in a moment.",
} as const;

const blank = (v: string | undefined) => !v || v.trim() === "";
const digits = (v: string | undefined) => (v ?? "").replace(/\D/g, "");

/** What shipping-rate calculation needs (docs/product.md §5). */
export function validateShipping(f: Partial<ShippingFields>): FieldErrors<ShippingFields> {
  const errors: FieldErrors<ShippingFields> = {};
  for (const key of Object.keys(SHIPPING_MESSAGES) as (keyof ShippingFields)[]) {
    if (blank(f[key])) errors[key] = SHIPPING_MESSAGES[key];
  }
  return errors;
}

/**
 * What a payment needs: the shipping fields, an e-mail of the standard shape, a card number of
 * at least 16 digits (American Express has 15 and Diners Club 14: the spec's "16 characters"
 * counted the formatted number, spaces included), the brand's CVC (4 digits for American
 * Express, 3 for the others), an expiry of 4 digits (MMYY) and the cardholder's name.
 */
export function validateCheckout(f: Partial<CheckoutFields>): FieldErrors<CheckoutFields> {
  const errors: FieldErrors<CheckoutFields> = validateShipping(f);
  if (!EMAIL.test((f.email ?? "").trim())) errors.email = PAYMENT_MESSAGES.email;
  return { ...errors, ...validateCard(f) };
}

export type CardFields = Pick<CheckoutFields, "cardNumber" | "cvc" | "expiry" | "nameOnCard">;

/** The card's part of the checkout's rules (above), also what a payment from an order's page is held to. */
export function validateCard(f: Partial<CardFields>): FieldErrors<CardFields> {
  const errors: FieldErrors<CardFields> = {};
  const card = digits(f.cardNumber);
  const brand = cardBrand(card);
  const shortest = brand === "amex" ? 15 : brand === "diners" ? 14 : 16;
  if (card.length < shortest || card.length > 19) errors.cardNumber = PAYMENT_MESSAGES.cardNumber;
  const cvc = digits(f.cvc);
  if (cvc.length !== cvcLength(brand)) errors.cvc = PAYMENT_MESSAGES.cvc;
  const expiry = digits(f.expiry);
  const month = Number(expiry.slice(0, 2));
  if (expiry.length !== 4 || month < 1 || month > 12) errors.expiry = PAYMENT_MESSAGES.expiry;
  if (blank(f.nameOnCard)) errors.nameOnCard = PAYMENT_MESSAGES.nameOnCard;
  return errors;
}

/**
 * Total = subtotal + the chosen shipping amount (docs/product.md §4) + the sales tax where the
 * studio collects it (domain/tax.ts; prices are shown before tax), in cents.
 */
export const checkoutTotalCents = (subtotal: Cents, shipping: Cents, tax: Cents = 0): Cents =>
  subtotal + shipping + tax;

/** The same for dollar figures (the wire's, the database's): added in cents, dollars out. */
export const checkoutTotal = (subtotal: number, shipping: number, tax = 0): number =>
  toDollars(checkoutTotalCents(toCents(subtotal), toCents(shipping), toCents(tax)));
