/**
 * The process's metrics for Prometheus (docs/monitoring.md): what node:http answered
 * (server/metrics/http.ts), the card gateway's answers (payments.ts), and what is read when
 * `/metrics` is asked (collectors.ts). One per app, `deps.metrics`.
 */
import type { IncomingMessage } from "node:http";
import type { MiddlewareHandler } from "hono";
import type { AppDeps } from "../deps.ts";
import { askerOf, mayReadMetrics } from "./access.ts";
import {
  ImageWorkState,
  type QueueFigures,
  readQueues,
  writeImages,
  writeMemory,
  writeProcess,
  writeQueues,
} from "./collectors.ts";
import { CONTENT_TYPE, Exposition } from "./exposition.ts";
import { HttpMetrics } from "./http.ts";
import { writePayments } from "./payments.ts";

/** The database's figures are read at most this often, however often `/metrics` is asked. */
export const QUEUE_FIGURES_MS = 5_000;

export type MetricsDeps = Pick<
  AppDeps,
  "database" | "cache" | "files" | "images" | "undrawn" | "lifecycle" | "gateway"
>;

export class Metrics {
  readonly http = new HttpMetrics();
  /** Set by the start's picture work (server/images/image-work.ts). */
  readonly imageWork = new ImageWorkState();
  private queues: { at: number; figures: Promise<QueueFigures | null> } | null = null;
  private readonly figuresMs: number;

  /** `figuresMs`: how long the database's figures are kept (QUEUE_FIGURES_MS; less in tests). */
  constructor(options: { figuresMs?: number } = {}) {
    this.figuresMs = options.figuresMs ?? QUEUE_FIGURES_MS;
  }

  /** A node:http listener with each of its answers counted (server/serve.ts). */
  readonly measure = this.http.measure.bind(this.http);

  /**
   * The database's figures, read again once the last reading is `figuresMs` old (a failed one
   * too): a storm of scrapes costs the database one query every few seconds. Scrapes meanwhile
   * share the reading, the one in flight included.
   */
  private queueFigures(deps: MetricsDeps): Promise<QueueFigures | null> {
    const now = performance.now();
    if (!this.queues || now - this.queues.at >= this.figuresMs) {
      this.queues = { at: now, figures: readQueues(deps.database.db).catch(() => null) };
    }
    return this.queues.figures;
  }

  /** Every metric, in Prometheus's text format. */
  async exposition(deps: MetricsDeps): Promise<string> {
    const figures = await this.queueFigures(deps);
    const out = new Exposition();
    this.http.write(out);
    writePayments(out);
    writeQueues(out, figures);
    writeImages(out, deps);
    this.imageWork.write(out, deps);
    writeMemory(out, deps);
    writeProcess(out, deps);
    return out.text();
  }
}

/**
 * `GET /metrics` (server/app.ts): the exposition for those mayReadMetrics lets in, never kept by
 * any cache. Anyone else is handed on to the rest of the app, and meets what any unknown address
 * gets (the site's 404, or "opening soon" before setup): nothing tells them the address exists.
 */
export function metricsRoute(deps: MetricsDeps & Pick<AppDeps, "config" | "metrics">): MiddlewareHandler {
  return async (c, next) => {
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    if (
      !mayReadMetrics(
        askerOf(incoming, (name) => c.req.header(name)),
        deps.config.metricsToken,
      )
    )
      return next();
    const text = await deps.metrics.exposition(deps);
    return c.body(text, 200, {
      "content-type": CONTENT_TYPE,
      "cache-control": "no-store",
    });
  };
}
