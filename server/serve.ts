import { getRequestListener } from "@hono/node-server";
import { createApp, type PageHandler } from "./app.ts";
import type { AppDeps } from "./deps.ts";
import { withCachedAnswers } from "./http/cached-answers.ts";
import { listen, type RunningServer } from "./http/listen.ts";

/**
 * Builds the app and serves it on Node's HTTP server; stopping it ends mail delivery and the
 * change feed, then closes the database.
 */
export function serveApp(
  deps: AppDeps,
  at: { port: number; host: string },
  site?: { pages: PageHandler; clientDir: string },
): Promise<RunningServer> {
  const app = createApp(deps, site ?? {});
  return listen({
    listener: withCachedAnswers(deps.cache, deps.logger, getRequestListener(app.fetch)),
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
}
