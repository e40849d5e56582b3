import type { Context, MiddlewareHandler } from "hono";
import { ApiError } from "./errors.ts";
import type { Limits } from "./limits.ts";

/**
 * The client's address in X-Forwarded-For when `hops` trusted proxies stand in front: each
 * proxy appends the address it saw, so the N-th entry from the right is the one our outermost
 * trusted proxy wrote; anything left of it the client may have made up. With fewer entries than
 * hops, every entry came from a trusted proxy and the leftmost is the client. Undefined when
 * the header has no entries or no proxy is trusted.
 */
export function forwardedClient(header: string | undefined, hops: number): string | undefined {
  if (hops <= 0 || !header) return undefined;
  const entries = header
    .split(",")
    .map((e) => e.trim())
    .filter((e) => e !== "");
  if (entries.length === 0) return undefined;
  return entries[Math.max(0, entries.length - hops)];
}

/** The client's address: the socket's, or the one `hops` trusted proxies passed on (see forwardedClient). */
export function clientAddress(c: Context, hops: number): string {
  const forwarded = forwardedClient(c.req.header("x-forwarded-for"), hops);
  if (forwarded) return forwarded;
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? "local";
}

/**
 * At most `max` requests per client address to the route called `name` in each window of
 * `windowSeconds`, counted in the database for every app process (server/http/limits.ts);
 * more get 429 with Retry-After. For form posts, not for reads.
 */
export function rateLimit(
  limits: Limits,
  opts: { name: string; max: number; windowSeconds: number; trustProxy: number },
): MiddlewareHandler {
  return async (c, next) => {
    const refusal = await countSubmission(limits, opts, clientAddress(c, opts.trustProxy));
    if (refusal) {
      c.header("Retry-After", String(refusal.retryAfterSeconds));
      throw refusal;
    }
    await next();
  };
}

/** A client over its limit: 429, with when to try again. */
export class TooManySubmissions extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, "too_many_requests", `Too many submissions. Please try again in ${retryAfterSeconds} seconds.`);
  }
}

/**
 * Counts one submission of `client` to the form called `name` (the API's and the page's posts of
 * one form share the count); the refusal when it is one too many, else null.
 */
export async function countSubmission(
  limits: Limits,
  opts: { name: string; max: number; windowSeconds: number },
  client: string,
): Promise<TooManySubmissions | null> {
  const { allowed, retryAfterSeconds } = await limits.hit(`${opts.name}:${client}`, opts.max, opts.windowSeconds);
  return allowed ? null : new TooManySubmissions(retryAfterSeconds);
}
