/**
 * The three submissions of the JSON API (docs/product.md §7): POST /api/website/contact and
 * /api/website/custom (multipart, with photos) and POST /api/website/subscribe (JSON {email}),
 * each limited per client and received by the desk (desk.ts), which commits it before the answer.
 */
import type { Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { MAX_CONTACT_IMAGES, MAX_CUSTOM_IMAGES, MAX_IMAGE_BYTES } from "../../domain/enquiry.ts";
import type { AppDeps } from "../deps.ts";
import { ApiError, badRequest } from "../http/errors.ts";
import { rateLimit } from "../http/rate-limit.ts";
import { assertStorableText } from "../http/validate.ts";
import { enquiryDesk } from "./desk.ts";

/** The request's multipart form; anything else is refused before it is read. */
async function multipartForm(c: Context): Promise<FormData> {
  if (!(c.req.header("content-type") ?? "").toLowerCase().startsWith("multipart/form-data"))
    throw new ApiError(415, "unsupported_media_type", "body: send multipart/form-data", "body");
  try {
    return await c.req.raw.formData();
  } catch {
    throw badRequest("body", "body: is not a readable multipart form");
  }
}

export function enquiryRoutes(api: Hono, deps: AppDeps) {
  const desk = enquiryDesk(deps);
  const limit = (name: string) =>
    rateLimit(deps.limits, { name, ...deps.config.formRateLimit, trustProxy: deps.config.trustProxy });
  const tooLarge = () => {
    throw new ApiError(413, "payload_too_large", "body: is too large", "body");
  };
  const upTo = (photos: number) =>
    bodyLimit({ maxSize: photos * MAX_IMAGE_BYTES + 2 * 1024 * 1024, onError: tooLarge });

  api.post("/website/contact", limit("website/contact"), upTo(MAX_CONTACT_IMAGES), async (c) => {
    await desk.contact(await multipartForm(c));
    return c.body(null, 204);
  });

  api.post("/website/custom", limit("website/custom"), upTo(MAX_CUSTOM_IMAGES), async (c) => {
    await desk.custom(await multipartForm(c));
    return c.body(null, 204);
  });

  api.post(
    "/website/subscribe",
    limit("website/subscribe"),
    bodyLimit({ maxSize: 4096, onError: tooLarge }),
    async (c) => {
      let body: unknown;
      try {
        body = await c.req.json();
      } catch {
        throw badRequest("body", 'body: send JSON {"email": ...}');
      }
      assertStorableText(body);
      await desk.subscribe((body as { email?: unknown } | null)?.email);
      return c.body(null, 204);
    },
  );
}
