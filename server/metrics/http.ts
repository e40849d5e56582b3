/**
 * Requests counted where node:http hands them over (server/serve.ts wraps the listener), so the
 * answers written before the app routes anything count too: the cached catalog answers
 * (server/http/cached-answers.ts) and the site's own hook. Per route (server/metrics/routes.ts),
 * method and status, with the time to the answer's last byte in a histogram. A request costs a
 * map lookup (its target's route is remembered), a listener on its response and a few additions.
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

/** Request targets whose route is remembered; past this many, they are forgotten and found again. */
const REMEMBERED_TARGETS = 1000;

/** When the request came, kept on its response. */
const STARTED = Symbol("metrics.started");
type Timed = ServerResponse & { [STARTED]?: number };

/** A route's series, by method. */
type RouteSeries = { route: string; byMethod: Map<string, Series> };

export class HttpMetrics {
  private readonly routes = new Map<string, RouteSeries>();
  /**
   * Request targets seen lately and their route's series, so a repeated target (the catalog's
   * hot answers) is not matched again. An order's or a quote's page is never kept: its target
   * holds the page's token.
   */
  private readonly targets = new Map<string, RouteSeries>();

  private routeSeries(route: string): RouteSeries {
    let r = this.routes.get(route);
    if (!r) {
      r = { route, byMethod: new Map() };
      this.routes.set(route, r);
    }
    return r;
  }

  /** The series a request target counts under (routeOf), remembered for the next time. */
  private seriesOf(target: string | undefined): RouteSeries {
    if (target === undefined) return this.routeSeries(routeOf(target));
    let r = this.targets.get(target);
    if (r) return r;
    r = this.routeSeries(routeOf(target));
    if (!r.route.includes(":token")) {
      if (this.targets.size >= REMEMBERED_TARGETS) this.targets.clear();
      this.targets.set(target, r);
    }
    return r;
  }

  /** Counts one answer to a request for `target` (a path and query). */
  observeTarget(target: string | undefined, method: string, status: number, seconds: number): void {
    this.count(this.seriesOf(target), method, status, seconds);
  }

  /** Counts one answer of a route. */
  observe(route: string, method: string, status: number, seconds: number): void {
    this.count(this.routeSeries(route), method, status, seconds);
  }

  private count(r: RouteSeries, method: string, status: number, seconds: number): void {
    let s = r.byMethod.get(method);
    if (!s) {
      const m = METHODS.has(method) ? method : "other";
      s = r.byMethod.get(m);
      if (!s) {
        s = {
          route: r.route,
          method: m,
          statuses: new Map(),
          buckets: new Float64Array(DURATION_BUCKETS.length + 1),
          sum: 0,
        };
        r.byMethod.set(m, s);
      }
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
      metrics.observeTarget(
        req?.url,
        req?.method ?? "",
        this.statusCode,
        (performance.now() - (this[STARTED] ?? 0)) / 1000,
      );
    }
    return (req, res) => {
      (res as Timed)[STARTED] = performance.now();
      // "finish" comes once; `on` spares the wrapper `once` would make.
      res.on("finish", finished);
      next(req, res);
    };
  }

  write(out: Exposition): void {
    const all = [...new Set([...this.routes.values()].flatMap((r) => [...r.byMethod.values()]))].sort((a, b) =>
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
