import type { Hono } from "hono";
import type { AppDeps } from "../deps.ts";
import { ApiError, errorBody } from "../http/errors.ts";
import { requestHeader } from "../http/request-header.ts";
import { withRequestId } from "../http/request-id.ts";
import { queryObject } from "../http/validate.ts";
import { parseOptimizeQuery } from "./optimize-query.ts";
import { QueueBusyError } from "./transform-queue.ts";
import { placeholderAnswer } from "./undrawn.ts";

/** Seconds a refused client should wait: about what a full queue takes to drain a little. */
const RETRY_AFTER_SECONDS = 5;

export function imageRoutes(api: Hono, deps: AppDeps) {
  api.get("/images/optimize", async (c) => {
    const req = parseOptimizeQuery(queryObject(new URL(c.req.url)));
    let image: Awaited<ReturnType<typeof deps.images.get>>;
    try {
      image = await deps.images.get(req);
    } catch (err) {
      // A demo picture still being drawn shows its colour meanwhile (server/images/undrawn.ts).
      const colour = deps.undrawn.colourOf(`images/${req.folder}/${req.fileName}`);
      if (colour && err instanceof ApiError && err.status === 404)
        return placeholderAnswer(colour, withRequestId(c, {}));
      if (!(err instanceof QueueBusyError)) throw err;
      return c.json(errorBody("busy", `${err.message}; try again shortly`), 503, {
        "retry-after": String(RETRY_AFTER_SECONDS),
        "cache-control": "no-store",
      });
    }
    const headers = withRequestId(c, {
      "content-type": image.contentType,
      etag: image.etag,
      // Image files are never replaced under the same name, so a variant's URL names its bytes.
      "cache-control": "public, max-age=31536000, immutable",
    });
    // A plain header record keeps this on @hono/node-server's direct write path (see sendCached).
    if (requestHeader(c, "if-none-match") === image.etag) return new Response(null, { status: 304, headers });
    return new Response(image.bytes, { status: 200, headers });
  });
}
