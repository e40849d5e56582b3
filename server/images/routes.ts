import type { Hono } from "hono";
import type { AppDeps } from "../deps.ts";
import { requestHeader } from "../http/request-header.ts";
import { withRequestId } from "../http/request-id.ts";
import { queryObject } from "../http/validate.ts";
import { parseOptimizeQuery } from "./optimize.ts";

export function imageRoutes(api: Hono, deps: AppDeps) {
  api.get("/images/optimize", async (c) => {
    const req = parseOptimizeQuery(queryObject(new URL(c.req.url)));
    const image = await deps.images.get(req);
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
