/**
 * From the cart and the checkout form to what the checkout API is sent (docs/api.md
 * "Checkout"): the order's lines, the rates request, the payment payload, and back from the
 * payload's field names to the form's. Pure: the page calls the API with what these build.
 */
import { digitsOnly, expiryToMMYY } from "./cards.ts";
import { type CartLine, isDivergenceProduct, unitPrice } from "./cart.ts";
import { cartSummary, lineKey, payableLines } from "./cart-lines.ts";
import { type CheckoutFields, checkoutTotal, type ShippingFields } from "./checkout.ts";
import type { PaymentRequest, RatesRequest } from "./checkout-wire.ts";
import type { DeliveryAccess } from "./delivery-access.ts";
import { type DepositRule, type DepositSplit, depositOf } from "./deposit.ts";
import type { TopFinish } from "./divergence-builder.ts";

export type { RatesRequest };
/** The body of a payment request, as the browser builds it ('payNow' only when a deposit is chosen). */
export type PaymentPayload = Omit<PaymentRequest, "payNow"> & { payNow?: PaymentRequest["payNow"] };

/** A shipping rate as the rates API hands it out (docs/product.md §3 "Shipping rate"). */
export type QuotedRate = {
  object_id: string;
  /** Decimal string, "23.50". */
  amount: string;
  currency: string;
  provider: string;
  servicelevel: { name: string; token: string };
  estimated_days: number | null;
  duration_terms: string;
  carrier_account: string;
};

/** A piece the studio delivers itself (custom shipping): no rate is needed for it. */
export type SpecializedItem = { id: number; title: string };

export type StockOrderLine = { id: number; title: string; price: number; quantity: number; total: number };

export type DivergenceOrderLine = {
  type: "Divergence";
  id: number;
  sizeId?: number;
  species: string;
  size: string;
  liveEdge: "Yes" | "No";
  baseFinish: string;
  topFinish: TopFinish;
  title: string;
  price: number;
  quantity: number;
  total: number;
};

export type OrderLine = StockOrderLine | DivergenceOrderLine;

/**
 * The order's lines: only what can be bought (out-of-stock lines and zero quantities stay in the
 * cart but are not sent), each with its unit price and total as the page shows them.
 */
export function orderLines(lines: CartLine[]): OrderLine[] {
  return payableLines(lines).map(({ product: p, quantity, total }): OrderLine => {
    if (!isDivergenceProduct(p)) return { id: p.id, title: p.title, price: unitPrice(p), quantity, total };
    const line: DivergenceOrderLine = {
      type: "Divergence",
      id: p.id,
      species: p.species,
      size: p.size,
      liveEdge: p.liveEdge,
      baseFinish: p.baseFinish,
      topFinish: p.topFinish,
      title: p.title,
      price: unitPrice(p),
      quantity,
      total,
    };
    if (p.sizeId !== undefined) line.sizeId = p.sizeId;
    return line;
  });
}

/** A carrier ships it: not a Divergence table and not flagged for custom shipping. */
export const shipsByCarrier = ({ product: p }: CartLine): boolean => !isDivergenceProduct(p) && !p.customShipping;

/** Whether paying needs a chosen shipping rate: some piece to buy goes by carrier. */
export const needsShippingRate = (lines: CartLine[]): boolean => payableLines(lines).some(shipsByCarrier);

/** The pieces to buy that show 'Specialized' shipping, as the cart knows them before any quote. */
export const specializedItems = (lines: CartLine[]): SpecializedItem[] =>
  payableLines(lines)
    .filter((l) => !shipsByCarrier(l))
    .map(({ product: p }) => ({ id: p.id, title: p.title }));

const norm = (v: string) => v.trim().replace(/\s+/g, " ").toUpperCase();

/**
 * What a quote was made for: the address (a carrier's rate is tied to it) and the lines with
 * their quantities. A different key means the rates no longer apply and must be recalculated.
 */
export function quoteKey(f: ShippingFields, lines: CartLine[]): string {
  const address = [f.firstname, f.lastname, f.country, f.address, f.city, f.state, f.zip].map(norm).join("|");
  const cart = payableLines(lines)
    .map((l) => `${lineKey(l)}x${l.quantity}`)
    .join(",");
  return `${address}#${cart}`;
}

export function ratesRequest(f: CheckoutFields, lines: CartLine[]): RatesRequest {
  return {
    firstname: f.firstname.trim(),
    lastname: f.lastname.trim(),
    country: f.country,
    address: f.address.trim(),
    city: f.city.trim(),
    state: f.state.trim(),
    zip: f.zip.trim(),
    phone: f.phone.trim(),
    email: f.email.trim(),
    products: orderLines(lines),
  };
}

/** The figures the page shows: subtotal of what can be bought, the chosen rate, their total. */
export function orderFigures(lines: CartLine[], rate: QuotedRate | null) {
  const subtotal = cartSummary(lines).subtotal;
  const shippingTotal = rate ? Number(rate.amount) : 0;
  return { subtotal, shippingTotal, total: checkoutTotal(subtotal, shippingTotal) };
}

/** Built to the buyer's order, as the server counts it (server/checkout/pricing.ts): a Divergence table, or a piece with build weeks. */
export const madeToOrder = ({ product: p }: CartLine): boolean => isDivergenceProduct(p) || Boolean(p.leadTime?.weeks);

/** The deposit the checkout offers on these lines and this rate (domain/deposit.ts); null when none is. */
export const depositSplit = (lines: CartLine[], rate: QuotedRate | null, rule: DepositRule) =>
  depositOf(
    payableLines(lines).map((l) => ({ total: l.total, madeToOrder: madeToOrder(l) })),
    rate ? Number(rate.amount) : 0,
    rule,
  );

/** The body of POST /api/payment/process-payment: card digits only, expiry as MMYY. */
export function paymentPayload(
  f: CheckoutFields,
  lines: CartLine[],
  rate: QuotedRate | null,
  delivery?: DeliveryAccess,
  /** A deposit now instead of the whole: the deposit the page showed. */
  deposit?: DepositSplit | null,
): PaymentPayload {
  const { shippingTotal, total } = orderFigures(lines, rate);
  const firstname = f.firstname.trim();
  const lastname = f.lastname.trim();
  return {
    firstname,
    lastname,
    deliveryName: `${firstname} ${lastname}`.trim(),
    country: f.country,
    address: f.address.trim(),
    city: f.city.trim(),
    region: f.state.trim(),
    postal: f.zip.trim(),
    phone: f.phone.trim(),
    email: f.email.trim(),
    account: digitsOnly(f.cardNumber),
    expiry: expiryToMMYY(f.expiry) ?? digitsOnly(f.expiry),
    cvv2: digitsOnly(f.cvc),
    name: f.nameOnCard.trim(),
    amount: total,
    currency: "USD",
    shippingTotal,
    shippingRateId: rate?.object_id ?? null,
    products: orderLines(lines),
    ...(delivery && Object.values(delivery).some((v) => v.trim() !== "") ? { delivery } : {}),
    // Paying in full sends the specification's payload unchanged.
    ...(deposit ? { payNow: "deposit" as const, deposit: deposit.now } : {}),
  };
}

/** Where the payment request names a form field differently (the rest share their names). */
const PAYMENT_WIRE_NAMES = {
  state: "region",
  zip: "postal",
  cardNumber: "account",
  cvc: "cvv2",
  nameOnCard: "name",
} as const satisfies Partial<Record<keyof CheckoutFields, string>>;

const formFieldOfWire: Record<string, keyof CheckoutFields> = {
  firstname: "firstname",
  lastname: "lastname",
  deliveryName: "firstname",
  country: "country",
  address: "address",
  city: "city",
  state: "state",
  zip: "zip",
  phone: "phone",
  email: "email",
  expiry: "expiry",
  ...Object.fromEntries(Object.entries(PAYMENT_WIRE_NAMES).map(([form, wire]) => [wire, form])),
};

/** The payment request's name of a form field (`state` is `region`, `cardNumber` is `account`, ...). */
export const paymentWireField = (formField: string): string =>
  (PAYMENT_WIRE_NAMES as Record<string, string>)[formField] ?? formField;

/** The form field an API error names (`region` is the state, `account` the card number, ...), or null. */
export const formFieldFor = (wireField: string | undefined): keyof CheckoutFields | null =>
  (wireField !== undefined && Object.hasOwn(formFieldOfWire, wireField) ? formFieldOfWire[wireField] : null) ?? null;
