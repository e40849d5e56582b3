import { seedDatabase } from "../seed/seed.ts";
import type { SeedContent } from "../seed/types.ts";
import type { Database } from "./db/client.ts";
import type { Logger } from "./logger.ts";

/** Migrates and seeds the database; a seeded database is left as it is. */
export async function prepareDatabase(database: Database, content: SeedContent, logger: Logger): Promise<void> {
  await database.migrate();
  const seeded = await seedDatabase(database.db, content);
  logger.info(seeded ? "Seeded the studio's catalog and content" : "Database already seeded; left as it is");
}
