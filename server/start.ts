import path from "node:path";
import { content } from "../seed/content/index.ts";
import { copyReel } from "../seed/images/generate.ts";
import { shopBackup } from "./backup/in-shop.ts";
import { prepareDatabase } from "./bootstrap.ts";
import { ConfigError } from "./config.ts";
import { databaseOptions, openDatabase } from "./db/client.ts";
import { createDeps } from "./deps.ts";
import { startConfig } from "./env-file.ts";
import { moveFilesIn } from "./files/move-in.ts";
import { stopOnSignals } from "./http/shutdown.ts";
import { runImageWork } from "./images/image-work.ts";
import { imagesDrawn } from "./images/prepare-images.ts";
import { createLogger } from "./logger.ts";
import type { Site } from "./pages.ts";
import { missingPublicUrlWarning, siteOrigin } from "./seo/origin.ts";
import { serveApp } from "./serve.ts";
import { getSetting } from "./settings/app-settings.ts";
import { openStaffSocket } from "./staff/control-socket.ts";
import { DEMO_REMOVED } from "./studio/demo.ts";
import { issueSetupCode } from "./studio/setup.ts";
import { whatRuns } from "./what-runs.ts";

/**
 * Starts the shop: configuration, the database (migrated and seeded), the studio's pictures,
 * background work, then the site `site` gives for the dependencies (the built one here; the
 * one Vite compiles on demand under `npm run dev`, server/dev.ts), and shuts down on a signal.
 */
export async function start(site: (deps: Awaited<ReturnType<typeof createDeps>>) => Promise<Site>) {
  // `.env` in the working folder first, the environment winning; a bad setting stops here (env-file.ts).
  const { config, fromFile, overridden, unknown } = startConfig();
  const logger = createLogger(config.logLevel);
  if (fromFile)
    logger.info(
      { settings: fromFile.length, fromEnvironment: overridden },
      `Settings read from ${path.resolve(".env")}` +
        (overridden.length > 0 ? `; the environment's ${overridden.join(", ")} used instead of the file's` : ""),
    );
  if (unknown.length > 0)
    logger.warn({ names: unknown }, `.env sets ${unknown.join(", ")}, which the shop does not read`);
  for (const line of whatRuns(config)) logger.info(line);
  const publicUrlWarning = missingPublicUrlWarning(config);
  if (publicUrlWarning) logger.warn(publicUrlWarning);
  const database = await openDatabase(databaseOptions(config), {
    onConnectionError: (err) => logger.warn({ err }, "A database connection was lost; another is opened when needed"),
  });
  logger.info({ database: database.kind }, "Database open");
  await prepareDatabase(database, content, logger, config.seed);

  const deps = await createDeps({ config, database, logger });
  // The demo studio's pictures are drawn for the demo only: a shop started empty has none of them.
  // They are drawn after the server listens (images/image-work.ts); until then each answers a
  // placeholder in its piece's colour.
  const drawDemo =
    config.seed === "demo" &&
    !(await getSetting(database.db, DEMO_REMOVED)) &&
    !(await imagesDrawn(config.dataDir, content, deps.files));
  // The studio's reel is a file to copy, not to draw: the splash and the carousel have it at once.
  if (drawDemo) await copyReel(path.join(config.dataDir, "images"));
  // Files live with the data (docs/product.md): the photos and labels a shop kept under DATA_DIR
  // before, and pictures an interrupted first start drew, are copied into the store before
  // anything reads them (mail delivery included); a restart that finds them all stored reads none.
  await moveFilesIn({ dataDir: config.dataDir, files: deps.files, logger });
  deps.mailer.start();
  deps.subscriptionSync.start();
  // Orders a previous process left pending when it died give their stock back (checkout/stale-orders.ts).
  deps.staleOrders.start();
  // PGlite's files belong to this process: `npm run staff` hands its commands to it over a
  // socket in DATA_DIR instead (server/staff/control-socket.ts).
  const staffSocket =
    database.kind === "pglite"
      ? await openStaffSocket({
          dataDir: config.dataDir,
          deps: { db: database.db, config, kick: () => deps.mailer.kick() },
          logger,
          backup: shopBackup(database, logger),
        })
      : null;
  const running = await serveApp(deps, { port: config.port, host: config.host }, await site(deps));
  logger.info({ port: running.port }, `Serving on http://localhost:${running.port}`);
  // The demo's pictures and the image variants the pages ask for, made in a process of its own
  // that exits when done, so that no visitor's page waits for one and the server keeps none of
  // that work's memory; a restart that finds them all made starts nothing (images/image-work.ts).
  const warmUp = new AbortController();
  runImageWork(deps, { content, draw: drawDemo, signal: warmUp.signal }).catch((err: unknown) => {
    if (!warmUp.signal.aborted)
      logger.warn({ err }, "Making the pictures and their variants stopped; the next start goes on");
  });
  stopOnSignals(deps, running, {
    onSignal: () => warmUp.abort(),
    alsoClose: async () => staffSocket?.close(),
  });
  // After the signal handlers: a stop asked for while the link is written still ends cleanly.
  if (config.seed === "none") await announceSetup(deps, running.port);
}

/**
 * A shop with no studio yet (`SEED=none`) prints its one-time setup link, on a line of its own
 * so it can be copied from the log; every start before setup prints a new one (server/studio/setup.ts).
 */
async function announceSetup(deps: Awaited<ReturnType<typeof createDeps>>, port: number) {
  const code = await issueSetupCode(deps.database.db);
  if (!code) return;
  const origin = siteOrigin({ ...deps.config, port });
  deps.logger.info(
    `The shop is not set up yet. Set it up as your studio at ${origin}/studio/setup?code=${code} (a link for one use)`,
  );
}

/** Ends a start that failed, saying why. */
export function failedToStart(err: unknown): never {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error("Failed to start:", err);
  }
  process.exit(1);
}
