// The shop's HTTP app with the optimiser as deployed (default limits), over a file store holding
// one camera-sized photo of pure noise (the costliest source to decode and encode) and one
// ordinary product photo for the static path. Answers "stats" messages with the optimiser's.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { loadConfig } from "../server/config.ts";
import { openDatabase } from "../server/db/client.ts";
import { createDeps } from "../server/deps.ts";
import { createLogger } from "../server/logger.ts";
import { serveApp } from "../server/serve.ts";

const dataDir = mkdtempSync(path.join(tmpdir(), "heartwood-bench-optimiser-"));
const noise = (width: number, height: number) =>
  sharp({
    create: { width, height, channels: 3, background: "#000", noise: { type: "gaussian", mean: 128, sigma: 40 } },
  });

const config = loadConfig({ ...process.env, DATA_DIR: dataDir, NODE_ENV: "production", LOG_LEVEL: "warn" });
const database = await openDatabase({ kind: "pglite" });
await database.migrate();
const deps = await createDeps({ config, database, logger: createLogger("warn") });
const photo = (name: string, bytes: Buffer) => deps.files.put(`images/products/${name}`, bytes, "image/jpeg");
await photo("noise.jpg", await noise(6000, 4000).jpeg({ quality: 92 }).toBuffer());
await photo("static.jpg", await noise(600, 800).blur(2).jpeg({ quality: 85 }).toBuffer());
const running = await serveApp(deps, { port: 0, host: "127.0.0.1" });
process.send?.({ port: running.port });
process.on("message", (m) => {
  if (m === "stats") process.send?.({ stats: deps.images.stats() });
});
process.on(
  "SIGTERM",
  () =>
    void running.stop().then(() => {
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    }),
);
