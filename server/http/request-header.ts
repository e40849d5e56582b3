import type { IncomingMessage } from "node:http";
import type { Context } from "hono";

/**
 * One request header, read from Node's own parsed headers when the app runs under
 * @hono/node-server. `c.req.header()` would first build a web Headers object from all of them,
 * which costs more than the rest of a cached answer; in-process (tests) it falls back to it.
 */
export function requestHeader(c: Context, name: string): string | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming) {
    const value = incoming.headers[name];
    return Array.isArray(value) ? value.join(", ") : value;
  }
  return c.req.header(name);
}
