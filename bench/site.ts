// The site as a phone sees it: gzip size of the JavaScript the home page loads before any
// interaction, and Lighthouse (mobile preset) for the main browsing pages. Runs the built site
// (`npm run build` first) on a data folder of its own (BENCH_DATA_DIR) and port (BENCH_PORT).
import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const PORT = Number(process.env.BENCH_PORT ?? 3950);
const base = `http://127.0.0.1:${PORT}`;
const dataDir = path.resolve(process.env.BENCH_DATA_DIR ?? ".bench-data");

async function startSite(): Promise<ChildProcess> {
  if (!existsSync(path.join(dataDir, "images")) && existsSync("data/images")) {
    mkdirSync(dataDir, { recursive: true });
    cpSync("data/images", path.join(dataDir, "images"), { recursive: true });
  }
  const child = spawn("node", ["dist/server.mjs"], {
    env: { ...process.env, PORT: String(PORT), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill();
  throw new Error("The site did not start");
}

/** Every script the page's HTML loads or preloads, and the gzip size of each. */
async function initialJavaScript(pagePath: string) {
  const html = await (await fetch(base + pagePath)).text();
  const srcs = new Set<string>();
  // Module preloads, also in the inert form they take until the first paint.
  for (const m of html.matchAll(/<link[^>]+rel="(?:x-)?modulepreload[^"]*"[^>]+href="([^"]+)"/g)) srcs.add(m[1]!);
  for (const m of html.matchAll(/<script[^>]+src="([^"]+)"/g)) srcs.add(m[1]!);
  for (const m of html.matchAll(/import(?:\(| )"([^"]+\.js)"/g)) srcs.add(m[1]!);
  const files = [];
  for (const src of srcs) {
    const bytes = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer());
    files.push({ src, gzip: gzipSync(bytes, { level: 9 }).length });
  }
  return files;
}

const site = await startSite();
try {
  const productId = (
    (await (await fetch(`${base}/api/Products`)).json()) as { id: number; productId: number | null }[]
  ).find((p) => p.productId === null)!.id;

  const files = await initialJavaScript("/");
  const total = files.reduce((s, f) => s + f.gzip, 0);
  const framework = files
    .filter((f) => /react|router|chunk|jsx-runtime|entry\.client/i.test(f.src))
    .reduce((s, f) => s + f.gzip, 0);
  console.log("JavaScript the home page loads before interaction (gzip -9):");
  for (const f of files.sort((a, b) => b.gzip - a.gzip))
    console.log(`  ${(f.gzip / 1024).toFixed(1).padStart(6)} KB  ${f.src}`);
  console.log(
    `  total ${(total / 1024).toFixed(1)} KB (target <= 135 KB; framework-named chunks ${(framework / 1024).toFixed(1)} KB)`,
  );

  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
    ],
  });
  try {
    const rows = [];
    const slabId = ((await (await fetch(`${base}/api/Slabs`)).json()) as { id: number }[])[0]!.id;
    // The checkout as a first visit sees it: no stored cart (Lighthouse starts from a fresh profile).
    for (const p of ["/", "/shop", `/products/${productId}`, "/slabs", `/slabs/${slabId}`, "/media", "/check-out"]) {
      const result = await lighthouse(base + p, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        formFactor: "mobile",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      });
      const c = result!.lhr.categories;
      const score = (k: string) => Math.round((c[k]?.score ?? 0) * 100);
      rows.push({
        page: p,
        performance: score("performance"),
        accessibility: score("accessibility"),
        "best-practices": score("best-practices"),
        seo: score("seo"),
        LCP: result!.lhr.audits["largest-contentful-paint"]?.displayValue,
        CLS: result!.lhr.audits["cumulative-layout-shift"]?.displayValue,
      });
    }
    console.log("\nLighthouse 12, mobile preset (targets: performance >= 95, the others 100):");
    console.table(rows);
  } finally {
    await chrome.kill();
  }
} finally {
  site.kill("SIGTERM");
}
