// One app process for tests that need real processes: `tsx tests/support/app-process.ts` with
// DATA_DIR set, and DATABASE_URL for a shared PostgreSQL (already migrated and seeded); without
// it, the embedded database in DATA_DIR, migrated and seeded here. Reports its port to the
// parent over IPC and stops on SIGTERM as the shop does (server/http/shutdown.ts).
import { content } from "../../seed/content/index.ts";
import { prepareDatabase } from "../../server/bootstrap.ts";
import { loadConfig } from "../../server/config.ts";
import { databaseOptions, openDatabase } from "../../server/db/client.ts";
import { createDeps } from "../../server/deps.ts";
import { stopOnSignals } from "../../server/http/shutdown.ts";
import { createLogger } from "../../server/logger.ts";
import { serveApp } from "../../server/serve.ts";
import { GENEROUS_CHECKOUT_LIMITS } from "./test-app.ts";

const config = loadConfig({
  ...GENEROUS_CHECKOUT_LIMITS,
  ...process.env,
  NODE_ENV: "test",
  LOG_LEVEL: process.env.LOG_LEVEL ?? "silent",
});
const logger = createLogger(config.logLevel);
const database = config.databaseUrl
  ? await openDatabase({ kind: "postgres", url: config.databaseUrl, max: 8 })
  : await openDatabase(databaseOptions(config));
if (database.kind === "pglite") await prepareDatabase(database, content, logger, config.seed);
const deps = await createDeps({ config, database, logger });
deps.mailer.start();
const running = await serveApp(deps, { port: 0, host: "127.0.0.1" });
stopOnSignals(deps, running);
process.send?.({ port: running.port });
