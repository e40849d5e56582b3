/**
 * Requests counted where node:http hands them over (server/serve.ts wraps the listener), so the
 * answers written before the app routes anything count too: the cached catalog answers
 * (server/http/cached-answers.ts) and the site's own hook. Per route (server/metrics/routes.ts),
 * method and status, with the time to the answer's last byte in a histogram. A request costs a
 * route lookup, a listener on its response and a few additions.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Exposition } from "./exposition.ts";
import { routeOf } from "./routes.ts";

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/** Seconds: a cached answer's few milliseconds up to a slow payment or upload. */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** One route and method: its answers by status and their durations. */
type Series = {
  route: string;
  method: string;
  statuses: Map<number, number>;
  /** Per bucket, not cumulative; the last is above every bound. */
  buckets: Float64Array;
  sum: number;
};

/** When the request came, kept on its response. */
const STARTED = Symbol("metrics.started");
type Timed = ServerResponse & { [STARTED]?: number };

export class HttpMetrics {
  private readonly series = new Map<string, Series>();

  /** Counts one answer. */
  observe(route: string, method: string, status: number, seconds: number): void {
    const m = METHODS.has(method) ? method : "other";
    const key = `${m} ${route}`;
    let s = this.series.get(key);
    if (!s) {
      s = { route, method: m, statuses: new Map(), buckets: new Float64Array(DURATION_BUCKETS.length + 1), sum: 0 };
      this.series.set(key, s);
    }
    s.statuses.set(status, (s.statuses.get(status) ?? 0) + 1);
    let i = 0;
    while (i < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[i]!) i++;
    s.buckets[i]! += 1;
    s.sum += seconds;
  }

  /** `next`, with each answer counted once its last byte is handed to the connection. */
  measure(next: Listener): Listener {
    const metrics = this;
    // One function for every response (`this` is the response), so a request allocates no closure.
    function finished(this: Timed) {
      const req = this.req as IncomingMessage | undefined;
      metrics.observe(
        routeOf(req?.url),
        req?.method ?? "",
        this.statusCode,
        (performance.now() - (this[STARTED] ?? 0)) / 1000,
      );
    }
    return (req, res) => {
      (res as Timed)[STARTED] = performance.now();
      res.once("finish", finished);
      next(req, res);
    };
  }

  write(out: Exposition): void {
    const all = [...this.series.values()].sort((a, b) =>
      a.route === b.route ? a.method.localeCompare(b.method) : a.route.localeCompare(b.route),
    );
    out.counter(
      "http_requests_total",
      "Requests answered, by route pattern (never the path), method and status code.",
      all.flatMap((s) =>
        [...s.statuses.entries()]
          .sort(([a], [b]) => a - b)
          .map(([status, value]) => ({ labels: { route: s.route, method: s.method, status: String(status) }, value })),
      ),
    );
    out.histogram(
      "http_request_duration_seconds",
      "Time from a request's arrival to its answer's last byte, by route pattern and method.",
      DURATION_BUCKETS,
      all.map((s) => ({ labels: { route: s.route, method: s.method }, buckets: s.buckets, sum: s.sum })),
    );
  }
}
