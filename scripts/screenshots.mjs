// Screenshots of pages at desktop (1440) and phone (390) widths, for looking at the site:
//   node scripts/screenshots.mjs http://localhost:3000 out-dir /path1 /path2 ...
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";

const [base, outDir, ...paths] = process.argv.slice(2);
if (!base || !outDir || paths.length === 0) {
  console.error("usage: node scripts/screenshots.mjs BASE_URL OUT_DIR PATH...");
  process.exit(2);
}
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
  ],
});
for (const [name, viewport] of [
  ["desktop", { width: 1440, height: 900 }],
  ["phone", { width: 390, height: 844 }],
]) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
  // Skip the once-per-session splash so the page itself is in the picture.
  await context.addInitScript(() => sessionStorage.setItem("splash-seen", "1"));
  const page = await context.newPage();
  page.on("console", (m) => m.type() === "error" && console.log(`[${name}] console: ${m.text()}`));
  for (const p of paths) {
    await page.goto(base + p, { waitUntil: "load" });
    await page.waitForTimeout(600);
    const file = path.join(outDir, `${p.replace(/[^a-z0-9]+/gi, "_") || "home"}-${name}.png`);
    await page.screenshot({ path: file, fullPage: process.env.FULL === "1" });
    console.log(file);
  }
  await context.close();
}
await browser.close();
