// One app process on a shared PostgreSQL database (already migrated and seeded), for tests
// that need several processes: `tsx tests/support/app-process.ts` with DATABASE_URL and
// DATA_DIR set. Reports its port to the parent over IPC and stops on SIGTERM.
import { loadConfig } from "../../server/config.ts";
import { openDatabase } from "../../server/db/client.ts";
import { createDeps } from "../../server/deps.ts";
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
const database = await openDatabase({ kind: "postgres", url: config.databaseUrl!, max: 8 });
const deps = await createDeps({ config, database, logger });
const running = await serveApp(deps, { port: 0, host: "127.0.0.1" });
process.send?.({ port: running.port });
process.on("SIGTERM", () => void running.stop().then(() => process.exit(0)));
