import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Logger } from "../logger.ts";

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

export type StopOptions = {
  /**
   * How long to go on serving before closing the listening socket, every answer meanwhile
   * ending its connection (`Connection: close`): the time a proxy's health check needs to see
   * the process is no longer ready and send new requests elsewhere (docs/deploy.md). 0 closes
   * at once.
   */
  drainMs?: number;
};

export type RunningServer = {
  port: number;
  /**
   * Stops: serves on for `drainMs`, then stops accepting and lets in-flight requests finish;
   * connections still open `timeoutMs` after the call are cut. Then runs onClosed.
   */
  stop: (options?: StopOptions) => Promise<void>;
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
  let draining = false;
  return new Promise((resolve) => {
    const server = createServer((req, res) => {
      // A stopping process ends each connection after its answer, so no client (the proxy
      // included) sends another request on it after the socket has closed.
      if (draining) res.shouldKeepAlive = false;
      options.listener(req, res);
    });
    server.listen(options.port, options.host, () => {
      const info = server.address() as AddressInfo;
      let stopping: Promise<void> | null = null;
      const close = (deadline: number) =>
        new Promise<void>((done) => {
          logger.info("Shutting down: finishing in-flight requests");
          const force = setTimeout(
            () => {
              logger.warn("In-flight requests did not finish in time; closing their connections");
              server.closeAllConnections();
            },
            Math.max(0, deadline - Date.now()),
          );
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
      resolve({
        port: info.port,
        stop: ({ drainMs = 0 } = {}) => {
          stopping ??= (async () => {
            const deadline = Date.now() + options.timeoutMs;
            draining = true;
            if (drainMs > 0) {
              logger.info({ drainMs }, "Stopping: not ready any more, serving on while the proxy turns away");
              await new Promise((r) => setTimeout(r, Math.min(drainMs, options.timeoutMs)));
            }
            await close(deadline);
          })();
          return stopping;
        },
      });
    });
  });
}
