// `npm start`'s build: skipped when the last build's output is there and was made from the same
// inputs (scripts/build-inputs.mjs), so a start with nothing changed serves in seconds.
// `npm run build` always builds.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { buildDir, inputsHash, stampFile } from "./build-inputs.mjs";

const built =
  existsSync(stampFile()) &&
  existsSync("dist/server.mjs") &&
  existsSync(path.join(buildDir(), "server", "index.js")) &&
  readFileSync(stampFile(), "utf8").trim() === inputsHash();
if (built) {
  console.log("The build is up to date (nothing it is made from changed): not building again.");
} else {
  const run = spawnSync(process.execPath, ["scripts/build.mjs"], { stdio: "inherit" });
  process.exit(run.status ?? 1);
}
