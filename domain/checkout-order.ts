/**
 * From the cart and the checkout form to what the checkout API is sent (docs/api.md
 * "Checkout"): the order's lines, the rates request, the payment payload, and back from the
 * payload's field names to the form's. Pure: the page calls the API with what these build.
 */
import { digitsOnly, expiryToMMYY } from "./cards.ts";
import { type CartLine, isDivergenceProduct, unitPrice } from "./cart.ts";
import { cartSummary, lineKey, payableCents, payableLines } from "./cart-lines.ts";
import { type CheckoutFields, checkoutTotal, type ShippingFields } from "./checkout.ts";
import type { PaymentRequest, QuotedRate, RatesRequest, SpecializedItem } from "./checkout-wire.ts";
import type { DeliveryAccess } from "./delivery-access.ts";
import { type DepositRule, type DepositSplit, depositOf } from "./deposit.ts";
import type { TopFinish } from "./divergence-builder.ts";
import { toCents, toDollars } from "./money.ts";
import { NO_TAX, type OrderTax, storedTax, type TaxRule, taxOf, taxRuleFor } from "./tax.ts";

/** A shipping rate as the rates API hands it out, with its tax (docs/product.md §3), and a piece the studio delivers. */
export type { QuotedRate, RatesRequest, SpecializedItem };
/** The body of a payment request, as the browser builds it ('payNow' only when a deposit is chosen). */
export type PaymentPayload = Omit<PaymentRequest, "payNow"> & { payNow?: PaymentRequest["payNow"] };

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

/**
 * The order's sales tax as the page has it (domain/tax.ts): `unknown` until the address says
 * where the order goes (a country, and in the US a state); `none` where the studio collects
 * nothing; `pending` while the rule taxes delivery and no carrier's rate is chosen yet; else the tax.
 */
export type CheckoutTax =
  | { kind: "unknown" }
  | { kind: "none" }
  | { kind: "pending"; rule: TaxRule }
  | { kind: "known"; tax: OrderTax };

const inUs = (country: string) => ["US", "USA"].includes(country.trim().toUpperCase());

/**
 * The tax for these lines delivered to this address under the studio's rules: worked out here on
 * the goods (and the rule's delivery) as the server does; with a carrier's rate chosen, the
 * rate's own tax, the server's figure for this order, is the one shown and paid.
 */
export function checkoutTax(
  lines: CartLine[],
  to: Pick<ShippingFields, "country" | "state">,
  rules: readonly TaxRule[],
  rate: QuotedRate | null,
): CheckoutTax {
  const rule = taxRuleFor(rules, { country: to.country, region: to.state });
  const goods = payableCents(lines);
  if (rate) {
    const shipping = toCents(Number(rate.amount));
    const tax = toCents(rate.tax);
    if (!rule && tax === 0) return { kind: "none" };
    return { kind: "known", tax: rule ? storedTax(rule, tax, goods, shipping) : { rule, base: goods + shipping, tax } };
  }
  if (rules.length === 0) return { kind: "none" };
  if (to.country.trim() === "" || (inUs(to.country) && to.state.trim() === "")) return { kind: "unknown" };
  if (!rule) return { kind: "none" };
  if (rule.delivery && needsShippingRate(lines)) return { kind: "pending", rule };
  return { kind: "known", tax: taxOf(rule, goods, 0) };
}

/** The tax in the order's figures: nothing until it is known. */
export const taxInFigures = (tax: CheckoutTax): OrderTax => (tax.kind === "known" ? tax.tax : NO_TAX);

/** The figures the page shows: subtotal of what can be bought, the chosen rate, the sales tax, their total. */
export function orderFigures(lines: CartLine[], rate: QuotedRate | null, tax: OrderTax = NO_TAX) {
  const subtotal = cartSummary(lines).subtotal;
  const shippingTotal = rate ? Number(rate.amount) : 0;
  const taxTotal = toDollars(tax.tax);
  return { subtotal, shippingTotal, taxTotal, total: checkoutTotal(subtotal, shippingTotal, taxTotal) };
}

/** Built to the buyer's order, as the server counts it (server/checkout/pricing.ts): a Divergence table, or a piece with build weeks. */
export const madeToOrder = ({ product: p }: CartLine): boolean => isDivergenceProduct(p) || Boolean(p.leadTime?.weeks);

/**
 * The deposit the checkout offers on these lines and this rate (domain/deposit.ts), the balance
 * carrying its share of the order's tax; null when none is.
 */
export const depositSplit = (lines: CartLine[], rate: QuotedRate | null, rule: DepositRule, tax: OrderTax = NO_TAX) =>
  depositOf(
    payableLines(lines).map((l) => ({ total: l.total, madeToOrder: madeToOrder(l) })),
    rate ? Number(rate.amount) : 0,
    rule,
    tax,
  );

/** What the payment carries beside the form and the lines: the way in, the deposit chosen, the tax shown. */
export type PaymentChoices = {
  /** Answers about the way in, for pieces the studio delivers itself (sent only when one was given). */
  delivery?: DeliveryAccess;
  /** A deposit now instead of the whole: the deposit the page showed. */
  deposit?: DepositSplit | null;
  /** The order's sales tax the page showed (none where the studio collects nothing). */
  tax?: OrderTax;
};

/** The body of POST /api/payment/process-payment: card digits only, expiry as MMYY, the amount with its tax. */
export function paymentPayload(
  f: CheckoutFields,
  lines: CartLine[],
  rate: QuotedRate | null,
  { delivery, deposit, tax = NO_TAX }: PaymentChoices = {},
): PaymentPayload {
  const { shippingTotal, taxTotal, total } = orderFigures(lines, rate, tax);
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
    taxTotal,
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
