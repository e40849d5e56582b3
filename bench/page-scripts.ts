// The JavaScript a page costs a visitor who never touches it: every script Chromium fetches
// while the page loads and then sits idle (idle-loaded chunks included), with the gzip -9 size
// of each. Used by bench/site.ts; runnable alone against a started site:
//   BENCH_URL=http://127.0.0.1:3000 npx tsx bench/page-scripts.ts [/path ...]
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/support/chromium.ts";

/** A script's gzip -9 size, and the bytes Chromium took over the wire (brotli, where the server has it). */
export type ScriptCost = { src: string; gzip: number; wire: number };

/** Loads `url` in a fresh headless Chromium, waits until it has been idle for a while, lists the scripts. */
export async function scriptsFetched(url: string, settleMs = 8000): Promise<ScriptCost[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const bodies = new Map<string, Promise<[Buffer, number] | null>>();
    page.on("response", (response) => {
      if (response.request().resourceType() !== "script") return;
      bodies.set(
        new URL(response.url()).pathname,
        Promise.all([response.body(), response.request().sizes()])
          .then(([body, sizes]) => [body, sizes.responseBodySize] as [Buffer, number])
          .catch(() => null),
      );
    });
    await page.goto(url, { waitUntil: "load" });
    // Idle callbacks are given a 5 s timeout; the wait covers them and what they start.
    await page.waitForTimeout(settleMs);
    const files: ScriptCost[] = [];
    for (const [src, body] of bodies) {
      const got = await body;
      if (got) files.push({ src, gzip: gzipSync(got[0], { level: 9 }).length, wire: got[1] });
    }
    return files.sort((a, b) => b.gzip - a.gzip);
  } finally {
    await browser.close();
  }
}

export function printScripts(label: string, files: ScriptCost[], targetKb: number): number {
  const total = files.reduce((s, f) => s + f.gzip, 0);
  const wire = files.reduce((s, f) => s + f.wire, 0);
  const kb = (n: number) => (n / 1024).toFixed(1).padStart(6);
  console.log(`${label}: every script Chromium fetches with no interaction, idle chunks included`);
  console.log("    gzip -9    on the wire");
  for (const f of files) console.log(`  ${kb(f.gzip)} KB  ${kb(f.wire)} KB  ${f.src}`);
  console.log(`  ${kb(total)} KB  ${kb(wire)} KB  in all (target: gzip -9 <= ${targetKb} KB)`);
  return total;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const base = process.env.BENCH_URL ?? "http://127.0.0.1:3000";
  const paths = process.argv.slice(2);
  for (const p of paths.length ? paths : ["/"]) printScripts(`Scripts of ${p}`, await scriptsFetched(base + p), 125);
}
