// One way of answering /images/* for bench/stored-files.ts, as a process of its own:
//   disk      the static file server the app used before the file store (serveStatic over DATA_DIR)
//   memory    the app over the file store, the picture held in memory (server/files/blob-cache.ts)
//   database  the app over the file store without its memory: every answer reads the database
// on PGlite, or on PostgreSQL when BENCH_DATABASE_URL names a server (a database of the bench's
// own is made there and dropped at the end). Reports its port over IPC.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import pg from "pg";
import sharp from "sharp";
import { createApp } from "../server/app.ts";
import { loadConfig } from "../server/config.ts";
import { openDatabase } from "../server/db/client.ts";
import { createDeps } from "../server/deps.ts";
import { DatabaseBlobStore } from "../server/files/blob-store.ts";
import { listen } from "../server/http/listen.ts";
import { createLogger } from "../server/logger.ts";

const mode = process.argv[2] as "disk" | "memory" | "database";
const dataDir = mkdtempSync(path.join(tmpdir(), "heartwood-bench-files-"));
// The optimiser bench's static picture: a 600 x 800 product photo.
const photo = await sharp({
  create: {
    width: 600,
    height: 800,
    channels: 3,
    background: "#000",
    noise: { type: "gaussian", mean: 128, sigma: 40 },
  },
})
  .blur(2)
  .jpeg({ quality: 85 })
  .toBuffer();
const logger = createLogger("warn");
const adminUrl = process.env.BENCH_DATABASE_URL;
const dbName = `heartwood_bench_files_${mode}`;
const admin = async (sql: string) => {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(sql).finally(() => client.end());
};
let url: URL | undefined;
if (adminUrl) {
  await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${dbName}`);
  url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
}
const database = await openDatabase(url ? { kind: "postgres", url: url.toString() } : { kind: "pglite" });
await database.migrate();
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, NODE_ENV: "production", LOG_LEVEL: "warn" });
const deps = await createDeps({ config, database, logger, sharedChanges: false });
await deps.files.put("images/products/static.jpg", photo, "image/jpeg");

let fetch: (request: Request) => Response | Promise<Response>;
if (mode === "disk") {
  mkdirSync(path.join(dataDir, "images", "products"), { recursive: true });
  writeFileSync(path.join(dataDir, "images", "products", "static.jpg"), photo);
  const app = new Hono();
  app.use(
    "/images/*",
    serveStatic({
      root: dataDir,
      onFound: (_path, c) => {
        c.header("Cache-Control", "public, max-age=86400");
      },
    }),
  );
  fetch = app.fetch;
} else {
  fetch = createApp(mode === "memory" ? deps : { ...deps, files: new DatabaseBlobStore(database) }).fetch;
}
const running = await listen({
  listener: getRequestListener(fetch),
  port: 0,
  host: "127.0.0.1",
  logger,
  timeoutMs: 1000,
  onClosed: async () => {
    await deps.staleOrders.stop();
    await database.close();
    if (adminUrl) await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  },
});
process.send?.({ port: running.port, bytes: photo.length });
process.on("SIGTERM", () => {
  void running.stop().then(() => {
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
});
