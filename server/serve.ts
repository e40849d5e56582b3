import { getRequestListener } from "@hono/node-server";
import { createApp } from "./app.ts";
import type { AppDeps } from "./deps.ts";
import { withCachedAnswers } from "./http/cached-answers.ts";
import { listen, type RunningServer } from "./http/listen.ts";
import type { Site } from "./pages.ts";

/**
 * Renders the home page once, inside the process. A just-started process answered its first
 * page in about 100 ms and every later one, of any route, in 15-40 ms (the renderer's and the
 * database's code paths run for the first time); done before listening, that first time is no
 * visitor's. A failure is logged and the start goes on: a visitor then meets the same error.
 */
export async function renderFirstPage(
  app: { fetch: (request: Request) => Response | Promise<Response> },
  logger: AppDeps["logger"],
): Promise<void> {
  const started = performance.now();
  try {
    const response = await app.fetch(new Request("http://localhost/", { headers: { accept: "text/html" } }));
    await response.arrayBuffer();
    logger.info(
      { status: response.status, ms: Math.round(performance.now() - started) },
      "Rendered the first page before listening",
    );
  } catch (err) {
    logger.warn({ err }, "The first page could not be rendered before listening");
  }
}

/**
 * Builds the app and serves it on Node's HTTP server; stopping it ends mail delivery and the
 * change feed, then closes the database. With the site, its first page is rendered before the
 * server listens (renderFirstPage).
 */
export async function serveApp(deps: AppDeps, at: { port: number; host: string }, site?: Site): Promise<RunningServer> {
  const app = createApp(deps, site ?? {});
  if (site) await renderFirstPage(app, deps.logger);
  const listener = withCachedAnswers(deps.cache, deps.logger, getRequestListener(app.fetch));
  const before = site?.before;
  const running = await listen({
    // Counted here, so the answers written before the app (cached ones, the site's hook) count too.
    listener: deps.metrics.measure(before ? (req, res) => before(req, res, () => listener(req, res)) : listener),
    port: at.port,
    host: at.host,
    logger: deps.logger,
    timeoutMs: deps.config.shutdownTimeoutMs,
    onClosed: async () => {
      await Promise.allSettled([
        deps.mailer.stop(),
        deps.subscriptionSync.stop(),
        deps.staleOrders.stop(),
        deps.changes.close(),
      ]);
      await deps.database.close();
    },
  });
  deps.lifecycle.serving();
  return running;
}
