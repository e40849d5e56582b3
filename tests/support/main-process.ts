import { type ChildProcess, fork } from "node:child_process";
import path from "node:path";

/** The real server (server/main.ts) in a child process, with what it printed so far. */
export type MainProcess = { child: ChildProcess; port: number; output: string[] };

/**
 * Starts server/main.ts with `env` and resolves once its log says the port it serves on; rejects
 * with everything it printed if it exits first or is not serving within `timeoutMs`.
 */
export function startMainProcess(env: Record<string, string>, timeoutMs = 60_000): Promise<MainProcess> {
  const child = fork(path.resolve("server/main.ts"), [], {
    execArgv: ["--import", "tsx"],
    env,
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  const output: string[] = [];
  return new Promise((resolve, reject) => {
    let buffered = "";
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output.join("\n")}`)), timeoutMs);
    child.stderr!.on("data", (d: Buffer) => output.push(d.toString()));
    child.stdout!.on("data", (d: Buffer) => {
      buffered += d.toString();
      const lines = buffered.split("\n");
      buffered = lines.pop() ?? "";
      for (const line of lines) {
        output.push(line);
        try {
          const entry = JSON.parse(line) as { msg?: string; port?: number };
          if (entry.msg?.startsWith("Serving on") && entry.port) {
            clearTimeout(timer);
            resolve({ child, port: entry.port, output });
          }
        } catch {
          // not a log line
        }
      }
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code ?? signal}) before listening:\n${output.join("\n")}`));
    });
  });
}
