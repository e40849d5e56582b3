import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { stopChildren } from "../../support/app-processes.ts";

/**
 * The built shop (`dist/server.mjs`) started by a journey of its own on an empty data folder, as a
 * newcomer starts it: `env` adds to this process's environment (the port, the seed). Resolves
 * with the first match of `until` in its log (a line it prints when it is ready for the journey).
 */
export async function startBuiltShop(opts: {
  env: Record<string, string>;
  until: RegExp;
  timeoutMs: number;
}): Promise<{ match: RegExpExecArray; dataDir: string; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "heartwood-built-shop-"));
  const child: ChildProcess = spawn(process.execPath, ["dist/server.mjs"], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
      DATABASE_URL: "",
      PUBLIC_URL: "",
      ...opts.env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const stop = async () => {
    await stopChildren([child]);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const match = await new Promise<RegExpExecArray>((resolve, reject) => {
      let log = "";
      const timer = setTimeout(
        () => reject(new Error(`Nothing like ${opts.until} in the log:\n${log}`)),
        opts.timeoutMs,
      );
      child.stdout!.on("data", (chunk: Buffer) => {
        log += chunk.toString();
        const found = opts.until.exec(log);
        if (found) {
          clearTimeout(timer);
          resolve(found);
        }
      });
      child.on("exit", (code) => reject(new Error(`The shop exited with ${code}:\n${log}`)));
    });
    child.stdout!.resume();
    return { match, dataDir, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
