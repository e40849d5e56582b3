import type { Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { getStudio } from "../content/queries.ts";
import type { AppDeps } from "../deps.ts";
import { ApiError, badRequest } from "../http/errors.ts";
import { assertStorableText, parseOr400 } from "../http/validate.ts";
import type { ShippingAddress } from "../shipping/provider.ts";
import { type PaymentDeps, paymentRequestSchema, processPayment } from "./payment.ts";
import { quoteRates, ratesRequestSchema } from "./rates.ts";

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
  const studio = () =>
    deps.cache.value("checkout:studio", async () => {
      const s = await getStudio(deps.database.db);
      if (!s) throw new ApiError(503, "not_ready", "The studio is not set up");
      return s;
    });
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
    identity: async () => {
      const s = await studio();
      return { name: s.name, email: deps.config.studioEmail ?? s.email };
    },
  };
}

/** Shipping rates and card payment (spec §7, decisions.md "Prices, stock and payment"). */
export function checkoutRoutes(api: Hono, deps: AppDeps) {
  const studio = studioSource(deps);
  const limit = bodyLimit({ maxSize: 64 * 1024, onError: tooLarge });

  api.post("/shipping/rates", limit, async (c) => {
    const body = parseOr400(ratesRequestSchema, await jsonBody(c));
    return c.json(
      await quoteRates({ db: deps.database.db, shipping: deps.shipping, logger: deps.logger, from: studio.from }, body),
    );
  });

  const paymentDeps: PaymentDeps = {
    db: deps.database.db,
    gateway: deps.gateway,
    shipping: deps.shipping,
    mailer: deps.mailer,
    cache: deps.cache,
    logger: deps.logger,
    studio: studio.identity,
    shipFrom: studio.from,
    stockChanged: () => deps.changes.publish(),
  };
  api.post("/payment/process-payment", limit, async (c) => {
    const body = parseOr400(paymentRequestSchema, await jsonBody(c));
    const answer = await processPayment(paymentDeps, c.req.header("idempotency-key"), body);
    c.header("Cache-Control", "no-store");
    return c.json(answer.body as object, answer.status as 200);
  });
}
