import type { Hono } from "hono";
import type { AppDeps } from "../deps.ts";
import { requestHeader } from "../http/request-header.ts";
import { queryObject } from "../http/validate.ts";
import { parseOptimizeQuery } from "./optimize.ts";

export function imageRoutes(api: Hono, deps: AppDeps) {
  api.get("/images/optimize", async (c) => {
    const req = parseOptimizeQuery(queryObject(new URL(c.req.url)));
    const image = await deps.images.get(req);
    const headers = {
      "content-type": image.contentType,
      etag: image.etag,
      // Image files are never replaced under the same name, so a variant's URL names its bytes.
      "cache-control": "public, max-age=31536000, immutable",
    };
    if (requestHeader(c, "if-none-match") === image.etag) return c.body(null, 304, headers);
    return c.body(image.bytes, 200, headers);
  });
}
