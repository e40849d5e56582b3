import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "../logger.ts";
import { logRequest, newRequestId } from "./request-id.ts";
import { cachedAnswer, type ResponseCache } from "./response-cache.ts";

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Answers a GET whose exact request target was already answered from the response cache, before
 * routing, URL parsing and validation run again: the same bytes, headers, request id and log
 * line as the routed path, at close to the cost of writing them. Everything else (and any
 * target the cache no longer holds) goes to `next`, the full app.
 */
export function withCachedAnswers(cache: ResponseCache, logger: Logger, next: Listener): Listener {
  return (req, res) => {
    const entry = req.method === "GET" && req.url ? cache.forTarget(req.url) : undefined;
    if (!entry) {
      next(req, res);
      return;
    }
    const started = performance.now();
    const reqId = newRequestId(req.headers["x-request-id"]);
    const answer = cachedAnswer(entry, req.headers["if-none-match"], req.headers["accept-encoding"], reqId);
    if (answer.body) answer.headers["content-length"] = String(answer.body.byteLength);
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body ?? undefined);
    const path = req.url!.split("?")[0]!;
    logRequest(logger, { reqId, method: "GET", path, status: answer.status, started });
  };
}
