// The shop's HTTP app on a seeded embedded database with one product photo, for the benchmark.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { content } from "../seed/content/index.ts";
import { prepareDatabase } from "../server/bootstrap.ts";
import { loadConfig } from "../server/config.ts";
import { openDatabase } from "../server/db/client.ts";
import { createDeps } from "../server/deps.ts";
import { createLogger } from "../server/logger.ts";
import { serveApp } from "../server/serve.ts";

const dataDir = mkdtempSync(path.join(tmpdir(), "heartwood-bench-"));
const photo = await sharp({ create: { width: 1200, height: 1600, channels: 3, background: "#5a3b24" } })
  .composite([
    { input: Buffer.from('<svg width="1200" height="1600"><circle cx="600" cy="800" r="500" fill="#8a5a36"/></svg>') },
  ])
  .jpeg()
  .toBuffer();

const config = loadConfig({ ...process.env, DATA_DIR: dataDir, NODE_ENV: "production" });
const logger = createLogger(config.logLevel);
const database = await openDatabase({ kind: "pglite" });
await prepareDatabase(database, content, createLogger("silent"));
const deps = await createDeps({ config, database, logger });
await deps.files.put("images/products/bench.jpg", photo, "image/jpeg");
const running = await serveApp(deps, { port: 0, host: "127.0.0.1" });
process.send?.({ port: running.port });
process.on(
  "SIGTERM",
  () =>
    void running.stop().then(() => {
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    }),
);
