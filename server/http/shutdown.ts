import type { AppDeps } from "../deps.ts";
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
 * signal ends it at once. The drain and the deadline are the settings SHUTDOWN_DRAIN_MS and
 * SHUTDOWN_TIMEOUT_MS; `alsoClose` closes what the server does not own.
 */
export function stopOnSignals(
  deps: Pick<AppDeps, "lifecycle" | "logger" | "config">,
  running: RunningServer,
  opts: { onSignal?: () => void; alsoClose?: () => Promise<unknown> } = {},
): void {
  const { logger, lifecycle } = deps;
  const { shutdownDrainMs: drainMs, shutdownTimeoutMs: timeoutMs } = deps.config;
  let stopping = false;
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      if (stopping) {
        logger.warn({ signal }, "Second signal: exiting now");
        process.exit(1);
      }
      stopping = true;
      logger.info({ signal }, "Signal received");
      lifecycle.stopping();
      opts.onSignal?.();
      setTimeout(() => {
        logger.error("The stop did not finish in time: exiting");
        process.exit(1);
      }, timeoutMs + CLOSING_MS).unref();
      const drain = signal === "SIGTERM" ? drainMs : 0;
      void Promise.allSettled([running.stop({ drainMs: drain }), opts.alsoClose?.()]).then(() => process.exit(0));
    });
  }
}
