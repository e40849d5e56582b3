import type { IncomingMessage } from "node:http";
import type { Context } from "hono";
import { z } from "zod";
import { notFound } from "./errors.ts";
import { type ResponseCache, sendCached } from "./response-cache.ts";
import { parseOr400, queryObject } from "./validate.ts";

const MAX_INT = 2_147_483_647;

/** A positive database id from the path; anything else is a 400 naming `name`. */
export function idParam(c: Context, name = "id"): number {
  return parseOr400(
    z.object({
      [name]: z
        .string()
        .regex(/^\d{1,10}$/, "must be a positive whole number")
        .transform(Number)
        .pipe(z.number().int().min(1).max(MAX_INT)),
    }),
    { [name]: c.req.param(name) },
  )[name] as number;
}

/** The request's query string validated by a zod object schema. */
export function query<T extends z.ZodType>(c: Context, schema: T): z.infer<T> {
  return parseOr400(schema, queryObject(new URL(c.req.url)));
}

/** Serves the JSON built by `build` from the response cache (keys: server/cache-keys.ts); `undefined` from `build` is a 404. */
export async function cachedJson(
  c: Context,
  cache: ResponseCache,
  key: string,
  build: () => Promise<unknown>,
  ttlMs?: number,
): Promise<Response> {
  const entry = await cache.get(
    key,
    async () => {
      const value = await build();
      if (value === undefined) throw notFound();
      return value;
    },
    ttlMs,
  );
  // Under Node, remember which raw request target this was, so a repeat can be answered
  // before routing (server/http/cached-answers.ts).
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming?.url && c.req.method === "GET") cache.rememberTarget(incoming.url, key);
  return sendCached(c, entry);
}
