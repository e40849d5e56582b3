import type { Logger } from "../logger.ts";
import type { Lifecycle } from "./lifecycle.ts";
import type { RunningServer } from "./listen.ts";

/** What a stop may take after the server's own deadline (closing the database, the staff socket). */
const CLOSING_MS = 1_500;

/**
 * Stops the process on SIGTERM (a process manager, a rolling restart) or SIGINT (Ctrl-C):
 * `/readyz` says "stopping" at once; on SIGTERM the server serves on for `drainMs` so the
 * proxy's health check turns new requests to another process, then stops accepting and
 * answers what is in flight (a payment included), cutting what is still open at `timeoutMs`;
 * background work stops with it (mail rows it had claimed are handed back, jobs/worker.ts) and
 * the database closes. A stop that hangs past its deadline ends the process anyway, and a second
 * signal ends it at once. `alsoClose` closes what the server does not own.
 */
export function stopOnSignals(opts: {
  running: RunningServer;
  lifecycle: Lifecycle;
  logger: Logger;
  drainMs: number;
  timeoutMs: number;
  onSignal?: () => void;
  alsoClose?: () => Promise<unknown>;
}): void {
  const { logger } = opts;
  let stopping = false;
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      if (stopping) {
        logger.warn({ signal }, "Second signal: exiting now");
        process.exit(1);
      }
      stopping = true;
      logger.info({ signal }, "Signal received");
      opts.lifecycle.stopping();
      opts.onSignal?.();
      setTimeout(() => {
        logger.error("The stop did not finish in time: exiting");
        process.exit(1);
      }, opts.timeoutMs + CLOSING_MS).unref();
      const drainMs = signal === "SIGTERM" ? opts.drainMs : 0;
      void Promise.allSettled([opts.running.stop({ drainMs }), opts.alsoClose?.()]).then(() => process.exit(0));
    });
  }
}
