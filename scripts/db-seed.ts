import { content } from "../seed/content/index.ts";
import { prepareDatabase } from "../server/bootstrap.ts";
import { loadConfig } from "../server/config.ts";
import { databaseOptions, openDatabase } from "../server/db/client.ts";
import { prepareImages } from "../server/images/prepare-images.ts";
import { createLogger } from "../server/logger.ts";

const config = loadConfig();
const logger = createLogger(config.logLevel);
const database = await openDatabase(databaseOptions(config));
await prepareDatabase(database, content, logger);
await prepareImages(config.dataDir, content, logger);
await database.close();
