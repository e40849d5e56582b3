// What the build is made from, as one hash (docs/performance.md, "Starting"): the site's and the
// server's sources, the public files and the build's own settings. `npm run build` writes it beside
// its output once it succeeds; `npm start` builds again only when it differs.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const SOURCES = ["app", "domain", "server", "seed", "public"];
const SETTINGS = [
  "package.json",
  "package-lock.json",
  "react-router.config.ts",
  "vite.config.ts",
  "tsconfig.json",
  "scripts/build.mjs",
  "scripts/build-inputs.mjs",
];

/** Files under `dir`, sorted, leaving out generated types, hidden folders and tests. */
function filesUnder(dir) {
  if (!existsSync(dir)) return [];
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    if (name.startsWith(".") || name === "node_modules" || name === "+types") continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...filesUnder(full));
    else if (!/\.test\.tsx?$/.test(name)) out.push(full);
  }
  return out;
}

/** The client's output folder (APP_BUILD_DIR, as react-router.config.ts reads it). */
export const buildDir = () => process.env.APP_BUILD_DIR ?? "build";

/** Where the hash of the inputs a build was made from is kept. */
export const stampFile = () => path.join(buildDir(), ".inputs.sha256");

/** The hash of everything the build reads, with the folder it writes to. */
export function inputsHash() {
  const hash = createHash("sha256").update(`build-dir:${buildDir()}\n`);
  for (const file of [...SOURCES.flatMap(filesUnder), ...SETTINGS.filter((f) => existsSync(f))]) {
    hash.update(`${file}\n`);
    hash.update(readFileSync(file));
  }
  return hash.digest("hex");
}
