/**
 * Who may read `/metrics`: a scraper on this machine talking to the process directly (the
 * socket's peer is a loopback address and no proxy's forwarding header came with the request:
 * a reverse proxy on the same host connects from loopback too, so what came through it is not
 * local), or anyone showing `Authorization: Bearer <METRICS_TOKEN>`. A request with a wrong token
 * is refused wherever it comes from. The client address the rest of the app uses (TRUST_PROXY,
 * server/http/rate-limit.ts) plays no part: only the socket counts.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";

/** Headers a proxy adds to what it forwards (`x-forwarded-*` as a family). */
const PROXY_HEADERS = ["forwarded", "x-real-ip", "via"];

/** Loopback as a socket's peer: 127.0.0.0/8, ::1, and IPv4 loopback mapped into IPv6. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return address === "::1" || address.startsWith("127.") || address.startsWith("::ffff:127.");
}

/** Whether a proxy's forwarding header came with the request. */
export function cameThroughProxy(headers: IncomingMessage["headers"]): boolean {
  for (const name in headers) if (name.startsWith("x-forwarded-") || PROXY_HEADERS.includes(name)) return true;
  return false;
}

const digest = (text: string) => createHash("sha256").update(text).digest();

/** Compares in a time that does not depend on where the two differ, nor on their lengths. */
export function sameToken(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

/** What the access rule looks at in a request. */
export type MetricsAsker = {
  /** The Authorization header, if any. */
  authorization: string | undefined;
  /** The socket's peer address (none when the app is driven in-process, which is no local scraper). */
  peer: string | undefined;
  /** Whether a proxy's forwarding header came with it (cameThroughProxy). */
  proxied: boolean;
};

/** Whether this request may read the metrics; `token` is METRICS_TOKEN, if set. */
export function mayReadMetrics(asker: MetricsAsker, token: string | undefined): boolean {
  if (asker.authorization !== undefined) {
    const bearer = /^Bearer +(\S+) *$/i.exec(asker.authorization)?.[1];
    return token !== undefined && bearer !== undefined && sameToken(bearer, token);
  }
  return isLoopback(asker.peer) && !asker.proxied;
}

/** The asker of a request to the app: node:http's request under @hono/node-server, else the web request's headers. */
export function askerOf(
  incoming: IncomingMessage | undefined,
  header: (name: string) => string | undefined,
): MetricsAsker {
  if (!incoming) return { authorization: header("authorization"), peer: undefined, proxied: true };
  return {
    authorization: incoming.headers.authorization,
    peer: incoming.socket?.remoteAddress,
    proxied: cameThroughProxy(incoming.headers),
  };
}
