import { seedDatabase } from "../seed/seed.ts";
import type { SeedContent } from "../seed/types.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import type { Logger } from "./logger.ts";

/**
 * Migrates the database, then, when it holds no studio yet, seeds the demo studio (`SEED=demo`,
 * the default) or leaves it empty for the setup link (`SEED=none`, server/studio/setup.ts).
 * A database that holds a studio is left as it is. Says whether it seeded.
 */
export async function prepareDatabase(
  database: Database,
  content: SeedContent,
  logger: Logger,
  seed: Config["seed"] = "demo",
): Promise<boolean> {
  await database.migrate();
  if (seed === "none") return false;
  const seeded = await seedDatabase(database.db, content);
  logger.info(seeded ? "Seeded the studio's catalog and content" : "Database already seeded; left as it is");
  return seeded;
}
