// The image optimiser's worst case: many distinct transforms of the costliest kind the optimiser
// accepts (largest pixel count, highest quality, every format, a 24 MP noise source, so nothing
// is cached and nothing compresses) fired at once, while autocannon measures the latency of a
// static /images/* file. Reports the slowest transform, how the burst was answered, and static
// p99 before and during the burst. Ends in well under two minutes.
import { type ChildProcess, fork } from "node:child_process";
import path from "node:path";
import autocannon, { type Result } from "autocannon";

const BURST = Number(process.env.BENCH_IMAGE_BURST ?? 80);
const STATIC_PATH = "/images/products/static.jpg";
const STATIC_RATE = 100;

function start(): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(path.join(import.meta.dirname, "optimiser-server.ts"), [], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  return new Promise((resolve, reject) => {
    child.once("message", (m) => resolve({ child, port: (m as { port: number }).port }));
    child.once("exit", (code) => reject(new Error(`optimiser-server.ts exited with ${code}`)));
  });
}

function serverStats(child: ChildProcess): Promise<{ peak: number; transformations: number; longestMs: number }> {
  return new Promise((resolve) => {
    const onMessage = (m: unknown) => {
      if (typeof m !== "object" || m === null || !("stats" in m)) return;
      child.off("message", onMessage);
      resolve((m as { stats: { peak: number; transformations: number; longestMs: number } }).stats);
    };
    child.on("message", onMessage);
    child.send("stats");
  });
}

/** Static-file load at a fixed rate until `until` settles (or `seconds` pass). */
function staticLoad(url: string, seconds: number, until?: Promise<unknown>): Promise<Result> {
  return new Promise((resolve, reject) => {
    const run = autocannon(
      { url, connections: 8, overallRate: STATIC_RATE, duration: seconds, timeout: 60 },
      (err, r) => (err ? reject(err) : resolve(r)),
    );
    void until?.then(() => run.stop());
  });
}

/** The most expensive variants the optimiser accepts, each one distinct. */
function worstCasePaths(count: number): string[] {
  const formats = ["webp&quality=99", "avif&quality=70", "png&quality=99", "jpeg&quality=99"];
  return Array.from({ length: count }, (_, i) => {
    const format = formats[i % formats.length];
    return `/api/images/optimize?filePath=images/products/noise.jpg&width=${2048 - i}&height=2048&format=${format}`;
  });
}

const ms = (n: number) => Math.round(n);
const server = await start();
const base = `http://127.0.0.1:${server.port}`;
try {
  const idle = await staticLoad(base + STATIC_PATH, 5);

  const answers: { status: number; ms: number }[] = [];
  const burst = Promise.all(
    worstCasePaths(BURST).map(async (p) => {
      const started = performance.now();
      const res = await fetch(base + p, { signal: AbortSignal.timeout(100_000) });
      await res.arrayBuffer();
      answers.push({ status: res.status, ms: performance.now() - started });
    }),
  );
  const during = await staticLoad(base + STATIC_PATH, 100, burst);
  await burst;
  const stats = await serverStats(server.child);

  const count = (status: number) => answers.filter((a) => a.status === status).length;
  const slowest = (status: number) => ms(Math.max(0, ...answers.filter((a) => a.status === status).map((a) => a.ms)));
  console.log(
    `\nImage optimiser worst case: ${BURST} distinct transforms at once; static file at ${STATIC_RATE} req/s\n`,
  );
  console.table([
    { measure: "longest transform (server, ms)", value: ms(stats.longestMs) },
    { measure: "transforms run / most at once", value: `${stats.transformations} / ${stats.peak}` },
    { measure: "answers 200 / 503 / 504", value: `${count(200)} / ${count(503)} / ${count(504)}` },
    { measure: "slowest 200 incl. queue (ms)", value: slowest(200) },
    { measure: "slowest 503 (ms)", value: slowest(503) },
    {
      measure: "static p50 / p99 / max idle (ms)",
      value: `${idle.latency.p50} / ${idle.latency.p99} / ${idle.latency.max}`,
    },
    {
      measure: "static p50 / p99 / max in burst (ms)",
      value: `${during.latency.p50} / ${during.latency.p99} / ${during.latency.max}`,
    },
    { measure: "static errors / non-2xx in burst", value: `${during.errors + during.timeouts} / ${during.non2xx}` },
  ]);
} finally {
  server.child.kill("SIGTERM");
}
