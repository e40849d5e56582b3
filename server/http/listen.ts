import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Logger } from "../logger.ts";

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

export type RunningServer = {
  port: number;
  /** Stops accepting, lets in-flight requests finish (up to timeoutMs), then runs onClosed. */
  stop: () => Promise<void>;
};

export function listen(options: {
  listener: Listener;
  port: number;
  host: string;
  logger: Logger;
  timeoutMs: number;
  onClosed: () => Promise<void>;
}): Promise<RunningServer> {
  const { logger } = options;
  return new Promise((resolve) => {
    const server = createServer(options.listener);
    server.listen(options.port, options.host, () => {
      const info = server.address() as AddressInfo;
      let stopping: Promise<void> | null = null;
      resolve({
        port: info.port,
        stop: () => {
          stopping ??= new Promise<void>((done) => {
            logger.info("Shutting down: finishing in-flight requests");
            const force = setTimeout(() => {
              logger.warn("In-flight requests did not finish in time; closing their connections");
              server.closeAllConnections();
            }, options.timeoutMs);
            // Keep-alive sockets whose request finishes during shutdown become idle; close them
            // as they do, or close() waits for their keep-alive timeout.
            const sweep = setInterval(() => {
              server.closeIdleConnections();
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
