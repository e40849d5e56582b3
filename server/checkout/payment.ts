/**
 * POST /api/payment/process-payment (docs/decisions/003 and 004):
 *
 * 1. the Idempotency-Key is claimed (idempotency.ts: a repeat waits for, then returns, the
 *    first answer; a dead process's key is settled at once);
 * 2. the client's limits are checked (payments and declines per window, in the database for
 *    every process), so a stream of bad cards cannot hold stock or probe cards;
 * 3. every line is priced from the database (or, accepting a studio's quote, from the quote:
 *    `CartSource`) and the shipping from the rate quoted, which must have been made for these
 *    lines and this address; a client figure that differs is a 409 carrying the fresh ones; a
 *    deposit asked (`payNow: "deposit"`) is worked out here too, and only it is charged;
 * 4. stock is taken and a pending order written in one transaction (stock.ts: rows locked in
 *    one order, deadlock victims retried);
 * 5. the card is charged (charge.ts: an unknown outcome is looked up by our order id);
 * 6. approved: the order is marked paid with its confirmation mail in one transaction (if that
 *    fails the charge is voided), then the label is bought. Declined or failed: the stock is
 *    released and the pending order removed.
 *
 * Card number, CVC and expiry go to the gateway and nowhere else: not the database, not the
 * logs, not the mail. The order keeps the brand and the last four digits.
 */
import { cardBrand } from "../../domain/cards.ts";
import { checkoutTotal, PAYMENT_MESSAGES, RATE_MESSAGES, validateCheckout } from "../../domain/checkout.ts";
import { paymentWireField } from "../../domain/checkout-order.ts";
import type { PaymentRequest } from "../../domain/checkout-wire.ts";
import { depositOf } from "../../domain/deposit.ts";
import { formatPrice } from "../../domain/format.ts";
import { decimalText, toCents } from "../../domain/money.ts";
import type { Db } from "../db/client.ts";
import { ApiError } from "../http/errors.ts";
import type { Limits } from "../http/limits.ts";
import type { Logger } from "../logger.ts";
import type { MailStudio } from "../mail/buyer-mail.tsx";
import type { Mailer } from "../mail/outbox.ts";
import { newOrderRef } from "../orders/order-ref.ts";
import type { AuthResponse, PaymentGateway } from "../payments/gateway.ts";
import type { ShippingAddress, ShippingProvider, ShippingRate } from "../shipping/provider.ts";
import { approvedAnswer, type PaymentAnswer, refusedAnswer } from "./answers.ts";
import { charge } from "./charge.ts";
import { assertIdempotencyKey, claimKey, releaseKey, requestHash, settleKey } from "./idempotency.ts";
import { buyLabel, recordPaid, reserve } from "./orders.ts";
import { type PricedCart, priceCart } from "./pricing.ts";
import { quotedRateFor } from "./quotes.ts";
import type { StaleOrders } from "./stale-orders.ts";
import { releasePendingOrder } from "./stock.ts";

export type { PaymentAnswer };

type Window = { max: number; windowSeconds: number };

export type PaymentDeps = {
  db: Db;
  gateway: PaymentGateway;
  shipping: ShippingProvider;
  mailer: Mailer;
  logger: Logger;
  /** This process's lease, and the settling of what dead processes left (stale-orders.ts). */
  recovery: StaleOrders;
  limits: Limits;
  /** Per client: payment attempts, and declined cards, in each window. */
  clientLimits: { payments: Window; declines: Window };
  /** How long a line that payments in flight hold waits for their outcome (stock.ts); 8 s unless set. */
  waitForPaymentsMs?: number;
  /** The studio's name and inbox, for the confirmation mail. */
  studio: () => Promise<MailStudio>;
  /** The studio's address, printed on labels as the sender. */
  shipFrom: () => Promise<ShippingAddress>;
  /** Called after stock changed, so catalog answers are rebuilt (here and in other processes). */
  stockChanged: () => void;
  /** The address of the order page a token opens (server/orders/links.ts), for the buyer's mail. */
  orderPageUrl: (token: string) => string;
};

/** The form's rules (docs/product.md §5) on the payload; the first problem is a 400 naming the payload's field. */
function assertValid(body: PaymentRequest): void {
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
function assertSameFigures(body: PaymentRequest, cart: PricedCart, shippingTotal: number): number {
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

async function quotedRate(db: Db, body: PaymentRequest, cart: PricedCart): Promise<ShippingRate | null> {
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
function depositAsked(body: PaymentRequest, cart: PricedCart, shippingTotal: number) {
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

const tooMany = (message: string, retryAfterSeconds: number) =>
  new ApiError(429, "too_many_requests", message, undefined, undefined, { "Retry-After": String(retryAfterSeconds) });

/** What a client's payment limits need: the shared counters and the windows (the checkout's, also used by an order's page). */
export type ClientLimits = Pick<PaymentDeps, "limits" | "clientLimits">;

/**
 * A client past its payment attempts, or with too many declined cards lately, is refused before
 * any stock is held or any card charged (429 with Retry-After). Counts this attempt.
 */
export async function assertWithinLimits(deps: ClientLimits, client: string): Promise<void> {
  const { payments, declines } = deps.clientLimits;
  const attempts = await deps.limits.hit(`payment:${client}`, payments.max, payments.windowSeconds);
  if (!attempts.allowed)
    throw tooMany(
      `Too many payment attempts. Please try again in ${attempts.retryAfterSeconds} seconds.`,
      attempts.retryAfterSeconds,
    );
  const declined = await deps.limits.peek(`decline:${client}`, declines.max, declines.windowSeconds);
  if (!declined.allowed)
    throw tooMany(
      `Too many declined cards. Please try again in ${declined.retryAfterSeconds} seconds.`,
      declined.retryAfterSeconds,
    );
}

/**
 * What an order is made of: the catalog's pieces (the checkout), or a quote the studio wrote
 * (server/quotes/quotes.ts), which is claimed before its card is charged, so two pages cannot
 * both accept it, and given up again if the payment does not go through.
 */
export type CartSource = {
  /** The lines priced, with the deposit their seller offers. */
  price(db: Db, body: PaymentRequest): Promise<PricedCart>;
  /** Before the stock take and the charge: claims it for the order `ref`, or refuses (an ApiError). */
  claim?(ref: string): Promise<void>;
  /** The order `ref` did not go through: its claim is given up. */
  release?(ref: string): Promise<void>;
  /** The order `ref` stands. */
  accepted?(ref: string): Promise<void>;
};

/** The checkout's source: the catalog, priced from the database, with the studio's deposit. */
const catalog: CartSource = { price: (db, body) => priceCart(db, body.products) };

/** A declined card counts against its client (assertWithinLimits refuses past the window's limit). */
export async function countDecline(deps: ClientLimits, client: string): Promise<void> {
  const { declines } = deps.clientLimits;
  await deps.limits.hit(`decline:${client}`, declines.max, declines.windowSeconds);
}

export async function processPayment(
  deps: PaymentDeps,
  key: string | undefined,
  body: PaymentRequest,
  client: string,
  source: CartSource = catalog,
): Promise<PaymentAnswer> {
  assertIdempotencyKey(key);
  assertValid(body);
  const claim = await claimKey(deps.db, deps.recovery, key, requestHash(body));
  if (claim.kind === "replay") return claim.answer;

  const ref = newOrderRef();
  let cart: PricedCart;
  let rate: ShippingRate | null;
  let total: number;
  let orderId: number;
  /** Charged now instead of the total, when the buyer pays a deposit. */
  let deposit: number | null;
  try {
    await assertWithinLimits(deps, client);
    cart = await source.price(deps.db, body);
    rate = await quotedRate(deps.db, body, cart);
    total = assertSameFigures(body, cart, rate ? Number(rate.amount) : 0);
    deposit = depositAsked(body, cart, rate ? Number(rate.amount) : 0);
    await source.claim?.(ref);
    orderId = await reserve(deps, key, ref, body, cart, rate, total, deposit);
  } catch (err) {
    await source.release?.(ref).catch((e) => deps.logger.error({ err: e, orderRef: ref }, "Claim not given up"));
    await releaseKey(deps.db, key);
    throw err;
  }
  deps.stockChanged();

  let auth: AuthResponse;
  try {
    auth = await charge(deps, ref, body, toCents(deposit ?? total));
  } catch (err) {
    deps.logger.error({ err, orderRef: ref }, "Payment failed unexpectedly");
    auth = {
      respstat: "B",
      respcode: "",
      resptext: "Payment failed",
      retref: "",
      amount: decimalText(toCents(deposit ?? total)),
      account: "",
    };
  }
  deps.logger.info(
    { orderRef: ref, respstat: auth.respstat, respcode: auth.respcode, amount: deposit ?? total },
    "Payment answered",
  );

  if (auth.respstat !== "A") {
    // A failed payment leaves no trace in stock, and a declined card counts against the client.
    await releasePendingOrder(deps.db, orderId);
    deps.stockChanged();
    if (auth.respstat === "C") await countDecline(deps, client);
    await source.release?.(ref);
    const answer = refusedAnswer(auth);
    await settleKey(deps.db, key, answer);
    return answer;
  }

  const order = { id: orderId, ref, body, cart, rate, total, deposit };
  if (!(await recordPaid(deps, order, auth))) {
    await source.release?.(ref).catch(() => undefined);
    const answer = refusedAnswer({ ...auth, respstat: "B" });
    await settleKey(deps.db, key, answer).catch(() => undefined);
    return answer;
  }
  await source.accepted?.(ref).catch((err) => deps.logger.error({ err, orderRef: ref }, "Not marked accepted"));
  deps.mailer.kick();

  const label = rate
    ? await buyLabel(deps, orderId, rate, {
        name: body.deliveryName || `${body.firstname} ${body.lastname}`.trim(),
        street1: body.address,
        city: body.city,
        state: body.region,
        zip: body.postal,
        country: body.country.toUpperCase(),
        phone: body.phone || undefined,
        email: body.email,
      })
    : null;
  const answer = approvedAnswer({
    ref,
    auth,
    subtotal: cart.subtotal,
    shippingTotal: rate ? Number(rate.amount) : 0,
    total,
    specialized: cart.specialized,
    label,
    deposit,
  });
  await settleKey(deps.db, key, answer);
  return answer;
}
