import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import type { Logger } from "../logger.ts";

type Fetch = (request: Request) => Response | Promise<Response>;

export type RunningServer = {
  port: number;
  /** Stops accepting, lets in-flight requests finish (up to timeoutMs), then runs onClosed. */
  stop: () => Promise<void>;
};

export function listen(options: {
  fetch: Fetch;
  port: number;
  host: string;
  logger: Logger;
  timeoutMs: number;
  onClosed: () => Promise<void>;
}): Promise<RunningServer> {
  const { logger } = options;
  return new Promise((resolve) => {
    const server = serve({ fetch: options.fetch, port: options.port, hostname: options.host }, (info: AddressInfo) => {
      let stopping: Promise<void> | null = null;
      resolve({
        port: info.port,
        stop: () => {
          stopping ??= new Promise<void>((done) => {
            logger.info("Shutting down: finishing in-flight requests");
            const force = setTimeout(() => {
              logger.warn("In-flight requests did not finish in time; closing their connections");
              if ("closeAllConnections" in server) server.closeAllConnections();
            }, options.timeoutMs);
            // Keep-alive sockets whose request finishes during shutdown become idle; close them
            // as they do, or close() waits for their keep-alive timeout.
            const sweep = setInterval(() => {
              if ("closeIdleConnections" in server) server.closeIdleConnections();
            }, 50);
            server.close(() => {
              clearTimeout(force);
              clearInterval(sweep);
              options
                .onClosed()
                .catch((err: unknown) => logger.error({ err }, "Closing failed"))
                .finally(() => {
                  logger.info("Stopped");
                  done();
                });
            });
          });
          return stopping;
        },
      });
    });
  });
}
