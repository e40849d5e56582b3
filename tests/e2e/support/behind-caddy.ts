import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { type Agent, request } from "node:https";
import { tmpdir } from "node:os";
import path from "node:path";
import { stopChildren } from "../../support/app-processes.ts";

/**
 * Caddy (Debian's package) with the project's own deploy/Caddyfile, adapted for a test machine:
 * `tls internal` (Caddy's local certificate authority) on a local port instead of a public
 * certificate for shop.example.com, the two app processes' ports, a folder of its own for the
 * releases' built assets (deploy/upgrade.sh fills /opt/heartwood/shared/assets), and no admin
 * endpoint, trust store or redirect port of the machine's.
 */
export const CADDY = process.env.CADDY_PATH ?? "/usr/bin/caddy";

export type RunningCaddy = {
  origin: string;
  /** The folder Caddy serves /assets/* from (/opt/heartwood/shared in production). */
  shared: string;
  /** Caddy's local root certificate, to trust the shop's certificate with. */
  ca: string;
  /** The end of Caddy's own log (errors), to show with a failure. */
  log: () => string;
  stop: () => Promise<void>;
};

/** deploy/Caddyfile, as a test runs it. */
export function adaptedCaddyfile(o: {
  httpsPort: number;
  httpPort: number;
  upstreams: number[];
  storage: string;
  shared: string;
}) {
  const source = readFileSync(path.resolve("deploy/Caddyfile"), "utf8");
  const upstreams = /reverse_proxy 127\.0\.0\.1:3001 127\.0\.0\.1:3002 \{/;
  const site = /^shop\.example\.com \{$/m;
  const globals = /^\{\n[\s\S]*?^\}\n/m;
  const www = /^www\.shop\.example\.com \{\n[\s\S]*?^\}\n?/m;
  const shared = /\/opt\/heartwood\/shared/g;
  for (const part of [upstreams, site, globals, www, shared])
    if (!part.test(source)) throw new Error(`deploy/Caddyfile no longer has ${part}: adapt the test with it`);
  return source
    .replace(
      globals,
      [
        "{",
        "\tadmin off",
        "\tskip_install_trust",
        `\thttp_port ${o.httpPort}`,
        `\thttps_port ${o.httpsPort}`,
        `\tstorage file_system ${o.storage}`,
        "}",
        "",
      ].join("\n"),
    )
    .replace(site, `https://localhost:${o.httpsPort} {\n\ttls internal`)
    .replace(upstreams, `reverse_proxy ${o.upstreams.map((p) => `127.0.0.1:${p}`).join(" ")} {`)
    .replace(www, "")
    .replace(shared, o.shared);
}

export async function startCaddy(o: {
  httpsPort: number;
  httpPort: number;
  upstreams: number[];
}): Promise<RunningCaddy> {
  const dir = mkdtempSync(path.join(tmpdir(), "heartwood-caddy-"));
  const storage = path.join(dir, "storage");
  const config = path.join(dir, "Caddyfile");
  // This release's built assets, as deploy/upgrade.sh publishes them.
  const shared = path.join(dir, "shared");
  mkdirSync(shared);
  cpSync(path.resolve("build/client/assets"), path.join(shared, "assets"), { recursive: true });
  writeFileSync(config, adaptedCaddyfile({ ...o, storage, shared }));
  const child: ChildProcess = spawn(CADDY, ["run", "--config", config, "--adapter", "caddyfile"], {
    env: { ...process.env, HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let log = "";
  child.stderr!.on("data", (d: Buffer) => {
    log = (log + d.toString()).slice(-20_000);
  });
  const stop = async () => {
    await stopChildren([child]);
    rmSync(dir, { recursive: true, force: true });
  };
  const origin = `https://localhost:${o.httpsPort}`;
  const caFile = path.join(storage, "pki/authorities/local/root.crt");
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) break;
    if (existsSync(caFile)) {
      const ca = readFileSync(caFile, "utf8");
      const answer = await get(origin, "/healthz", ca).catch(() => null);
      if (answer?.status === 200) return { origin, ca, stop, shared, log: () => log };
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`Caddy did not serve ${origin}:\n${log}`);
}

/** One HTTPS request trusting `ca` only; the answer's status and body. */
export function get(origin: string, p: string, ca: string, agent?: Agent) {
  return send(origin, p, ca, { method: "GET" }, agent);
}

export function send(
  origin: string,
  p: string,
  ca: string,
  o: { method: string; body?: string; headers?: Record<string, string> },
  agent?: Agent,
): Promise<{ status: number; body: string; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const req = request(
      new URL(p, origin),
      { method: o.method, ca, agent, headers: o.headers, timeout: 15_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), headers: res.headers }),
        );
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error("timed out")));
    req.on("error", reject);
    req.end(o.body);
  });
}

/** A GET with request headers, answering the response's headers too. */
export function sendWithHeaders(
  origin: string,
  p: string,
  ca: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(p, origin), { method: "GET", ca, headers }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on("error", reject);
    req.end();
  });
}
