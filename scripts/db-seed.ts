import { content } from "../seed/content/index.ts";
import { prepareDatabase } from "../server/bootstrap.ts";
import { createChangeFeed } from "../server/db/changes.ts";
import { databaseOptions, openDatabase } from "../server/db/client.ts";
import { configOrExit } from "../server/env-file.ts";
import { CachedBlobStore } from "../server/files/blob-cache.ts";
import { DatabaseBlobStore } from "../server/files/blob-store.ts";
import { moveFilesIn } from "../server/files/move-in.ts";
import { prepareImages } from "../server/images/prepare-images.ts";
import { createLogger } from "../server/logger.ts";

// `.env` in the working folder, the environment winning; a bad setting ends here with one line.
const config = configOrExit();
const logger = createLogger(config.logLevel);
const database = await openDatabase(databaseOptions(config));
await prepareDatabase(database, content, logger);
// The pictures go where the shop reads them, the file store (docs/product.md, "Files live with
// the data"); app processes running on the same PostgreSQL hear of any picture replaced.
const changes = await createChangeFeed({ databaseUrl: config.databaseUrl, onChange: () => undefined, logger });
const files = new CachedBlobStore(new DatabaseBlobStore(database), { changed: (key) => changes.fileChanged(key) });
await prepareImages(config.dataDir, content, logger, { files });
await moveFilesIn({ dataDir: config.dataDir, files, logger });
await changes.close();
await database.close();
