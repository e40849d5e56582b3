import type { Context, MiddlewareHandler } from "hono";
import { ApiError } from "./errors.ts";

/** The client's address: the socket's, or the first X-Forwarded-For entry behind a trusted proxy. */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? "local";
}

/**
 * At most `max` requests per client address in each window of `windowSeconds` (fixed windows,
 * in this process's memory); more get 429 with Retry-After. For form posts, not for reads.
 */
export function rateLimit(opts: { max: number; windowSeconds: number; trustProxy: boolean }): MiddlewareHandler {
  const windows = new Map<string, { start: number; count: number }>();
  const windowMs = opts.windowSeconds * 1000;
  return async (c, next) => {
    const now = Date.now();
    const key = clientAddress(c, opts.trustProxy);
    let w = windows.get(key);
    if (!w || now - w.start >= windowMs) {
      w = { start: now, count: 0 };
      windows.set(key, w);
      // Old windows are dropped as they are passed, so the map stays as small as the traffic.
      if (windows.size > 10_000) for (const [k, v] of windows) if (now - v.start >= windowMs) windows.delete(k);
    }
    w.count++;
    if (w.count > opts.max) {
      const retryAfter = Math.max(1, Math.ceil((w.start + windowMs - now) / 1000));
      c.header("Retry-After", String(retryAfter));
      throw new ApiError(429, "too_many_requests", `Too many submissions. Please try again in ${retryAfter} seconds.`);
    }
    await next();
  };
}
