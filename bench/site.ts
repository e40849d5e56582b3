// The site as a phone sees it: the JavaScript the home page costs (as Chromium fetches it, idle
// chunks included) and Lighthouse (mobile preset) on every public kind of page, twice: cold, on a
// server just started over an emptied optimiser cache (the first visitor after a deploy, or after
// the studio adds photos), and warm. Runs the built site (`npm run build` first) on a data folder
// of its own (BENCH_DATA_DIR) and port (BENCH_PORT).
//
//   BENCH_ROUTES=slab,divergence  only those rows (names as in the table)
//   BENCH_RUNS=3                  Lighthouse runs per page and state, the median (by score) kept
//   BENCH_SERVER=path/server.mjs  another server bundle (with APP_BUILD_DIR, another site build)
//   BENCH_OUT=bench/out/site      where each run's Lighthouse JSON is written
//
// A run whose first frame Chromium held back (see paintHeldBack) is measured again, up to twice;
// the table says how many were, and each page's time to first byte, which is what sets them off.
import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/support/chromium.ts";
import { printScripts, scriptsFetched } from "./page-scripts.ts";
import { paintHeldBack, type TraceEvent } from "./paint-held.ts";

const PORT = Number(process.env.BENCH_PORT ?? 3950);
const base = `http://127.0.0.1:${PORT}`;
const dataDir = path.resolve(process.env.BENCH_DATA_DIR ?? ".bench-data");
const serverBundle = process.env.BENCH_SERVER ?? "dist/server.mjs";
const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 1));
const outDir = path.resolve(process.env.BENCH_OUT ?? "bench/out/site");
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
/** The optimiser's disk caches (server/images/optimize.ts): made on demand, and made ahead. */
const variantsDir = path.join(dataDir, "cache");

type WarmUp = { made: number; cached: number; seconds: number; bytes: number };
type Site = { child: ChildProcess; warmedUp: Promise<WarmUp | null>; stop: () => Promise<void> };

/**
 * Starts the built server and resolves once it answers /healthz. `warmedUp` resolves with the
 * server's summary once it logs that its image variants are made (server/images/image-work.ts), or
 * null when it logs no warm-up within a few seconds of listening (a build without one).
 */
async function startSite(): Promise<Site> {
  if (!existsSync(path.join(dataDir, "images")) && existsSync("data/images")) {
    mkdirSync(dataDir, { recursive: true });
    cpSync("data/images", path.join(dataDir, "images"), { recursive: true });
  }
  const child = spawn("node", [serverBundle], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let stopping = false;
  const exited = new Promise<void>((resolve) =>
    child.once("exit", (code, signal) => {
      if (!stopping) console.error(`The site stopped by itself (exit code ${code}, signal ${signal})`);
      resolve();
    }),
  );
  const stop = async () => {
    stopping = true;
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  };
  let started = false;
  let finished: WarmUp | null = null;
  let listening = 0;
  const lines = createInterface({ input: child.stdout! });
  lines.on("line", (line) => {
    let entry: { level?: number; msg?: string } & Partial<WarmUp>;
    try {
      entry = JSON.parse(line);
    } catch {
      return;
    }
    if (entry.msg === "Making image variants") started = true;
    if (entry.msg === "Image variants ready") {
      const { made = 0, cached = 0, seconds = 0, bytes = 0 } = entry;
      finished = { made, cached, seconds, bytes };
    }
    if ((entry.level ?? 0) >= 40) console.error(line);
  });
  for (let i = 0; i < 1200; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) {
        listening = Date.now();
        break;
      }
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error("The site stopped while starting");
    await new Promise((r) => setTimeout(r, 500));
  }
  if (!listening) {
    child.kill();
    throw new Error("The site did not start");
  }
  const warmedUp = (async () => {
    while (!finished) {
      if (!started && Date.now() - listening > 3000) return null;
      if (child.exitCode !== null) return null;
      await new Promise((r) => setTimeout(r, 200));
    }
    return finished;
  })();
  return { child, warmedUp, stop };
}

type Row = { name: string; path: string };

async function routes(): Promise<Row[]> {
  const json = async <T>(p: string) => (await (await fetch(base + p)).json()) as T;
  const productId = (await json<{ id: number; productId: number | null }[]>("/api/Products")).find(
    (p) => p.productId === null,
  )!.id;
  const slabId = (await json<{ id: number }[]>("/api/Slabs"))[0]!.id;
  const baseId = (await json<{ id: number }[]>("/api/Bases"))[0]!.id;
  const all: Row[] = [
    { name: "home", path: "/" },
    { name: "shop", path: "/shop" },
    { name: "product", path: `/products/${productId}` },
    { name: "slabs", path: "/slabs" },
    { name: "slab", path: `/slabs/${slabId}` },
    { name: "bases", path: "/bases" },
    { name: "base", path: `/bases/${baseId}` },
    { name: "divergence", path: "/divergence" },
    { name: "portfolio", path: "/portfolio" },
    { name: "our-story", path: "/our-story" },
    { name: "faqs", path: "/faqs" },
    { name: "media", path: "/media" },
    { name: "look-book", path: "/look-book" },
    { name: "contact", path: "/contact" },
    // The checkout as a first visit sees it: no stored cart (Lighthouse starts from a fresh profile).
    { name: "check-out", path: "/check-out" },
  ];
  const only = process.env.BENCH_ROUTES?.split(",").map((s) => s.trim());
  return only ? all.filter((r) => only.includes(r.name)) : all;
}

type Measure = {
  /** Runs of this page and state whose first paint Chromium held back (paintHeldBack). */
  held: number;
  /** Whether the run kept is one of them (held each time it was made). */
  keptHeld: boolean;
  /** Time to the document's first byte (Lighthouse's server response time). */
  ttfbMs: number;
  /** Chromium's own first paint in the run (not simulated). */
  observedFirstPaintMs: number;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  lcpElement: string;
};

async function measureOnce(port: number, row: Row, state: string, run: number, attempt: number): Promise<Measure> {
  let lhr: NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];
  let throttled = 0;
  // A page that did not load at all (Chromium's first navigation now and then shows its error
  // page) is tried once more; nothing of it reached the server's caches.
  for (let tries = 0; ; tries++) {
    const result = await lighthouse(base + row.path, {
      port,
      output: "json",
      logLevel: "error",
      formFactor: "mobile",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      // The display compositor's decisions, for paintHeldBack.
      additionalTraceCategories: "viz",
    });
    lhr = result!.lhr;
    throttled = paintHeldBack(result!.artifacts.Trace.traceEvents as TraceEvent[], lhr.finalDisplayedUrl);
    if (!lhr.runtimeError || tries === 1) break;
    console.error(`${row.path} (${state}): ${lhr.runtimeError.code}, once more`);
  }
  mkdirSync(outDir, { recursive: true });
  writeFileSync(
    path.join(outDir, `${row.name}-${state}-${run}${attempt ? `-again${attempt}` : ""}.json`),
    JSON.stringify(lhr),
  );
  const score = (k: string) => Math.round((lhr.categories[k]?.score ?? 0) * 100);
  const element = lhr.audits["largest-contentful-paint-element"]?.details as
    | { items?: { items?: { node?: { selector?: string; snippet?: string } }[] }[] }
    | undefined;
  const node = element?.items?.[0]?.items?.[0]?.node;
  return {
    held: throttled > 0 ? 1 : 0,
    keptHeld: throttled > 0,
    ttfbMs: lhr.audits["server-response-time"]?.numericValue ?? Number.NaN,
    observedFirstPaintMs:
      (lhr.audits.metrics?.details as { items?: { observedFirstPaint?: number }[] } | undefined)?.items?.[0]
        ?.observedFirstPaint ?? Number.NaN,
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcpMs: lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
    cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
    lcpElement: node?.selector ?? node?.snippet ?? "",
  };
}

/** How many more times a run is made when Chromium held its first paint back. */
const HELD_AGAIN = 2;

/**
 * One run of a page, made again while Chromium holds its first paint back, up to HELD_AGAIN
 * times, each inside `around` (for a cold run: a server just started over an emptied cache);
 * the held runs are counted in the table, not hidden.
 */
async function measure(
  port: number,
  row: Row,
  state: string,
  run: number,
  around: <T>(work: () => Promise<T>) => Promise<T> = (work) => work(),
): Promise<Measure> {
  let held = 0;
  for (let attempt = 0; ; attempt++) {
    const m = await around(() => measureOnce(port, row, state, run, attempt));
    held += m.held;
    if (!m.keptHeld || attempt === HELD_AGAIN) return { ...m, held };
    console.error(
      `${row.path} (${state}): first paint held back by Chromium at ${seconds(m.observedFirstPaintMs)}, once more`,
    );
  }
}

/** The run with the median performance score, with the held runs of all of them. */
const median = (ms: Measure[]): Measure => ({
  ...[...ms].sort((a, b) => a.performance - b.performance)[Math.floor(ms.length / 2)]!,
  held: ms.reduce((n, m) => n + m.held, 0),
});

async function launchChrome() {
  return chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
  });
}

console.log(
  `Load average at the start: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(", ")}`,
);

// Home's JavaScript, and the route list, from a server that may still be drawing its images.
let site = await startSite();
let rows: Row[];
try {
  printScripts("JavaScript the home page loads", await scriptsFetched(`${base}/`), 125);
  rows = await routes();
} finally {
  await site.stop();
}

const chrome = await launchChrome();
const cold = new Map<string, Measure>();
const warm = new Map<string, Measure>();
try {
  // Cold: each page is the first visit to a server just started over an emptied variant cache.
  for (const row of rows) {
    const ms: Measure[] = [];
    const coldStart = async <T>(work: () => Promise<T>) => {
      rmSync(variantsDir, { recursive: true, force: true });
      site = await startSite();
      try {
        return await work();
      } finally {
        await site.stop();
      }
    };
    for (let i = 0; i < runs; i++) ms.push(await measure(chrome.port, row, "cold", i, coldStart));
    cold.set(row.name, median(ms));
    console.log(`cold ${row.path}: ${cold.get(row.name)!.performance}`);
  }

  // Warm: one server over the cache the cold visits left, once its own warm-up (if any) is done.
  site = await startSite();
  try {
    const waited = Date.now();
    const warmUp = await site.warmedUp;
    if (warmUp)
      console.log(
        `Warm-up: ${warmUp.made} variants made, ${warmUp.cached} found, in ${warmUp.seconds} s ` +
          `(waited ${((Date.now() - waited) / 1000).toFixed(0)} s); made ahead: ${(warmUp.bytes / 2 ** 20).toFixed(0)} MB`,
      );
    for (const row of rows) {
      const ms: Measure[] = [];
      for (let i = 0; i < runs; i++) ms.push(await measure(chrome.port, row, "warm", i));
      warm.set(row.name, median(ms));
      console.log(`warm ${row.path}: ${warm.get(row.name)!.performance}`);
    }
  } finally {
    await site.stop();
  }
} finally {
  await chrome.kill();
}

console.log(
  `\nLighthouse 12, mobile preset, median of ${runs} (targets: performance >= 98, LCP <= 2.0 s, CLS <= 0.02, cold and warm):`,
);
console.table(
  rows.map((r) => {
    const c = cold.get(r.name)!;
    const w = warm.get(r.name)!;
    return {
      page: r.path,
      "cold perf": c.performance,
      "cold LCP": seconds(c.lcpMs),
      "cold CLS": c.cls.toFixed(3),
      "warm perf": w.performance,
      "warm LCP": seconds(w.lcpMs),
      "warm CLS": w.cls.toFixed(3),
      "TTFB cold/warm": `${Math.round(c.ttfbMs)}/${Math.round(w.ttfbMs)} ms`,
      "held cold/warm": `${c.held}${c.keptHeld ? "!" : ""}/${w.held}${w.keptHeld ? "!" : ""}`,
      "a11y/bp/seo": `${w.accessibility}/${w.bestPractices}/${w.seo}`,
    };
  }),
);
console.log(
  "held: runs whose first paint Chromium's compositor held back and that were made again (! the run kept is one)",
);
console.log("Largest contentful paint (cold):");
for (const r of rows) console.log(`  ${r.path.padEnd(16)} ${cold.get(r.name)!.lcpElement}`);
console.log(
  `Load average at the end: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(", ")}`,
);
