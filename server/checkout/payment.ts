/**
 * POST /api/payment/process-payment (decisions.md "Prices, stock and payment"):
 *
 * 1. the Idempotency-Key is claimed (a repeat waits for, then returns, the first answer);
 * 2. every line is priced from the database and the shipping from the quoted rate; a client
 *    figure that differs is a 409 carrying the fresh ones;
 * 3. stock is taken and a pending order written in one transaction (a conditional update per
 *    line, so concurrent buyers of the last unit cannot both get it);
 * 4. the card is charged; an unknown outcome is looked up by our order id before anything else;
 * 5. approved: the order is marked paid with its confirmation mail in one transaction (if that
 *    fails the charge is voided), then the label is bought. Declined or failed: the stock is
 *    released and the pending order removed.
 *
 * Card number, CVC and expiry go to the gateway and nowhere else: not the database, not the
 * logs, not the mail. The order keeps the brand and the last four digits.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { cardBrand } from "../../domain/cards.ts";
import { checkoutTotal, PAYMENT_MESSAGES, validateCheckout } from "../../domain/checkout.ts";
import type { Db } from "../db/client.ts";
import { orderLines, orders, paymentAttempts, shippingQuotes } from "../db/schema.ts";
import { ApiError } from "../http/errors.ts";
import type { ResponseCache } from "../http/response-cache.ts";
import type { Logger } from "../logger.ts";
import { enqueueMail, type Mailer } from "../mail/outbox.ts";
import { type AuthResponse, GatewayUnavailable, type PaymentGateway } from "../payments/gateway.ts";
import type { LabelResult, ShippingAddress, ShippingProvider, ShippingRate } from "../shipping/provider.ts";
import { orderMails } from "./mails.ts";
import { cartLineSchema, type PricedCart, priceCart } from "./pricing.ts";
import { releasePendingOrder, STALE_AFTER_MS } from "./stale-orders.ts";

const text = (max: number) => z.string().trim().max(max).default("");

/** The spec's §7 payload, plus the chosen rate's id and the buyer's first and last name. */
export const paymentRequestSchema = z.object({
  firstname: text(100),
  lastname: text(100),
  deliveryName: text(200),
  country: text(2),
  address: text(200),
  city: text(100),
  region: text(100),
  postal: text(20),
  phone: text(40),
  email: text(200),
  account: text(30),
  expiry: text(7),
  cvv2: text(4),
  name: text(200),
  amount: z.number().nonnegative().max(10_000_000),
  currency: z.literal("USD").default("USD"),
  shippingTotal: z.number().nonnegative().max(1_000_000).default(0),
  shippingRateId: z.string().max(500).nullish(),
  products: z.array(cartLineSchema).min(1).max(50),
});

export type PaymentRequest = z.infer<typeof paymentRequestSchema>;

export type PaymentAnswer = { status: number; body: unknown };

export type PaymentDeps = {
  db: Db;
  gateway: PaymentGateway;
  shipping: ShippingProvider;
  mailer: Mailer;
  cache: ResponseCache;
  logger: Logger;
  /** The studio's name and inbox, for the confirmation mail. */
  studio: () => Promise<{ name: string; email: string }>;
  /** The studio's address, printed on labels as the sender. */
  shipFrom: () => Promise<ShippingAddress>;
  /** Called after stock changed, so catalog answers are rebuilt (here and in other processes). */
  stockChanged: () => void;
};

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;

/** Field names of the payload, mapped to the form's messages (spec §5). */
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
  const wire: Record<string, string> = {
    state: "region",
    zip: "postal",
    cardNumber: "account",
    cvc: "cvv2",
    nameOnCard: "name",
  };
  const first = Object.entries(errors)[0];
  if (first) throw new ApiError(400, "invalid_request", first[1] as string, wire[first[0]] ?? first[0]);
  const cvcDigits = body.cvv2.replace(/\D/g, "");
  if (cardBrand(body.account.replace(/\D/g, "")) === "amex" ? cvcDigits.length !== 4 : cvcDigits.length !== 3)
    throw new ApiError(400, "invalid_request", PAYMENT_MESSAGES.cvc, "cvv2");
}

/** A hash of the request without card data: what makes two requests "the same". */
function requestHash(body: PaymentRequest): string {
  const { account, cvv2, expiry, ...rest } = body;
  return createHash("sha256")
    .update(JSON.stringify({ ...rest, last4: account.replace(/\D/g, "").slice(-4) }))
    .digest("hex");
}

const orderRef = () => `${Date.now().toString(36)}${randomBytes(5).toString("hex")}`.slice(0, 18).toUpperCase();

type Claim = { kind: "new" } | { kind: "replay"; answer: PaymentAnswer };

/**
 * The answer for a key whose process died mid-payment (pending past any payment's length):
 * its order was paid (the approval is answered again), or it is gone or was never written
 * (nothing stands: a payment error). An order still pending is being settled by the stale
 * order sweep (stale-orders.ts), which voids any charge first: until then, ask again later.
 */
async function staleAnswer(db: Db, orderRefOfKey: string | null): Promise<PaymentAnswer | null> {
  const [order] = orderRefOfKey ? await db.select().from(orders).where(eq(orders.orderRef, orderRefOfKey)) : [];
  if (order?.status === "pending") return null;
  if (order?.status === "paid") {
    const label = order.label as Partial<LabelResult> | null;
    const shipping = order.shipping as { specialized?: unknown } | null;
    return {
      status: 200,
      body: {
        status: "approved",
        orderId: order.orderRef,
        data: { respstat: "A", respcode: "", resptext: "Approval", amount: order.total.toFixed(2) },
        order: { subtotal: order.subtotal, shippingTotal: order.shippingTotal, total: order.total },
        specialized: shipping?.specialized ?? [],
        label: label && {
          status: label.status,
          label_url: label.label_url,
          tracking_url_provider: label.tracking_url_provider,
          tracking_number: label.tracking_number,
        },
      },
    };
  }
  return {
    status: 200,
    body: {
      status: "error",
      data: { respstat: "B", respcode: "", resptext: "The payment was not completed", amount: "" },
      label: null,
    },
  };
}

async function claimKey(db: Db, key: string, hash: string): Promise<Claim> {
  const inserted = await db
    .insert(paymentAttempts)
    .values({ key, requestHash: hash, status: "pending" })
    .onConflictDoNothing()
    .returning({ key: paymentAttempts.key });
  if (inserted.length > 0) return { kind: "new" };
  // Someone holds this key: wait for its answer (a concurrent repeat), up to two minutes.
  for (let i = 0; i < 1200; i++) {
    const [row] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.key, key));
    if (!row) {
      // The first attempt gave up its claim (a validation error): this one may go ahead.
      return claimKey(db, key, hash);
    }
    if (row.requestHash !== hash)
      throw new ApiError(
        422,
        "idempotency_key_reused",
        "This Idempotency-Key was used for a different payment request",
        "Idempotency-Key",
      );
    if (row.status === "done")
      return { kind: "replay", answer: { status: row.httpStatus ?? 200, body: JSON.parse(row.response ?? "null") } };
    if (row.createdAt.getTime() < Date.now() - STALE_AFTER_MS) {
      const answer = await staleAnswer(db, row.orderRef);
      if (!answer) break;
      await settleKey(db, key, answer);
      return { kind: "replay", answer };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new ApiError(409, "payment_in_progress", "This payment is still being processed. Please wait a moment.");
}

async function settleKey(db: Db, key: string, answer: PaymentAnswer): Promise<void> {
  await db
    .update(paymentAttempts)
    .set({ status: "done", httpStatus: answer.status, response: JSON.stringify(answer.body), updatedAt: new Date() })
    .where(eq(paymentAttempts.key, key));
}

/** Gives the key up (the request was refused before any charge), so a corrected request may use it. */
async function releaseKey(db: Db, key: string): Promise<void> {
  await db.delete(paymentAttempts).where(eq(paymentAttempts.key, key));
}

/** Compares the browser's figures with ours; a difference is a 409 with the fresh figures. */
function assertSameFigures(body: PaymentRequest, cart: PricedCart, shippingTotal: number): number {
  const total = checkoutTotal(cart.subtotal, shippingTotal);
  const differs = (a: number | undefined, b: number) => a !== undefined && Math.abs(a - b) > 0.004;
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
  if (!body.shippingRateId)
    throw new ApiError(400, "invalid_request", "Please calculate shipping and choose a rate.", "shippingRateId");
  const [quote] = await db.select().from(shippingQuotes).where(eq(shippingQuotes.objectId, body.shippingRateId));
  if (!quote || quote.cartKey !== cart.cartKey)
    throw new ApiError(
      409,
      "shipping_changed",
      "Your cart changed since shipping was calculated. Please calculate shipping again.",
      "shippingRateId",
    );
  return quote.rate as unknown as ShippingRate;
}

/** Takes the stock of every line and writes the pending order, all or nothing. */
async function reserve(
  db: Db,
  key: string,
  ref: string,
  body: PaymentRequest,
  cart: PricedCart,
  rate: ShippingRate | null,
  shippingTotal: number,
  total: number,
): Promise<number> {
  return db.transaction(async (tx) => {
    for (const line of cart.lines) {
      const table = line.stockRef.table === "products" ? sql`products` : sql`divergence_sizes`;
      const taken = await tx.execute(
        sql`update ${table} set stock = stock - ${line.quantity} where id = ${line.stockRef.id} and stock >= ${line.quantity} returning id`,
      );
      if ((taken as unknown as { rows: unknown[] }).rows.length === 0)
        throw new ApiError(
          409,
          "sold_out",
          `Sorry, ${line.title} has just sold out${line.quantity > 1 ? " in that quantity" : ""}. Please update your cart.`,
          "products",
        );
    }
    const digits = body.account.replace(/\D/g, "");
    const [order] = await tx
      .insert(orders)
      .values({
        orderRef: ref,
        status: "pending",
        email: body.email,
        deliveryName: body.deliveryName || `${body.firstname} ${body.lastname}`.trim(),
        phone: body.phone,
        address: {
          address: body.address,
          city: body.city,
          region: body.region,
          postal: body.postal,
          country: body.country.toUpperCase(),
        },
        subtotal: cart.subtotal,
        shippingTotal,
        total,
        cardBrand: cardBrand(digits),
        cardLast4: digits.slice(-4),
        shipping: rate ? { rate, specialized: cart.specialized } : { rate: null, specialized: cart.specialized },
      })
      .returning({ id: orders.id });
    const orderId = (order as { id: number }).id;
    await tx.update(paymentAttempts).set({ orderRef: ref }).where(eq(paymentAttempts.key, key));
    await tx.insert(orderLines).values(
      cart.lines.map((l) => ({
        orderId,
        kind: l.kind,
        itemId: l.itemId,
        title: l.title,
        unitPrice: l.unitPrice,
        quantity: l.quantity,
        total: l.total,
        details: l.details,
      })),
    );
    return orderId;
  });
}

/** Charges the card; an unknown outcome is looked up by our order id (never retried blindly). */
async function charge(deps: PaymentDeps, ref: string, body: PaymentRequest, total: number): Promise<AuthResponse> {
  const expiry = body.expiry.replace(/\D/g, "");
  try {
    return await deps.gateway.auth({
      account: body.account.replace(/\D/g, ""),
      expiry,
      cvv2: body.cvv2.replace(/\D/g, ""),
      amount: total.toFixed(2),
      currency: "USD",
      name: body.name,
      address: body.address,
      city: body.city,
      region: body.region,
      country: body.country.toUpperCase(),
      postal: body.postal,
      phone: body.phone,
      email: body.email,
      orderid: ref,
      capture: "Y",
      ecomind: "E",
    });
  } catch (err) {
    if (!(err instanceof GatewayUnavailable)) throw err;
    deps.logger.warn({ orderRef: ref, status: err.status, err: err.message }, "Payment outcome unknown: looking it up");
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const found = await deps.gateway.inquireByOrderid(ref);
        if (!found) break;
        if (found.respstat === "A") {
          // The charge went through while we could not hear it: it must not stand alone.
          await deps.gateway.void(found.retref);
          deps.logger.warn({ orderRef: ref, retref: found.retref }, "Voided a charge whose answer was lost");
        }
        return { ...found, respstat: found.respstat === "A" ? "B" : found.respstat };
      } catch (inquiry) {
        if (!(inquiry instanceof GatewayUnavailable)) throw inquiry;
        await new Promise((r) => setTimeout(r, 300 * (attempt + 1)));
      }
    }
    return {
      respstat: "B",
      respcode: "62",
      resptext: "Gateway unavailable",
      retref: "",
      amount: total.toFixed(2),
      account: "",
    };
  }
}

async function buyLabel(
  deps: PaymentDeps,
  orderId: number,
  rate: ShippingRate,
  to: ShippingAddress,
): Promise<LabelResult> {
  let label: LabelResult;
  try {
    label = await deps.shipping.buyLabel(rate, { from: await deps.shipFrom(), to });
  } catch (err) {
    deps.logger.error({ err, orderId }, "Shipping label purchase failed");
    label = {
      status: "ERROR",
      label_url: "",
      tracking_number: "",
      tracking_url_provider: "",
      messages: [{ text: err instanceof Error ? err.message : String(err) }],
    };
  }
  await deps.db
    .update(orders)
    .set({ label: label as unknown as Record<string, unknown> })
    .where(eq(orders.id, orderId));
  return label;
}

const gatewayData = (r: AuthResponse) => ({
  respstat: r.respstat,
  respcode: r.respcode,
  resptext: r.resptext,
  amount: r.amount,
});

export async function processPayment(
  deps: PaymentDeps,
  key: string | undefined,
  body: PaymentRequest,
): Promise<PaymentAnswer> {
  if (!key || !IDEMPOTENCY_KEY.test(key))
    throw new ApiError(
      400,
      "invalid_request",
      "Idempotency-Key: a header of 8 to 100 letters, digits, '-' or '_' is required",
      "Idempotency-Key",
    );
  assertValid(body);
  const claim = await claimKey(deps.db, key, requestHash(body));
  if (claim.kind === "replay") return claim.answer;

  let cart: PricedCart;
  let rate: ShippingRate | null;
  let total: number;
  let orderId: number;
  const ref = orderRef();
  try {
    cart = await priceCart(deps.db, body.products);
    rate = await quotedRate(deps.db, body, cart);
    const shippingTotal = rate ? Number(rate.amount) : 0;
    total = assertSameFigures(body, cart, shippingTotal);
    orderId = await reserve(deps.db, key, ref, body, cart, rate, shippingTotal, total);
  } catch (err) {
    await releaseKey(deps.db, key);
    throw err;
  }
  deps.stockChanged();

  let auth: AuthResponse;
  try {
    auth = await charge(deps, ref, body, total);
  } catch (err) {
    deps.logger.error({ err, orderRef: ref }, "Payment failed unexpectedly");
    auth = {
      respstat: "B",
      respcode: "",
      resptext: "Payment failed",
      retref: "",
      amount: total.toFixed(2),
      account: "",
    };
  }
  deps.logger.info(
    { orderRef: ref, respstat: auth.respstat, respcode: auth.respcode, amount: total },
    "Payment answered",
  );

  if (auth.respstat !== "A") {
    // A failed payment leaves no trace in stock.
    await releasePendingOrder(deps.db, orderId);
    deps.stockChanged();
    const answer: PaymentAnswer = {
      status: 200,
      body: { status: auth.respstat === "B" ? "error" : "declined", data: gatewayData(auth), label: null },
    };
    await settleKey(deps.db, key, answer);
    return answer;
  }

  // Approved: the order and its mail are recorded together, or the charge is voided.
  try {
    const studio = await deps.studio();
    await deps.db.transaction(async (tx) => {
      const paid = await tx
        .update(orders)
        .set({ status: "paid", paymentRef: auth.retref, paidAt: new Date() })
        .where(and(eq(orders.id, orderId), eq(orders.status, "pending")))
        .returning({ id: orders.id });
      // Released meanwhile as stale (this payment took longer than any should): it cannot stand.
      if (paid.length === 0) throw new Error(`Order ${ref} is no longer pending`);
      await enqueueMail(
        tx,
        orderMails({ studio, ref, body, cart, shippingTotal: rate ? Number(rate.amount) : 0, total, rate }),
      );
    });
  } catch (err) {
    deps.logger.error({ err, orderRef: ref }, "Order could not be recorded after approval: voiding the charge");
    try {
      await deps.gateway.void(auth.retref);
    } catch (voidErr) {
      deps.logger.error({ err: voidErr, orderRef: ref, retref: auth.retref }, "Void failed: reconcile by hand");
    }
    await releasePendingOrder(deps.db, orderId).catch((e) =>
      deps.logger.error({ err: e, orderRef: ref }, "Release failed"),
    );
    deps.stockChanged();
    const answer: PaymentAnswer = {
      status: 200,
      body: { status: "error", data: { ...gatewayData(auth), respstat: "B" }, label: null },
    };
    await settleKey(deps.db, key, answer).catch(() => undefined);
    return answer;
  }
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
  const answer: PaymentAnswer = {
    status: 200,
    body: {
      status: "approved",
      orderId: ref,
      data: gatewayData(auth),
      order: { subtotal: cart.subtotal, shippingTotal: rate ? Number(rate.amount) : 0, total },
      specialized: cart.specialized,
      label: label && {
        status: label.status,
        label_url: label.label_url,
        tracking_url_provider: label.tracking_url_provider,
        tracking_number: label.tracking_number,
      },
    },
  };
  await settleKey(deps.db, key, answer);
  return answer;
}
