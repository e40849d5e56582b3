/**
 * POST /api/payment/process-payment (docs/decisions/003 and 004):
 *
 * 1. the Idempotency-Key is claimed (idempotency.ts: a repeat waits for, then returns, the
 *    first answer; a dead process's key is settled at once);
 * 2. the payload is checked and the client's limits too (payment-checks.ts and
 *    server/payments/client-limits.ts: payments and declines per window, in the database for
 *    every process), so a stream of bad cards cannot hold stock or probe cards;
 * 3. every line is priced from the database (or, accepting a studio's quote, from the quote:
 *    `CartSource`) and the shipping from the rate quoted, which must have been made for these
 *    lines and this address; a client figure that differs is a 409 carrying the fresh ones; a
 *    deposit asked (`payNow: "deposit"`) is worked out here too, and only it is charged;
 * 4. stock is taken and a pending order written in one transaction (stock.ts: rows locked in
 *    one order, deadlock victims retried);
 * 5. the card is charged through the one payment path (server/payments/take-payment.ts: an
 *    unknown outcome is looked up by our order id and voided; a declined card is counted);
 * 6. approved: the order is marked paid with its confirmation mail in one transaction (if that
 *    fails the charge is voided), then the label is bought. Declined or failed: the stock is
 *    released and the pending order removed.
 *
 * Card number, CVC and expiry go to the gateway and nowhere else: not the database, not the
 * logs, not the mail. The order keeps the brand and the last four digits.
 */
import type { PaymentRequest } from "../../domain/checkout-wire.ts";
import type { DepositCents } from "../../domain/deposit.ts";
import { toCents, toDollars } from "../../domain/money.ts";
import type { Db } from "../db/client.ts";
import type { Logger } from "../logger.ts";
import type { MailStudio } from "../mail/buyer-mail.tsx";
import type { Mailer } from "../mail/outbox.ts";
import { newOrderRef } from "../orders/order-ref.ts";
import { assertWithinLimits, type ClientLimits, countDecline } from "../payments/client-limits.ts";
import type { PaymentGateway } from "../payments/gateway.ts";
import { takePayment } from "../payments/take-payment.ts";
import type { ShippingAddress, ShippingProvider, ShippingRate } from "../shipping/provider.ts";
import { approvedAnswer, type PaymentAnswer, refusedAnswer } from "./answers.ts";
import { assertIdempotencyKey, claimKey, releaseKey, requestHash, settleKey } from "./idempotency.ts";
import { buyLabel, recordPaid, reserve } from "./orders.ts";
import { assertSameFigures, assertValid, depositAsked, type OrderFigures, quotedRate } from "./payment-checks.ts";
import { type PricedCart, priceCart } from "./pricing.ts";
import type { StaleOrders } from "./stale-orders.ts";
import { releasePendingOrder } from "./stock.ts";

export type { PaymentAnswer };

export type PaymentDeps = {
  db: Db;
  gateway: PaymentGateway;
  shipping: ShippingProvider;
  mailer: Mailer;
  logger: Logger;
  /** This process's lease, and the settling of what dead processes left (stale-orders.ts). */
  recovery: StaleOrders;
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
} & ClientLimits;

/**
 * What an order is made of: the catalog's pieces (the checkout), or a quote the studio wrote
 * (server/quotes/cart-source.ts), which is claimed before its card is charged, so two pages cannot
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
  let figures: OrderFigures;
  let orderId: number;
  /** Charged now instead of the total, when the buyer pays a deposit. */
  let deposit: DepositCents | null;
  try {
    await assertWithinLimits(deps, client);
    cart = await source.price(deps.db, body);
    rate = await quotedRate(deps.db, body, cart);
    figures = assertSameFigures(body, cart, rate ? toCents(Number(rate.amount)) : 0);
    deposit = depositAsked(body, cart, figures);
    await source.claim?.(ref);
    orderId = await reserve(deps, key, ref, body, cart, rate, figures, deposit);
  } catch (err) {
    await source.release?.(ref).catch((e) => deps.logger.error({ err: e, orderRef: ref }, "Claim not given up"));
    await releaseKey(deps.db, key);
    throw err;
  }
  deps.stockChanged();

  const paid = await takePayment(deps, {
    source: source !== catalog ? "quote" : deposit === null ? "checkout" : "deposit",
    ref,
    card: body,
    amount: deposit?.now ?? figures.total,
    onDeclined: () => countDecline(deps, client),
  });
  const auth = paid.auth;

  if (paid.kind !== "approved") {
    // A failed payment leaves no trace in stock (a declined card was counted against the client).
    await releasePendingOrder(deps.db, orderId);
    deps.stockChanged();
    await source.release?.(ref);
    const answer = refusedAnswer(auth);
    await settleKey(deps.db, key, answer);
    return answer;
  }

  const order = { id: orderId, ref, body, cart, rate, figures, deposit };
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
    subtotal: toDollars(cart.subtotal),
    shippingTotal: toDollars(figures.shipping),
    taxTotal: toDollars(figures.tax.tax),
    total: toDollars(figures.total),
    specialized: cart.specialized,
    label,
    deposit: deposit && toDollars(deposit.now),
  });
  await settleKey(deps.db, key, answer);
  return answer;
}
