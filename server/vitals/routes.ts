/**
 * POST /api/vitals: batches of field measurements from visitors' browsers (app/lib/vitals.ts),
 * validated, rated here by the thresholds of domain/vitals.ts (a browser's own rating, which older
 * pages sent, is not trusted) and stored; `npm run vitals:report` summarises them. Beacons may
 * arrive as text/plain or application/json; anything malformed is a 400, too many a 429.
 */
import type { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import { rating } from "../../domain/vitals.ts";
import { webVitals } from "../db/schema.ts";
import type { AppDeps } from "../deps.ts";
import { ApiError, badRequest } from "../http/errors.ts";
import { rateLimit } from "../http/rate-limit.ts";
import { parseOr400 } from "../http/validate.ts";

const LIMITS = { CLS: 100, FCP: 600_000, INP: 600_000, LCP: 600_000, TTFB: 600_000 } as const;

const metric = z
  .object({
    name: z.enum(["CLS", "FCP", "INP", "LCP", "TTFB"]),
    value: z.number().finite().min(0),
    rating: z.enum(["good", "needs-improvement", "poor"]).optional(),
    navigationType: z.string().regex(/^[a-z-]{1,30}$/),
    route: z.string().regex(/^[\w/.:-]{1,100}$/),
  })
  .refine((m) => m.value <= LIMITS[m.name], { message: "is out of range", path: ["value"] });

const batch = z.object({ metrics: z.array(metric).min(1).max(50) });

export function vitalsRoutes(api: Hono, deps: AppDeps) {
  api.post(
    "/vitals",
    rateLimit(deps.limits, { name: "vitals", max: 120, windowSeconds: 60, trustProxy: deps.config.trustProxy }),
    bodyLimit({
      maxSize: 16 * 1024,
      onError: () => {
        throw new ApiError(413, "payload_too_large", "body: is larger than 16 KB", "body");
      },
    }),
    async (c) => {
      let raw: unknown;
      try {
        raw = JSON.parse(await c.req.text());
      } catch {
        throw badRequest("body", "body: is not valid JSON");
      }
      const { metrics } = parseOr400(batch, raw);
      await deps.database.db.insert(webVitals).values(metrics.map((m) => ({ ...m, rating: rating(m.name, m.value) })));
      return c.body(null, 204);
    },
  );
}
