// The whole suite: format and lint, typecheck, then unit and API tests (PGlite, and PostgreSQL
// when TEST_DATABASE_URL is set). Ends with one plain summary line.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

let passed = 0;
let failed = 0;

function step(name, cmd, args) {
  console.log(`\n== ${name}: ${cmd} ${args.join(" ")}`);
  const r = spawnSync(cmd, args, { stdio: "inherit", env: process.env });
  return r.status === 0;
}

for (const [name, args] of [
  ["lint and format", ["biome", "check", "."]],
  ["route types", ["react-router", "typegen"]],
  ["typecheck", ["tsc", "--noEmit", "-p", "."]],
]) {
  if (step(name, "npx", args)) passed += 1;
  else failed += 1;
}

if (!process.env.TEST_DATABASE_URL) {
  console.log("\nTEST_DATABASE_URL is not set: API tests run on PGlite only.");
}
const report = path.join(mkdtempSync(path.join(tmpdir(), "heartwood-vitest-")), "report.json");
step("unit and API tests", "npx", ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile=${report}`]);
try {
  const json = JSON.parse(readFileSync(report, "utf8"));
  passed += json.numPassedTests;
  failed += json.numFailedTests + (json.numFailedTestSuites ?? 0);
  if (json.numTotalTests === 0) failed += 1;
} catch {
  console.error("The test runner wrote no report: counting the run as failed.");
  failed += 1;
}

console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
