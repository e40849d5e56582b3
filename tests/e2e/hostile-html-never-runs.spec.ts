import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, expectConsoleErrors, test } from "./support/fixtures.ts";

// A server of its own, on a database whose HTML fields hold scripts, handlers and javascript:
// links (tests/support/prepare-data.ts --hostile). The pages must show the text and run none of it.
const PORT = Number(process.env.E2E_PORT ?? 3900) + 7;
const base = `http://127.0.0.1:${PORT}`;
let server: ChildProcess;
let dataDir: string;
let ids: { product: number; slab: number; post: number };

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = mkdtempSync(path.join(tmpdir(), "heartwood-hostile-"));
  const out = execFileSync(
    process.execPath,
    ["--import", "tsx", "tests/support/prepare-data.ts", dataDir, "--hostile"],
    {
      encoding: "utf8",
    },
  );
  ids = JSON.parse(out.trim().split("\n").pop()!);
  server = spawn(process.execPath, ["dist/server.mjs"], {
    env: { ...process.env, PORT: String(PORT), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("the hostile-data server did not start");
});

test.afterAll(() => {
  server?.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
});

test("HTML from the database is shown, never run: descriptions, FAQ answers, media posts, the announcement", async ({
  page,
  consoleErrors,
}) => {
  // This server has no pictures (prepare-data.ts marks them drawn): their 404s are expected,
  // anything else in the console is not.
  expectConsoleErrors();
  const dialogs: string[] = [];
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  for (const p of [`/products/${ids.product}`, `/slabs/${ids.slab}`, "/faqs", `/media/${ids.post}`]) {
    await page.goto(base + p);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    // Open the page's own disclosures (FAQ answers, notes) so hidden HTML renders too.
    for (const toggle of await page.locator("main [aria-expanded='false']").all())
      await toggle.click({ timeout: 2000 }).catch(() => undefined);
    await expect(page.getByText("Still readable text.").first(), p).toBeAttached();
    const found = await page.evaluate(() => ({
      ran: (window as unknown as { __hostile?: string }).__hostile ?? null,
      handlers: [...document.querySelectorAll("*")].filter((el) =>
        [...el.attributes].some((a) => a.name.startsWith("on") || /javascript:/i.test(a.value)),
      ).length,
      scripts: [...document.scripts].filter((s) => s.textContent?.includes("__hostile")).length,
      frames: document.querySelectorAll("iframe[srcdoc]").length,
    }));
    expect(found, p).toEqual({ ran: null, handlers: 0, scripts: 0, frames: 0 });
  }
  expect(dialogs).toEqual([]);
  expect(consoleErrors.filter((e) => !/status of 404/.test(e))).toEqual([]);
});
