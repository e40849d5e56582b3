// Builds the site (React Router: client assets and the server render bundle), then bundles the
// HTTP server into dist/server.mjs; npm packages stay external and load from node_modules. The
// hash of what it was built from is kept beside it (scripts/build-inputs.mjs), read by `npm start`.
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import zlib, { brotliCompressSync, gzipSync } from "node:zlib";
import { build } from "esbuild";
import { inputsHash, stampFile } from "./build-inputs.mjs";

// Hashed before building: a file changed while the build runs makes the next start build again.
const inputs = inputsHash();
const site = spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
if (site.status !== 0) process.exit(site.status ?? 1);

// Scripts and styles are served precompressed (brotli and gzip beside each file): compressing
// once here beats compressing on every request, and a phone on a slow network gets a third of
// the bytes.
const clientDir = path.join(process.env.APP_BUILD_DIR ?? "build", "client");
let compressed = 0;
for (const file of readdirSync(clientDir, { recursive: true })) {
  const full = path.join(clientDir, String(file));
  if (!/\.(js|css|svg|json)$/.test(full)) continue;
  const bytes = readFileSync(full);
  writeFileSync(`${full}.br`, brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${full}.gz`, gzipSync(bytes, { level: 9 }));
  compressed += 1;
}
console.log(`Precompressed ${compressed} client files`);

// The server, and the process it forks for a start's picture work (server/images/work-child.ts).
await build({
  entryPoints: { server: "server/main.ts", "image-work": "server/images/work-child.ts" },
  outdir: "dist",
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
console.log("Built dist/server.mjs and dist/image-work.mjs");
writeFileSync(stampFile(), `${inputs}\n`);
