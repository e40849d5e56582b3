// What the file store costs /images/* (docs/product.md, "Files live with the data"): the same
// 600 x 800 JPEG from the static file server used before, from the store's memory, and from the
// database on every request (PGlite; PostgreSQL with BENCH_DATABASE_URL). Each server is a
// process of its own; autocannon drives it on loopback, as bench/run.ts does.
import { type ChildProcess, fork } from "node:child_process";
import path from "node:path";
import autocannon from "autocannon";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = 3;
const MODES = ["disk", "memory", "database"] as const;

function start(mode: string): Promise<{ child: ChildProcess; port: number; bytes: number }> {
  const child = fork(path.join(import.meta.dirname, "stored-files-server.ts"), [mode], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  return new Promise((resolve, reject) => {
    child.once("message", (m) => resolve({ child, ...(m as { port: number; bytes: number }) }));
    child.once("exit", (code) => reject(new Error(`stored-files-server ${mode} exited with ${code}`)));
  });
}

async function load(url: string, opts: { connections: number; overallRate?: number }) {
  const r = await autocannon({ url, duration: SECONDS, ...opts });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const servers = [];
for (const mode of MODES) servers.push({ mode, ...(await start(mode)) });
console.log(
  `/images/products/static.jpg (${Math.round(servers[0]!.bytes / 1024)} KB), ${process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "PGlite"}; ` +
    `autocannon 32 connections, ${SECONDS} s x ${ROUNDS} rounds (median); p50/p99 at a fixed 500 req/s\n`,
);
for (const s of servers)
  await autocannon({ url: `http://127.0.0.1:${s.port}/images/products/static.jpg`, duration: 1 });
const rps = new Map<string, number[]>(MODES.map((m) => [m, []]));
for (let i = 0; i < ROUNDS; i++)
  for (const s of servers)
    rps
      .get(s.mode)!
      .push((await load(`http://127.0.0.1:${s.port}/images/products/static.jpg`, { connections: 32 })).rps);
const rows = [];
for (const s of servers) {
  const fixed = await load(`http://127.0.0.1:${s.port}/images/products/static.jpg`, {
    connections: 8,
    overallRate: 500,
  });
  rows.push({
    served: s.mode,
    "req/s": Math.round(median(rps.get(s.mode)!)),
    "p50 ms @500/s": fixed.p50,
    "p99 ms @500/s": fixed.p99,
  });
}
console.table(rows);
for (const s of servers) s.child.kill("SIGTERM");
