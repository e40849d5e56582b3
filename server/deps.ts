import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import type { ResponseCache } from "./http/response-cache.ts";
import type { ImageOptimizer } from "./images/optimize.ts";
import type { Logger } from "./logger.ts";
import type { CampaignSource } from "./newsletter/campaigns.ts";

/** What the HTTP app is built from; created once in main.ts (or a test) and passed in. */
export type AppDeps = {
  config: Config;
  database: Database;
  logger: Logger;
  cache: ResponseCache;
  images: ImageOptimizer;
  campaigns: CampaignSource;
};
