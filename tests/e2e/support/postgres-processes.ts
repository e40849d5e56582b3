import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { stopChildren } from "../../support/app-processes.ts";

/**
 * The built shop (`dist/server.mjs`) as two processes on a PostgreSQL database of their own,
 * each with a data folder of its own (no shared disk: files live in the database), for the
 * journeys that check what every process must show. The first process migrates and seeds the
 * database and moves the studio's images in from the journeys' data folder (drawn ahead by
 * `npm test`); the second starts on what the first left.
 */
export type TwoProcesses = {
  urls: [string, string];
  stop: () => Promise<void>;
  /**
   * Stops process `i` as a service manager does (SIGTERM, waiting for it to exit) and starts it
   * again on its port and data folder, resolving once it is ready (`/readyz`); says how long it
   * took to stop.
   */
  restart: (i: number) => Promise<{ stopMs: number }>;
};

const adminUrl = () => process.env.TEST_DATABASE_URL ?? "";

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number, probe = "/healthz") {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`The shop at ${url} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}${probe}`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`The shop at ${url} did not start within ${timeoutMs / 1000} s`);
}

export async function startTwoProcesses(opts: {
  ports: [number, number];
  owner: { email: string; password: string };
  /** Settings for both processes, over the ones given here. */
  env?: Record<string, string>;
  /** Run through scripts/serve.sh, as the service unit does (deploy/heartwood@.service). */
  serveScript?: boolean;
}): Promise<TwoProcesses> {
  const name = `heartwood_journey_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();

  const dirs = [mkdtempSync(path.join(tmpdir(), "heartwood-a-")), mkdtempSync(path.join(tmpdir(), "heartwood-b-"))];
  const drawn = path.join(process.env.E2E_DATA_DIR ?? ".e2e-data", "images");
  if (existsSync(drawn)) cpSync(drawn, path.join(dirs[0]!, "images"), { recursive: true });

  const env = (i: number) => ({
    ...process.env,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dirs[i]!,
    PORT: String(opts.ports[i]),
    PUBLIC_URL: `http://127.0.0.1:${opts.ports[i]}`,
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    FORM_RATE_LIMIT: "100000/600",
    STAFF_PASSWORD: opts.owner.password,
    ...opts.env,
  });
  const spawnShop = (i: number) =>
    opts.serveScript
      ? spawn("sh", ["scripts/serve.sh"], { env: env(i), stdio: ["ignore", "inherit", "inherit"] })
      : spawn(process.execPath, ["dist/server.mjs"], { env: env(i), stdio: ["ignore", "inherit", "inherit"] });
  const children: ChildProcess[] = [];
  const stop = async () => {
    await stopChildren(children);
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
    const again = new pg.Client({ connectionString: adminUrl() });
    await again.connect();
    await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await again.end();
  };
  const urls = opts.ports.map((p) => `http://127.0.0.1:${p}`) as [string, string];
  const restart = async (i: number) => {
    const signalled = Date.now();
    await stopChildren([children[i]!]);
    const stopMs = Date.now() - signalled;
    children[i] = spawnShop(i);
    await waitForHealth(urls[i]!, children[i]!, 120_000, "/readyz");
    return { stopMs };
  };
  try {
    for (const i of [0, 1]) {
      const child = spawnShop(i);
      children.push(child);
      await waitForHealth(urls[i]!, child, 240_000);
      if (i === 0)
        execFileSync(process.execPath, ["--import", "tsx", "scripts/staff.ts", "add", opts.owner.email, "--owner"], {
          env: env(0),
          stdio: "ignore",
        });
    }
    return { urls, stop, restart };
  } catch (err) {
    await stop();
    throw err;
  }
}
