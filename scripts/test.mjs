// The whole suite: format and lint, typecheck, unit and API tests (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set), then browser journeys in Chromium against the built site.
// Ends with one plain summary line.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

let passed = 0;
let failed = 0;
/** Names of what failed, repeated just above the summary so the end of a long log says what broke. */
const failures = [];

function step(name, cmd, args, env = {}) {
  console.log(`\n== ${name}: ${cmd} ${args.join(" ")}`);
  const r = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return r.status === 0;
}

function count(ok) {
  if (ok) passed += 1;
  else failed += 1;
}

const reports = mkdtempSync(path.join(tmpdir(), "heartwood-tests-"));
const e2eDataDir = process.env.E2E_DATA_DIR ?? path.resolve(".e2e-data");

// The browser journeys' server would spend its first start drawing the studio's images: they
// are drawn now, beside the checks and tests below (a folder that has them is left alone).
const drawing = spawn(process.execPath, ["--import", "tsx", "tests/support/draw-images.ts", e2eDataDir], {
  stdio: ["ignore", "ignore", "inherit"],
});
const imagesDrawn = new Promise((resolve) => {
  drawing.on("exit", (code) => resolve(code === 0));
  drawing.on("error", () => resolve(false));
});

count(step("lint and format", "npx", ["biome", "check", "."]));
count(step("route types", "npx", ["react-router", "typegen"]));
count(step("typecheck", "npx", ["tsc", "--noEmit", "-p", "."]));

if (!process.env.TEST_DATABASE_URL) console.log("\nTEST_DATABASE_URL is not set: API tests run on PGlite only.");
const vitestReport = path.join(reports, "vitest.json");
step("unit and API tests", "npx", [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile=${vitestReport}`,
]);
try {
  const json = JSON.parse(readFileSync(vitestReport, "utf8"));
  passed += json.numPassedTests;
  failed += json.numFailedTests + (json.numFailedTestSuites ?? 0);
  if (json.numTotalTests === 0) failed += 1;
  for (const file of json.testResults ?? []) {
    const where = path.relative(process.cwd(), file.name);
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === "failed");
    for (const t of failedTests) failures.push(`${where} › ${t.fullName}`);
    if (file.status === "failed" && failedTests.length === 0) failures.push(`${where} (the file failed to run)`);
  }
} catch {
  console.error("The unit and API test run wrote no report: counting it as failed.");
  failed += 1;
}

/** "file:line › title" of every journey that did not pass as expected, from Playwright's JSON report. */
function failedJourneys(report) {
  const names = [];
  const walk = (suite, outer) => {
    // A file's own suite is titled with its file name, which the line already gives.
    const titles = suite.title && suite.title !== suite.file ? [...outer, suite.title] : outer;
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== "expected" && t.status !== "skipped")
          names.push(`${spec.file}:${spec.line} › ${[...titles, spec.title].join(" › ")} (${t.status})`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, titles);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return names;
}

/**
 * The browser the journeys run in: Debian's chromium-headless-shell (the same Chromium build
 * without the desktop browser's window and tab strip, which it would otherwise draw for every
 * journey's window: about a third of the journeys' time), else Debian's full Chromium. Installed
 * when missing and we may (CI, or root with apt).
 */
function findChromium() {
  const candidates = [
    process.env.CHROMIUM_PATH,
    "/usr/bin/chromium-headless-shell",
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
  ].filter(Boolean);
  const found = candidates.find((p) => existsSync(p));
  if (found) return found;
  if (process.getuid?.() === 0 && existsSync("/usr/bin/apt-get")) {
    console.log("\nChromium is not installed: installing Debian's chromium-headless-shell package.");
    spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    spawnSync("apt-get", ["install", "-y", "-qq", "chromium-headless-shell"], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    return ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((p) => existsSync(p)) ?? null;
  }
  return null;
}

const chromium = findChromium();
if (!chromium) {
  console.error(
    "\nBrowser tests need Chromium. Install it with `sudo apt-get install chromium-headless-shell` (Debian), or set CHROMIUM_PATH to a Chromium binary, then run `npm test` again.",
  );
  failed += 1;
} else if (!step("build the site", "npm", ["run", "build"])) {
  failed += 1;
} else {
  // If drawing failed, the journeys' server draws them itself on its first start.
  if (!(await imagesDrawn)) console.log("\nThe images were not drawn ahead: the journeys' server draws them.");
  const pwReport = path.join(reports, "playwright.json");
  step("browser journeys", "npx", ["playwright", "test"], {
    CHROMIUM_PATH: chromium,
    PW_REPORT: pwReport,
    E2E_DATA_DIR: e2eDataDir,
  });
  try {
    const report = JSON.parse(readFileSync(pwReport, "utf8"));
    const stats = report.stats;
    failures.push(...failedJourneys(report));
    passed += stats.expected;
    failed += stats.unexpected + stats.flaky;
    if (stats.expected + stats.unexpected + stats.flaky === 0) failed += 1;
  } catch {
    console.error("The browser journeys wrote no report: counting them as failed.");
    failed += 1;
  }
}

if (drawing.exitCode === null) drawing.kill();
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((f) => `  ${f}`).join("\n")}`);
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
