import type { Context, MiddlewareHandler } from "hono";
import type { Logger } from "../logger.ts";
import { loggablePath } from "../orders/links.ts";
import { requestHeader } from "./request-header.ts";

const ids = new WeakMap<Context, string>();
const answered = new WeakSet<Context>();
const meant = new WeakSet<Context>();

/**
 * Marks an answer of 5xx as the shop's intent, not a fault (a shop started empty says "Opening
 * soon" with 503 to every visitor until it is set up): logged at info, not as an error.
 */
export const meantAsAnswered = (c: Context): void => {
  meant.add(c);
};

/** The request's id (the proxy's X-Request-Id when sane, else a per-process sequence). */
export const requestIdOf = (c: Context): string => ids.get(c) ?? "";

/**
 * Headers for an answer the handler builds itself, with the request id added. Hot paths answer
 * with a plain header record: adding a header to a finished Response afterwards would make
 * @hono/node-server copy it into a web Response first, which costs more than the answer.
 */
export function withRequestId(c: Context, headers: Record<string, string>): Record<string, string> {
  answered.add(c);
  headers["x-request-id"] = requestIdOf(c);
  return headers;
}

const prefix = `${process.pid.toString(36)}-${Date.now().toString(36)}-`;
let sequence = 0;

/** The proxy's X-Request-Id when it is sane, else the next id of this process's sequence. */
export function newRequestId(given: string | string[] | undefined): string {
  return typeof given === "string" && /^[\w.:-]{1,128}$/.test(given) ? given : prefix + (++sequence).toString(36);
}

/**
 * The log line of a request: every request at debug; at info only what needs a look (client
 * errors, answers slower than a second), server errors at error. A shop's access log belongs to
 * its reverse proxy; writing one line per cached answer here cost a quarter of its throughput.
 */
export function logRequest(
  logger: Logger,
  line: { reqId: string; method: string; path: string; status: number; started: number },
  meantStatus = false,
) {
  const { started, ...rest } = line;
  // An order page's address carries the token that opens it: logged without it.
  rest.path = loggablePath(rest.path);
  const ms = Math.round((performance.now() - started) * 10) / 10;
  if (line.status >= 500 && !meantStatus) logger.error({ ...rest, ms }, "request");
  else if (line.status >= 400 || ms >= 1000) logger.info({ ...rest, ms }, "request");
  else if (logger.isLevelEnabled("debug")) logger.debug({ ...rest, ms }, "request");
}

/** Gives each request an id, echoes it in the answer, and logs one line per request. */
export function requestLog(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    const reqId = newRequestId(requestHeader(c, "x-request-id"));
    ids.set(c, reqId);
    await next();
    if (!answered.has(c)) c.res.headers.set("x-request-id", reqId);
    logRequest(logger, { reqId, method: c.req.method, path: c.req.path, status: c.res.status, started }, meant.has(c));
  };
}
