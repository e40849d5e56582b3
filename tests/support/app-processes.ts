import { type ChildProcess, fork } from "node:child_process";
import path from "node:path";

/** Stops child processes with SIGTERM, resolving once each has exited. */
export const stopChildren = (children: ChildProcess[]): Promise<void> =>
  Promise.all(
    children.map(
      (c) =>
        new Promise<void>((resolve) => {
          if (c.exitCode !== null) return resolve();
          c.once("exit", () => resolve());
          c.kill("SIGTERM");
        }),
    ),
  ).then(() => undefined);

/**
 * App processes on one PostgreSQL database (tests/support/app-process.ts each), for tests of
 * what several processes must agree on. `env` is added to this process's environment
 * (DATABASE_URL and DATA_DIR at least); `envFor(i)` gives one process settings of its own.
 */
export async function startAppProcesses(
  count: number,
  env: Record<string, string>,
  envFor: (i: number) => Record<string, string> = () => ({}),
): Promise<{ ports: number[]; stop: () => Promise<void> }> {
  const children: ChildProcess[] = [];
  const ports: number[] = [];
  const stop = () => stopChildren(children);
  try {
    for (let i = 0; i < count; i++) {
      const child = fork(path.resolve("tests/support/app-process.ts"), {
        execArgv: ["--import", "tsx"],
        env: { ...process.env, ...env, ...envFor(i) },
        stdio: ["ignore", "inherit", "inherit", "ipc"],
      });
      children.push(child);
      ports.push(
        await new Promise<number>((resolve, reject) => {
          child.once("message", (m) => resolve((m as { port: number }).port));
          child.once("exit", (code) => reject(new Error(`app process exited with ${code}`)));
        }),
      );
    }
  } catch (err) {
    await stop();
    throw err;
  }
  return { ports, stop };
}
