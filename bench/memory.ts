// Resident memory of the running shop: the built server (`npm run build` first) and every process
// it starts, summed from /proc every 500 ms, as a first start on an empty data folder goes:
//
//   1. start     a fresh start (demo studio, embedded database): time until / answers, time until
//                its first picture is a real image (not the SVG placeholder), peak RSS meanwhile
//   2. idle      the first start's background work (pictures drawn, variants made) waited out,
//                then 20 s idle: median RSS over 10 s
//   3. browse    every public kind of page and every picture they show, 4 at a time: median over
//                10 s after
//   4. load      a mix of those pages, pictures, catalog API calls and optimiser widths at about
//                50 requests/s: peak RSS, then the median over 10 s after 30 s idle
//   5. postgres  a first start on a new, empty PostgreSQL database: median idle RSS once its
//                background work is done
//
// Phases 1-4 share one server. Missed targets are printed, not failed on.
//
//   BENCH_MEMORY_PHASES=start,idle          only those phases (default: all five)
//   BENCH_MEMORY_START_TIMEOUT=900          seconds a first start's work may take at most
//   BENCH_MEMORY_LOAD_SECONDS=300           length of the mixed load
//   BENCH_MEMORY_LOAD_RATE=50               its requests per second (8 at a time at most)
//   BENCH_DATABASE_URL=postgres://...       server to create phase 5's database on (default
//                                           postgres://postgres@127.0.0.1:5432/test; skipped when
//                                           it does not answer)
//   BENCH_SERVER=dist/server.mjs            another server bundle, run with plain node (default: scripts/serve.sh)
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import pg from "pg";
import { processTree, TreeSampler } from "./memory-sampler.ts";

const ALL_PHASES = ["start", "idle", "browse", "load", "postgres"] as const;
type Phase = (typeof ALL_PHASES)[number];
const phases = new Set(
  (process.env.BENCH_MEMORY_PHASES ?? ALL_PHASES.join(","))
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean),
);
for (const p of phases)
  if (!(ALL_PHASES as readonly string[]).includes(p))
    throw new Error(`BENCH_MEMORY_PHASES: unknown phase '${p}' (phases: ${ALL_PHASES.join(", ")})`);
const wanted = (p: Phase) => phases.has(p);

const START_TIMEOUT_MS = Number(process.env.BENCH_MEMORY_START_TIMEOUT ?? 900) * 1000;
const LOAD_SECONDS = Number(process.env.BENCH_MEMORY_LOAD_SECONDS ?? 300);
const LOAD_RATE = Number(process.env.BENCH_MEMORY_LOAD_RATE ?? 50);
const LOAD_CONCURRENCY = 8;
const BROWSE_CONCURRENCY = 4;
/** What `npm start` runs once built (scripts/serve.sh: the server with its memory settings), or another bundle. */
const serverCommand = process.env.BENCH_SERVER
  ? { file: process.execPath, args: [path.resolve(process.env.BENCH_SERVER)] }
  : { file: "sh", args: [path.resolve("scripts/serve.sh")] };
const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
/** The log line that ends a first start's background work (server/images/warm-up.ts). */
const WORK_DONE = "Image variants ready";
/** Without that line: no process below the server, and a log this long quiet with the CPU idle. */
const QUIET_MS = 20_000;

const TARGETS = {
  pictureSeconds: 60,
  pictureGoalSeconds: 45,
  idleMb: 300,
  browseMb: 300,
  loadPeakMb: 450,
  settledMb: 320,
  postgresIdleMb: 200,
};

const BROWSER = {
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
};
const ACCEPT_PAGE = { ...BROWSER, accept: "text/html,application/xhtml+xml,*/*;q=0.8" };
const ACCEPT_IMAGE = { ...BROWSER, accept: "image/avif,image/webp,image/*,*/*;q=0.8" };
const ACCEPT_JSON = { ...BROWSER, accept: "application/json" };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const sinceMs = (t: number) => performance.now() - t;
const secs = (ms: number) => Math.round(ms / 100) / 10;
const mb = (n: number) => (Number.isFinite(n) ? Math.round(n) : Number.NaN);
const progress = (line: string) => console.error(`[memory ${new Date().toISOString().slice(11, 19)}] ${line}`);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

// ---------------------------------------------------------------------------------------------
// The server

type Shop = {
  name: string;
  pid: number;
  base: string;
  spawnedAt: number;
  sampler: TreeSampler;
  /** Every JSON log line's msg with when it came (performance.now()). */
  log: { at: number; msg: string }[];
  lastLogAt: number;
  /** "request" lines: answers of 400 and over, or slower than a second (server/http/request-id.ts). */
  requestLines: number;
  exitCode: () => number | null;
  stop: () => Promise<void>;
};

const running = new Set<Shop>();

/** Starts the built server the way `npm start` does, on an empty data folder of its own. */
async function startShop(name: string, databaseUrl = ""): Promise<Shop> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "heartwood-bench-memory-"));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    LOG_LEVEL: "info",
    DATABASE_URL: databaseUrl,
  };
  delete env.SEED;
  const spawnedAt = performance.now();
  // A process group of its own, so that it and everything it starts can be stopped together.
  const child: ChildProcess = spawn(serverCommand.file, serverCommand.args, {
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const pid = child.pid!;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const sampler = new TreeSampler(pid, 500).start();
  const shop: Shop = {
    name,
    pid,
    base: `http://127.0.0.1:${port}`,
    spawnedAt,
    sampler,
    log: [],
    lastLogAt: spawnedAt,
    requestLines: 0,
    exitCode: () => child.exitCode ?? (child.signalCode ? -1 : null),
    stop: async () => {},
  };
  const at = () => `+${secs(sinceMs(spawnedAt)).toFixed(1)} s`;
  createInterface({ input: child.stdout! }).on("line", (line) => {
    shop.lastLogAt = performance.now();
    let entry: { level?: number; msg?: string };
    try {
      entry = JSON.parse(line);
    } catch {
      progress(`${name} ${at()} ${line.slice(0, 300)}`);
      return;
    }
    const msg = entry.msg ?? "";
    shop.log.push({ at: shop.lastLogAt, msg });
    if (msg === "request") shop.requestLines += 1;
    else if ((entry.level ?? 0) >= 40) progress(`${name} ${at()} ${line.slice(0, 400)}`);
    else progress(`${name} ${at()} ${msg.slice(0, 200)}`);
  });
  createInterface({ input: child.stderr! }).on("line", (line) => progress(`${name} stderr: ${line.slice(0, 400)}`));

  let stopped = false;
  shop.stop = async () => {
    if (stopped) return;
    stopped = true;
    running.delete(shop);
    const tree = processTree(pid);
    try {
      process.kill(-pid, "SIGTERM");
    } catch {
      // already gone
    }
    const inTime = await Promise.race([exited.then(() => true), sleep(15_000).then(() => false)]);
    if (!inTime) progress(`${name} did not stop within 15 s of SIGTERM; killing it`);
    // Whatever is left of the group, and of the tree as it was (a descendant may have left the group).
    try {
      process.kill(-pid, "SIGKILL");
    } catch {
      // the group is empty
    }
    for (const p of tree.slice(1))
      try {
        if (processTree(p).length > 0) process.kill(p, "SIGKILL");
      } catch {
        // gone
      }
    sampler.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  running.add(shop);
  progress(`${name}: started ${serverCommand.args.join(" ")} (pid ${pid}) on ${shop.base}`);
  return shop;
}

function assertRunning(shop: Shop) {
  const code = shop.exitCode();
  if (code !== null) throw new Error(`${shop.name}: the server stopped by itself (exit code ${code})`);
}

/** Milliseconds from the spawn until / answers 200. */
async function waitForHome(shop: Shop): Promise<number> {
  const deadline = shop.spawnedAt + START_TIMEOUT_MS;
  for (;;) {
    try {
      const res = await fetch(`${shop.base}/`, { headers: ACCEPT_PAGE, signal: AbortSignal.timeout(30_000) });
      await res.arrayBuffer();
      if (res.status === 200) return sinceMs(shop.spawnedAt);
    } catch {
      // not listening yet
    }
    assertRunning(shop);
    if (performance.now() > deadline) throw new Error(`${shop.name}: / did not answer 200 in time`);
    await sleep(250);
  }
}

type WorkEnd = { signal: string; endedMs: number; peakMb: number; mostProcesses: number };

/**
 * Waits until the first start's background work is over: the server logs WORK_DONE, or (a build
 * without that line) nothing runs below it, its log has been quiet for QUIET_MS and it used under
 * a tenth of a core meanwhile; at most until START_TIMEOUT_MS after the spawn.
 */
async function waitForWork(shop: Shop): Promise<WorkEnd> {
  await waitForHome(shop);
  const deadline = shop.spawnedAt + START_TIMEOUT_MS;
  const end = (signal: string, at: number): WorkEnd => ({
    signal,
    endedMs: at - shop.spawnedAt,
    peakMb: shop.sampler.peak(shop.spawnedAt, at),
    mostProcesses: shop.sampler.mostProcesses(shop.spawnedAt, at),
  });
  for (;;) {
    const done = shop.log.find((l) => l.msg === WORK_DONE);
    if (done) return end(`"${WORK_DONE}"`, done.at);
    const now = performance.now();
    const last = shop.sampler.samples.at(-1);
    if (
      last &&
      last.processes <= 1 &&
      now - shop.lastLogAt >= QUIET_MS &&
      shop.sampler.cpuShare(QUIET_MS) < 0.1 &&
      sinceMs(shop.spawnedAt) > QUIET_MS
    )
      return end(`no child process, log quiet ${QUIET_MS / 1000} s, CPU idle`, shop.lastLogAt);
    if (now > deadline) return end(`timeout (${START_TIMEOUT_MS / 1000} s)`, now);
    assertRunning(shop);
    await sleep(1000);
  }
}

/** Waits `idleMs`, then samples for `sampleMs`: the median RSS of that window. */
async function idleMedian(shop: Shop, idleMs: number, sampleMs = 10_000): Promise<number> {
  progress(`${shop.name}: ${idleMs / 1000} s idle, then ${sampleMs / 1000} s sampled`);
  await sleep(idleMs);
  const from = performance.now();
  await sleep(sampleMs);
  shop.sampler.read();
  assertRunning(shop);
  return shop.sampler.median(from, performance.now());
}

// ---------------------------------------------------------------------------------------------
// Pages and their pictures

const ENTITIES: Record<string, string> = { amp: "&", quot: '"', apos: "'", lt: "<", gt: ">", nbsp: "\u00a0" };

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, e: string) => {
    if (e[0] !== "#") return ENTITIES[e.toLowerCase()] ?? whole;
    return String.fromCodePoint(e[1] === "x" || e[1] === "X" ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1)));
  });
}

type Tag = { name: string; attrs: Map<string, string> };

/** The HTML's tags in document order, attribute names lower-cased and values decoded. */
function tagsOf(html: string): Tag[] {
  const markup = html.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/gi, "").replace(/<!--[\s\S]*?-->/g, "");
  const tags: Tag[] = [];
  for (const m of markup.matchAll(/<([a-zA-Z][\w-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g)) {
    const attrs = new Map<string, string>();
    for (const a of m[2]!.matchAll(/([^\s=/>"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+)))?/g))
      attrs.set(a[1]!.toLowerCase(), decodeEntities(a[2] ?? a[3] ?? a[4] ?? ""));
    tags.push({ name: m[1]!.toLowerCase(), attrs });
  }
  return tags;
}

const srcsetUrls = (srcset: string) =>
  srcset
    .split(/,\s+/)
    .map((c) => c.trim().split(/\s+/)[0]!)
    .filter(Boolean);

/** Every picture a page shows: img src and srcset, source srcset, video poster, CSS url(...) in style. */
function imageUrls(html: string): string[] {
  const urls: string[] = [];
  for (const { name, attrs } of tagsOf(html)) {
    if (name === "img" || name === "source") {
      const src = attrs.get("src");
      if (src) urls.push(src);
      urls.push(...srcsetUrls(attrs.get("srcset") ?? ""));
    }
    if (name === "video" && attrs.get("poster")) urls.push(attrs.get("poster")!);
    for (const m of (attrs.get("style") ?? "").matchAll(/url\(\s*(["']?)(.*?)\1\s*\)/g)) urls.push(m[2]!);
  }
  return urls.filter((u) => u && !u.startsWith("data:"));
}

/** The first <img>'s src (or first srcset candidate). */
function firstPicture(html: string): string | undefined {
  const img = tagsOf(html).find((t) => t.name === "img");
  return img?.attrs.get("src") || srcsetUrls(img?.attrs.get("srcset") ?? "")[0];
}

const links = (html: string) =>
  tagsOf(html)
    .filter((t) => t.name === "a" && t.attrs.get("href"))
    .map((t) => t.attrs.get("href")!);

type Answer = { status: number; type: string; ms: number; error?: string };

async function get(url: string, headers: Record<string, string>): Promise<Answer & { body: Buffer }> {
  const started = performance.now();
  try {
    const res = await fetch(url, { headers, redirect: "manual", signal: AbortSignal.timeout(60_000) });
    const body = Buffer.from(await res.arrayBuffer());
    return { status: res.status, type: res.headers.get("content-type") ?? "", ms: sinceMs(started), body };
  } catch (err) {
    return { status: 0, type: "", ms: sinceMs(started), error: String(err), body: Buffer.alloc(0) };
  }
}

const isRealImage = (a: Answer) => a.status === 200 && a.type.startsWith("image/") && !a.type.startsWith("image/svg");

async function pool<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

type FirstPicture = { homeMs: number; pictureMs: number; url: string; placeholders: number; peakMb: number };

/** Phase 1: polls / until it answers, then its first picture until it is a real image. */
async function measureFreshStart(shop: Shop): Promise<FirstPicture> {
  const homeMs = await waitForHome(shop);
  progress(`${shop.name}: / answered 200 after ${secs(homeMs)} s`);
  const deadline = shop.spawnedAt + START_TIMEOUT_MS;
  let placeholders = 0;
  for (;;) {
    const home = await get(`${shop.base}/`, ACCEPT_PAGE);
    const src = home.status === 200 ? firstPicture(home.body.toString("utf8")) : undefined;
    if (home.status === 200 && !src) throw new Error("The home page shows no <img>");
    if (src) {
      const url = new URL(src, shop.base).toString();
      const picture = await get(url, ACCEPT_IMAGE);
      if (isRealImage(picture)) {
        const pictureMs = sinceMs(shop.spawnedAt);
        shop.sampler.read();
        progress(`${shop.name}: the home page's first picture is an image after ${secs(pictureMs)} s`);
        return { homeMs, pictureMs, url, placeholders, peakMb: shop.sampler.peak(shop.spawnedAt) };
      }
      if (picture.status === 200 && picture.type.startsWith("image/svg")) placeholders += 1;
      else progress(`${shop.name}: first picture answered ${picture.status} ${picture.type} ${picture.error ?? ""}`);
    }
    assertRunning(shop);
    if (performance.now() > deadline) throw new Error("The home page's first picture never became an image");
    await sleep(500);
  }
}

/** Public kinds of page; where the site names one differently, the first path not answering 404. */
const PAGES: { name: string; paths: string[] }[] = [
  { name: "home", paths: ["/"] },
  { name: "shop", paths: ["/shop"] },
  { name: "slabs", paths: ["/slabs"] },
  { name: "bases", paths: ["/bases"] },
  { name: "divergence", paths: ["/divergence"] },
  { name: "portfolio", paths: ["/portfolio"] },
  { name: "media", paths: ["/media"] },
  { name: "our story", paths: ["/our-story"] },
  { name: "faq", paths: ["/faq", "/faqs"] },
  { name: "look book", paths: ["/look-book"] },
  { name: "contact", paths: ["/contact"] },
  { name: "commissions", paths: ["/commissions", "/custom-design"] },
  { name: "cart", paths: ["/cart"] },
  { name: "wish list", paths: ["/wish-list", "/wishlist"] },
  { name: "check-out", paths: ["/check-out"] },
  { name: "table builder", paths: ["/table-builder"] },
  { name: "additional services", paths: ["/additional-services"] },
  { name: "search", paths: ["/search?q=walnut"] },
];

/** An item page: the first link of `pattern` on the page `from`. */
const ITEM_PAGES: { name: string; from: string; pattern: RegExp }[] = [
  { name: "product", from: "shop", pattern: /^\/products\/\d+/ },
  { name: "slab", from: "slabs", pattern: /^\/slabs\/\d+/ },
  { name: "base", from: "bases", pattern: /^\/bases\/\d+/ },
  { name: "portfolio project", from: "portfolio", pattern: /^\/portfolio\?project=/ },
  { name: "media post", from: "media", pattern: /^\/media\/\d+/ },
  // The founder's page is the one single-segment link no other kind of page claims.
  {
    name: "founder",
    from: "home",
    pattern:
      /^\/(?!(?:shop|slabs|bases|divergence|portfolio|media|our-story|faqs?|look-book|contact|contact-submitted|custom-design|commissions|cart|wishlist|wish-list|check-out|table-builder|additional-services|search|subscribe|studio)$)[a-z0-9-]+$/,
  },
];

type Site = {
  /** Pages that answered 200, by name. */
  pages: Map<string, string>;
  /** Same-origin picture URLs on those pages (paths with query), each once. */
  images: string[];
  skipped: string[];
  failed: string[];
  /** Kinds found at another path than their first (the brief's name 404s, the site's answers). */
  renamed: string[];
};

async function fetchPages(
  shop: Shop,
  list: { name: string; paths: string[] }[],
  site: Site,
  html: Map<string, string>,
) {
  await pool(list, BROWSE_CONCURRENCY, async ({ name, paths }) => {
    for (const p of paths) {
      const page = await get(shop.base + p, ACCEPT_PAGE);
      if (page.status === 404) continue;
      if (page.status !== 200) {
        site.failed.push(`${p} ${page.status || page.error}`);
        return;
      }
      site.pages.set(name, p);
      if (p !== paths[0]) site.renamed.push(`${paths[0]} → ${p}`);
      html.set(name, page.body.toString("utf8"));
      return;
    }
    site.skipped.push(`${name} (${paths.join(", ")}: 404)`);
  });
}

/** Fetches every public kind of page, 4 at a time, and finds the pictures they show. */
async function discover(shop: Shop): Promise<Site> {
  const site: Site = { pages: new Map(), images: [], skipped: [], failed: [], renamed: [] };
  const html = new Map<string, string>();
  await fetchPages(shop, PAGES, site, html);
  const items = ITEM_PAGES.flatMap(({ name, from, pattern }) => {
    const href = links(html.get(from) ?? "").find((h) => pattern.test(h));
    if (!href) site.skipped.push(`${name} (no link on ${from})`);
    return href ? [{ name, paths: [href] }] : [];
  });
  await fetchPages(shop, items, site, html);
  const images = new Set<string>();
  for (const page of html.values())
    for (const src of imageUrls(page)) {
      const url = new URL(src, shop.base);
      if (url.origin === shop.base) images.add(url.pathname + url.search);
    }
  site.images = [...images];
  return site;
}

type BrowseResult = {
  pages: number;
  images: number;
  realImages: number;
  placeholders: number;
  otherImages: string[];
  medianMb: number;
};

async function browse(shop: Shop, site: Site): Promise<BrowseResult> {
  let realImages = 0;
  let placeholders = 0;
  const otherImages: string[] = [];
  await pool(site.images, BROWSE_CONCURRENCY, async (p) => {
    const a = await get(shop.base + p, ACCEPT_IMAGE);
    if (isRealImage(a)) realImages += 1;
    else if (a.status === 200 && a.type.startsWith("image/svg")) placeholders += 1;
    else otherImages.push(`${p} ${a.status || a.error} ${a.type}`);
  });
  return {
    pages: site.pages.size,
    images: site.images.length,
    realImages,
    placeholders,
    otherImages,
    medianMb: await idleMedian(shop, 0),
  };
}

// ---------------------------------------------------------------------------------------------
// Mixed load

/** A small seeded generator, so that every run sends the same mix. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Kind = "page" | "image" | "api" | "optimiser";
type KindStats = { sent: number; bad: Record<string, number>; ms: number[] };
type LoadResult = {
  seconds: number;
  sent: number;
  rate: number;
  bad: number;
  byKind: Record<Kind, { sent: number; bad: Record<string, number>; p50: number; p99: number; max: number }>;
  peakMb: number;
  settledMb: number;
};

function loadMix(site: Site) {
  const pages = [...site.pages.values()];
  const id = (pattern: RegExp) => [...site.pages.values()].map((p) => pattern.exec(p)?.[1]).find(Boolean);
  const api = [
    "/api/products",
    "/api/slabs",
    "/api/bases",
    "/api/finishes",
    "/api/homepage",
    "/api/portfolios",
    "/api/faqs",
    "/api/media",
    "/api/website/search?query=walnut%20table",
    "/api/website/search?query=maple",
  ];
  for (const [kind, pattern] of [
    ["products", /^\/products\/(\d+)/],
    ["slabs", /^\/slabs\/(\d+)/],
    ["bases", /^\/bases\/(\d+)/],
  ] as const) {
    const found = id(pattern);
    if (found) api.push(`/api/${kind}/${found}`);
  }
  // The optimiser at widths the pages really ask for (200-1600), over the files they show.
  const files = new Set<string>();
  const widths = new Set<number>();
  for (const p of site.images) {
    const url = new URL(p, "http://x");
    if (url.pathname !== "/api/images/optimize") continue;
    const file = url.searchParams.get("filePath");
    const width = Number(url.searchParams.get("width"));
    if (file) files.add(file);
    if (width >= 200 && width <= 1600) widths.add(width);
  }
  const fileList = [...files];
  const widthList = [...widths].sort((a, b) => a - b);
  return { pages, api, fileList, widthList };
}

async function mixedLoad(shop: Shop, site: Site): Promise<LoadResult> {
  const { pages, api, fileList, widthList } = loadMix(site);
  progress(
    `load: ${LOAD_RATE} req/s for ${LOAD_SECONDS} s over ${pages.length} pages, ${site.images.length} pictures, ` +
      `${api.length} API calls, ${fileList.length} files x widths ${widthList.join("/")}`,
  );
  const next = random(20_240_601);
  const pick = <T>(xs: T[]) => xs[Math.floor(next() * xs.length)]!;
  // Three in ten pages, 45 in a hundred pictures, 15 API calls, 10 optimiser widths.
  const optimised = () =>
    `/api/images/optimize?filePath=${encodeURIComponent(pick(fileList))}&width=${pick(widthList)}&format=webp`;
  const mix: { kind: Kind; weight: number; path: () => string }[] = [
    { kind: "page" as const, weight: 30, path: () => pick(pages) },
    { kind: "image" as const, weight: 45, path: () => pick(site.images) },
    { kind: "api" as const, weight: 15, path: () => pick(api) },
    { kind: "optimiser" as const, weight: fileList.length && widthList.length ? 10 : 0, path: optimised },
  ].filter((m) => m.weight > 0);
  const total = mix.reduce((n, m) => n + m.weight, 0);
  const choose = (): { kind: Kind; path: string } => {
    let r = next() * total;
    for (const m of mix) {
      r -= m.weight;
      if (r < 0) return { kind: m.kind, path: m.path() };
    }
    return { kind: mix[0]!.kind, path: mix[0]!.path() };
  };
  const headers: Record<Kind, Record<string, string>> = {
    page: ACCEPT_PAGE,
    image: ACCEPT_IMAGE,
    api: ACCEPT_JSON,
    optimiser: ACCEPT_IMAGE,
  };
  const stats: Record<Kind, KindStats> = {
    page: { sent: 0, bad: {}, ms: [] },
    image: { sent: 0, bad: {}, ms: [] },
    api: { sent: 0, bad: {}, ms: [] },
    optimiser: { sent: 0, bad: {}, ms: [] },
  };
  // Paced: request n is due at start + n / rate; eight in flight at most, late ones sent at once.
  const interval = 1000 / LOAD_RATE;
  const started = performance.now();
  const endAt = started + LOAD_SECONDS * 1000;
  let due = started;
  let lastReport = started;
  const worker = async () => {
    for (;;) {
      const slot = due;
      due += interval;
      if (slot >= endAt || performance.now() >= endAt) return;
      const wait = slot - performance.now();
      if (wait > 0) await sleep(wait);
      const { kind, path: p } = choose();
      const a = await get(shop.base + p, headers[kind]);
      const s = stats[kind];
      s.sent += 1;
      s.ms.push(a.ms);
      if (!(a.status >= 200 && a.status < 400)) {
        const key = a.status ? String(a.status) : "error";
        s.bad[key] = (s.bad[key] ?? 0) + 1;
      }
      if (performance.now() - lastReport > 30_000) {
        lastReport = performance.now();
        const sent = Object.values(stats).reduce((n, k) => n + k.sent, 0);
        const last = shop.sampler.samples.at(-1);
        progress(
          `load: ${Math.round(sinceMs(started) / 1000)} s, ${sent} sent, RSS ${mb(last?.rssMb ?? Number.NaN)} MB` +
            ` (${last?.processes ?? 0} processes), peak ${mb(shop.sampler.peak(started))} MB`,
        );
      }
    }
  };
  await Promise.all(Array.from({ length: LOAD_CONCURRENCY }, worker));
  const ended = performance.now();
  shop.sampler.read();
  const peakMb = shop.sampler.peak(started, ended);
  const quantile = (xs: number[], q: number) =>
    xs.length ? Math.round([...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!) : 0;
  const byKind = Object.fromEntries(
    Object.entries(stats).map(([k, s]) => [
      k,
      {
        sent: s.sent,
        bad: s.bad,
        p50: quantile(s.ms, 0.5),
        p99: quantile(s.ms, 0.99),
        max: Math.round(Math.max(0, ...s.ms)),
      },
    ]),
  ) as LoadResult["byKind"];
  const sent = Object.values(stats).reduce((n, s) => n + s.sent, 0);
  const bad = Object.values(stats).reduce((n, s) => n + Object.values(s.bad).reduce((a, b) => a + b, 0), 0);
  progress(`load: done, ${sent} sent, ${bad} not 2xx/3xx, peak ${mb(peakMb)} MB`);
  assertRunning(shop);
  const settledMb = await idleMedian(shop, 30_000);
  const seconds = (ended - started) / 1000;
  return { seconds, sent, rate: sent / seconds, bad, byKind, peakMb, settledMb };
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL

async function adminQuery(text: string) {
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

type PostgresResult = { database: string; homeMs: number; work: WorkEnd; idleMb: number };

async function postgresStart(): Promise<PostgresResult | string> {
  try {
    await adminQuery("SELECT 1");
  } catch (err) {
    return `skipped: ${adminUrl.replace(/\/\/[^@]*@/, "//…@")} does not answer (${(err as Error).message})`;
  }
  const database = `heartwood_mem_${Date.now()}`;
  await adminQuery(`CREATE DATABASE ${database}`);
  let shop: Shop | undefined;
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    shop = await startShop("postgres", url.toString());
    const homeMs = await waitForHome(shop);
    progress(`postgres: / answered 200 after ${secs(homeMs)} s; waiting for the first start's work`);
    const work = await waitForWork(shop);
    progress(`postgres: first start's work ended after ${secs(work.endedMs)} s (${work.signal})`);
    return { database, homeMs, work, idleMb: await idleMedian(shop, 20_000) };
  } finally {
    await shop?.stop();
    await adminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch((err: Error) =>
      progress(`could not drop ${database}: ${err.message}`),
    );
  }
}

// ---------------------------------------------------------------------------------------------
// The run

type Row = { phase: string; rss: string; seconds: string; target: string; result: string };
const rows: Row[] = [];
const notes: string[] = [];
const summary: Record<string, unknown> = { bench: "memory", phases: [...phases] };

function row(phase: string, rssMb: number | null, seconds: number | null, target = "", over?: boolean) {
  rows.push({
    phase,
    rss: rssMb === null ? "" : String(mb(rssMb)),
    seconds: seconds === null ? "" : (seconds / 1000).toFixed(1),
    target,
    result: over === undefined ? "" : over ? "over target" : "ok",
  });
}

function printTable() {
  const header: Row = { phase: "phase", rss: "RSS MB", seconds: "seconds", target: "target", result: "result" };
  const keys = Object.keys(header) as (keyof Row)[];
  const all = [header, ...rows];
  const width = (k: keyof Row) => Math.max(3, ...all.map((r) => r[k].length));
  const line = (r: Row) => `| ${keys.map((k) => r[k].padEnd(width(k))).join(" | ")} |`;
  console.log(`\nResident memory of the server's process tree (sum of VmRSS, sampled every 500 ms)\n`);
  console.log(line(header));
  console.log(`|${keys.map((k) => "-".repeat(width(k) + 2)).join("|")}|`);
  for (const r of rows) console.log(line(r));
  if (notes.length) console.log(`\n${notes.map((n) => `- ${n}`).join("\n")}`);
}

async function stopAll() {
  await Promise.all([...running].map((s) => s.stop()));
}
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.once(signal, () => {
    progress(`${signal}: stopping the server`);
    void stopAll().then(() => process.exit(130));
  });

progress(`phases: ${[...phases].join(", ")}; server ${serverCommand.args.join(" ")}`);
try {
  if (wanted("start") || wanted("idle") || wanted("browse") || wanted("load")) {
    const shop = await startShop("embedded");
    try {
      if (wanted("start")) {
        const first = await measureFreshStart(shop);
        summary.start = {
          homeSeconds: secs(first.homeMs),
          pictureSeconds: secs(first.pictureMs),
          peakMb: mb(first.peakMb),
          placeholders: first.placeholders,
        };
        row("1. fresh start: / answers 200", null, first.homeMs);
        row(
          "1. fresh start: first page with picture (peak RSS)",
          first.peakMb,
          first.pictureMs,
          `≤ ${TARGETS.pictureSeconds} s (goal ${TARGETS.pictureGoalSeconds})`,
          first.pictureMs / 1000 > TARGETS.pictureSeconds,
        );
        if (first.pictureMs / 1000 > TARGETS.pictureGoalSeconds && first.pictureMs / 1000 <= TARGETS.pictureSeconds)
          rows.at(-1)!.result = "ok (goal missed)";
        notes.push(
          `first picture: ${first.url.replace(shop.base, "")}; the SVG placeholder was answered ${first.placeholders} time(s) before it`,
        );
      } else await waitForHome(shop);

      if (wanted("idle")) {
        progress("embedded: waiting for the first start's work to end");
        const work = await waitForWork(shop);
        progress(`embedded: first start's work ended after ${secs(work.endedMs)} s (${work.signal})`);
        const idleMb = await idleMedian(shop, 20_000);
        summary.work = { seconds: secs(work.endedMs), signal: work.signal, peakMb: mb(work.peakMb) };
        summary.idleMb = mb(idleMb);
        row("2. first start's work, spawn to end (peak RSS)", work.peakMb, work.endedMs);
        row(
          `2. idle after the first start's work${work.signal.startsWith("timeout") ? " (timed out)" : ""} (median)`,
          idleMb,
          null,
          `≤ ${TARGETS.idleMb} MB`,
          idleMb > TARGETS.idleMb,
        );
        notes.push(
          `first start's work ended by ${work.signal} ${secs(work.endedMs)} s after the spawn; ` +
            `most processes in the tree: ${work.mostProcesses}`,
        );
        const milestones = shop.log
          .filter((l) => /ready|Serving on|Making image variants|moved into/i.test(l.msg))
          .map((l) => `"${l.msg}" +${secs(l.at - shop.spawnedAt)} s`);
        if (milestones.length) notes.push(`log milestones: ${milestones.join(", ")}`);
      }

      if (wanted("browse") || wanted("load")) {
        const site = await discover(shop);
        progress(`embedded: ${site.pages.size} pages answered, ${site.images.length} distinct pictures on them`);
        if (site.renamed.length)
          notes.push(`pages at another path (the first answered 404): ${site.renamed.join(", ")}`);
        if (site.skipped.length) notes.push(`pages skipped: ${site.skipped.join("; ")}`);
        if (site.failed.length) notes.push(`pages that failed: ${site.failed.join("; ")}`);
        summary.pages = Object.fromEntries(site.pages);
        if (wanted("browse")) {
          const b = await browse(shop, site);
          summary.browse = { ...b, medianMb: mb(b.medianMb), otherImages: b.otherImages.length };
          row(
            `3. after browsing ${b.pages} pages and ${b.images} pictures (median)`,
            b.medianMb,
            null,
            `≤ ${TARGETS.browseMb} MB`,
            b.medianMb > TARGETS.browseMb,
          );
          notes.push(
            `browsing: ${b.realImages} pictures answered as images, ${b.placeholders} as SVG placeholders` +
              (b.otherImages.length
                ? `, ${b.otherImages.length} otherwise: ${b.otherImages.slice(0, 5).join("; ")}`
                : ""),
          );
        }
        if (wanted("load")) {
          const l = await mixedLoad(shop, site);
          summary.load = {
            seconds: Math.round(l.seconds),
            sent: l.sent,
            rate: Math.round(l.rate * 10) / 10,
            bad: l.bad,
            byKind: l.byKind,
            peakMb: mb(l.peakMb),
            settledMb: mb(l.settledMb),
          };
          row(
            `4. under load, ${l.rate.toFixed(1)} req/s for ${Math.round(l.seconds)} s (peak)`,
            l.peakMb,
            null,
            `≤ ${TARGETS.loadPeakMb} MB`,
            l.peakMb > TARGETS.loadPeakMb,
          );
          row(
            "4. settled, 30 s after the load (median)",
            l.settledMb,
            null,
            `≤ ${TARGETS.settledMb} MB`,
            l.settledMb > TARGETS.settledMb,
          );
          notes.push(
            `load: ${l.sent} requests, ${l.bad} not 2xx/3xx; ` +
              Object.entries(l.byKind)
                .map(
                  ([k, s]) =>
                    `${k} ${s.sent} (p50 ${s.p50} ms, p99 ${s.p99} ms, max ${s.max} ms` +
                    `${Object.keys(s.bad).length ? `, not 2xx/3xx: ${JSON.stringify(s.bad)}` : ""})`,
                )
                .join(", "),
          );
        }
      }
      notes.push(
        `"request" log lines (answers ≥ 400 or slower than 1 s) from the embedded server: ${shop.requestLines}`,
      );
      summary.requestLogLines = shop.requestLines;
    } finally {
      await shop.stop();
    }
  }

  if (wanted("postgres")) {
    const p = await postgresStart();
    if (typeof p === "string") {
      notes.push(`PostgreSQL ${p}`);
      summary.postgres = p;
    } else {
      summary.postgres = {
        homeSeconds: secs(p.homeMs),
        workSeconds: secs(p.work.endedMs),
        signal: p.work.signal,
        peakMb: mb(p.work.peakMb),
        idleMb: mb(p.idleMb),
      };
      row("5. PostgreSQL: first start's work, spawn to end (peak RSS)", p.work.peakMb, p.work.endedMs);
      row(
        `5. PostgreSQL: idle after the first start's work${p.work.signal.startsWith("timeout") ? " (timed out)" : ""} (median)`,
        p.idleMb,
        null,
        `≤ ${TARGETS.postgresIdleMb} MB`,
        p.idleMb > TARGETS.postgresIdleMb,
      );
      notes.push(
        `PostgreSQL: / answered after ${secs(p.homeMs)} s; work ended by ${p.work.signal} after ` +
          `${secs(p.work.endedMs)} s (database ${p.database}, dropped)`,
      );
    }
  }
} catch (err) {
  process.exitCode = 1;
  console.error(err);
  summary.error = String(err);
  notes.push(`stopped by an error: ${err instanceof Error ? err.message : String(err)}`);
} finally {
  await stopAll();
}

printTable();
console.log(`\n${JSON.stringify(summary)}`);
