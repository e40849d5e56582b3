import type { Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { paymentRequestSchema, ratesRequestSchema } from "../../domain/checkout-wire.ts";
import { buyerMailStudio, requireStudio } from "../content/studio.ts";
import type { AppDeps } from "../deps.ts";
import { ApiError, badRequest } from "../http/errors.ts";
import { clientAddress, rateLimit } from "../http/rate-limit.ts";
import { assertStorableText, parseOr400 } from "../http/validate.ts";
import { orderPageUrl } from "../orders/links.ts";
import type { ShippingAddress } from "../shipping/provider.ts";
import { type PaymentDeps, processPayment } from "./payment.ts";
import { quoteRates } from "./rates.ts";

async function jsonBody(c: Context): Promise<unknown> {
  if (!(c.req.header("content-type") ?? "").toLowerCase().includes("application/json"))
    throw new ApiError(415, "unsupported_media_type", "body: send JSON (Content-Type: application/json)", "body");
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw badRequest("body", "body: is not valid JSON");
  }
  assertStorableText(body);
  return body;
}

const tooLarge = () => {
  throw new ApiError(413, "payload_too_large", "body: is larger than 64 KB", "body");
};

/** The studio's identity as checkout needs it: ship-from address, name and inbox. */
function studioSource(deps: AppDeps) {
  const studio = () => requireStudio(deps);
  return {
    from: async (): Promise<ShippingAddress> => {
      const s = await studio();
      return {
        name: s.legalName || s.name,
        street1: s.address.street,
        city: s.address.city,
        state: s.address.state,
        zip: s.address.zip,
        country: s.address.country.length === 2 ? s.address.country : "US",
        phone: s.phone,
        email: s.email,
      };
    },
    identity: () => buyerMailStudio(deps),
  };
}

/** What a payment needs (the checkout's, and a quote's acceptance on its page). */
export function paymentDepsOf(deps: AppDeps): PaymentDeps {
  const studio = studioSource(deps);
  const { payments, declines } = deps.config.checkoutLimits;
  return {
    db: deps.database.db,
    gateway: deps.gateway,
    shipping: deps.shipping,
    mailer: deps.mailer,
    logger: deps.logger,
    recovery: deps.staleOrders,
    limits: deps.limits,
    clientLimits: { payments, declines },
    waitForPaymentsMs: deps.config.paymentWaitMs,
    studio: studio.identity,
    shipFrom: studio.from,
    stockChanged: () => deps.changes.publish(),
    orderPageUrl: (token) => orderPageUrl(deps.config, token),
  };
}

/** Shipping rates and card payment (docs/api.md "Checkout", docs/decisions/003 and 004). */
export function checkoutRoutes(api: Hono, deps: AppDeps) {
  const studio = studioSource(deps);
  const limit = bodyLimit({ maxSize: 64 * 1024, onError: tooLarge });

  const { quotes } = deps.config.checkoutLimits;
  const quoteLimit = rateLimit(deps.limits, { name: "quote", ...quotes, trustProxy: deps.config.trustProxy });

  api.post("/shipping/rates", limit, quoteLimit, async (c) => {
    const body = parseOr400(ratesRequestSchema, await jsonBody(c));
    return c.json(
      await quoteRates({ db: deps.database.db, shipping: deps.shipping, logger: deps.logger, from: studio.from }, body),
    );
  });

  const paymentDeps = paymentDepsOf(deps);
  api.post("/payment/process-payment", limit, async (c) => {
    const body = parseOr400(paymentRequestSchema, await jsonBody(c));
    const client = clientAddress(c, deps.config.trustProxy);
    const answer = await processPayment(paymentDeps, c.req.header("idempotency-key"), body, client);
    c.header("Cache-Control", "no-store");
    return c.json(answer.body as object, answer.status as 200);
  });
}
