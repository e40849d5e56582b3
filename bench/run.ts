// Throughput and tail latency of the shop's hottest reads beside a bare node:http server that
// answers the same bytes. Both run as separate processes; autocannon drives them on loopback.
import { type ChildProcess, fork } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";

const TARGETS = [
  { name: "GET /api/Products", path: "/api/Products" },
  { name: "search 'walnut table'", path: "/api/Website/search?query=walnut%20table" },
  {
    name: "cached image (600x800 webp)",
    path: "/api/images/optimize?filePath=images/products/bench.jpg&width=600&height=800&quality=90&format=webp",
  },
];
const ROUNDS = 3;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

function start(script: string, args: string[] = []): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(path.join(import.meta.dirname, script), args, {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? "info" },
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  return new Promise((resolve, reject) => {
    child.once("message", (m) => resolve({ child, port: (m as { port: number }).port }));
    child.once("exit", (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

async function load(url: string, opts: { connections: number; overallRate?: number }) {
  const r = await autocannon({ url, duration: SECONDS, ...opts });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p99: r.latency.p99 };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const app = await start("app-server.ts");
const appUrl = `http://127.0.0.1:${app.port}`;
const fixtures = [];
for (const t of TARGETS) {
  const res = await fetch(appUrl + t.path);
  if (!res.ok) throw new Error(`${t.path} answered ${res.status}`);
  fixtures.push({
    path: t.path,
    contentType: res.headers.get("content-type") ?? "application/octet-stream",
    bodyBase64: Buffer.from(await res.arrayBuffer()).toString("base64"),
  });
}
const fixtureFile = path.join(mkdtempSync(path.join(tmpdir(), "heartwood-bench-")), "fixtures.json");
writeFileSync(fixtureFile, JSON.stringify(fixtures));
const bare = await start("bare-server.ts", [fixtureFile]);
const bareUrl = `http://127.0.0.1:${bare.port}`;

console.log(`autocannon, 32 connections, ${SECONDS}s x ${ROUNDS} paired rounds; p99 at a fixed 500 req/s\n`);
const rows = [];
for (const t of TARGETS) {
  // Warm both up (JIT, caches) before anything is counted.
  await autocannon({ url: appUrl + t.path, duration: 1, connections: 32 });
  await autocannon({ url: bareUrl + t.path, duration: 1, connections: 32 });
  const ratios: number[] = [];
  const appRps: number[] = [];
  const bareRps: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const a = await load(appUrl + t.path, { connections: 32 });
    const b = await load(bareUrl + t.path, { connections: 32 });
    appRps.push(a.rps);
    bareRps.push(b.rps);
    ratios.push(a.rps / b.rps);
  }
  const fixedApp = await load(appUrl + t.path, { connections: 8, overallRate: 500 });
  const fixedBare = await load(bareUrl + t.path, { connections: 8, overallRate: 500 });
  rows.push({
    target: t.name,
    "app req/s": Math.round(median(appRps)),
    "bare req/s": Math.round(median(bareRps)),
    ratio: Number(median(ratios).toFixed(2)),
    "app p99 ms @500/s": fixedApp.p99,
    "bare p99 ms @500/s": fixedBare.p99,
  });
}
console.table(rows);
const failing = rows.filter((r) => r.ratio < 0.7 || r["app p99 ms @500/s"] > 10);
console.log(
  failing.length === 0
    ? "All targets met: ratio >= 0.7 and p99 <= 10 ms at 500 req/s."
    : `Below target: ${failing.map((r) => r.target).join(", ")}`,
);
app.child.kill("SIGTERM");
bare.child.kill("SIGTERM");
