// Builds the site (React Router: client assets and the server render bundle), then bundles the
// HTTP server into dist/server.mjs; npm packages stay external and load from node_modules.
import { spawnSync } from "node:child_process";
import { build } from "esbuild";

const site = spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
if (site.status !== 0) process.exit(site.status ?? 1);

await build({
  entryPoints: ["server/main.ts"],
  outfile: "dist/server.mjs",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
console.log("Built dist/server.mjs");
