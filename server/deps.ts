import { checkoutProviders } from "./checkout/providers.ts";
import { createStaleOrders, type StaleOrders } from "./checkout/stale-orders.ts";
import type { Config } from "./config.ts";
import { type ChangeFeed, createChangeFeed, localChangeFeed } from "./db/changes.ts";
import type { Database } from "./db/client.ts";
import { CachedBlobStore } from "./files/blob-cache.ts";
import { type BlobStore, DatabaseBlobStore } from "./files/blob-store.ts";
import { Lifecycle } from "./http/lifecycle.ts";
import { createLimits, type Limits } from "./http/limits.ts";
import { ResponseCache } from "./http/response-cache.ts";
import { ImageOptimizer } from "./images/optimize.ts";
import { Undrawn } from "./images/undrawn.ts";
import type { JobWorker } from "./jobs/worker.ts";
import type { Logger } from "./logger.ts";
import { mailerFor } from "./mail/mailer.ts";
import type { Mailer } from "./mail/outbox.ts";
import type { MailTransport } from "./mail/transport.ts";
import { Metrics } from "./metrics/metrics.ts";
import { type CampaignSource, localCampaigns, mailchimpCampaigns } from "./newsletter/campaigns.ts";
import { createSubscriptionSync } from "./newsletter/subscriptions.ts";
import type { PaymentGateway } from "./payments/gateway.ts";
import { MailchimpClient } from "./providers/mailchimp.ts";
import type { ShippingProvider } from "./shipping/provider.ts";

/** What the HTTP app is built from; created once in main.ts (or a test) and passed in. */
export type AppDeps = {
  config: Config;
  database: Database;
  logger: Logger;
  cache: ResponseCache;
  /**
   * Photos (catalog and enquiries) and labels, kept in the database with the hot ones in memory
   * (server/files/; docs/product.md, "Files live with the data").
   */
  files: BlobStore;
  images: ImageOptimizer;
  campaigns: CampaignSource;
  gateway: PaymentGateway;
  shipping: ShippingProvider;
  mailer: Mailer;
  /** Pushes newsletter sign-ups to Mailchimp (when a list is configured). */
  subscriptionSync: JobWorker;
  /** Tells every app process that catalog data (stock) changed. */
  changes: ChangeFeed;
  /** Gives back the stock of orders a dead process left pending (started by main.ts). */
  staleOrders: StaleOrders;
  /** Abuse limits counted in the database, shared by every app process (server/http/limits.ts). */
  limits: Limits;
  /** The demo's pictures a first start has not drawn yet, answered as placeholders meanwhile. */
  undrawn: Undrawn;
  /** Starting, ready or stopping: what `/readyz` answers (server/http/lifecycle.ts). */
  lifecycle: Lifecycle;
  /** What `/metrics` exposes (server/metrics/; docs/monitoring.md). */
  metrics: Metrics;
};

/**
 * The app's dependencies for a config and an open database: the configured outside services,
 * or their built-in stand-ins, unless given.
 */
export async function createDeps(opts: {
  config: Config;
  database: Database;
  logger: Logger;
  campaigns?: CampaignSource;
  gateway?: PaymentGateway;
  shipping?: ShippingProvider;
  mailTransport?: MailTransport;
  /** Listen for other processes' changes (PostgreSQL); off for single-process tests. */
  sharedChanges?: boolean;
}): Promise<AppDeps> {
  const { config, database, logger } = opts;
  const cache = new ResponseCache();
  const mc = config.mailchimp;
  const mailchimp = mc ? new MailchimpClient(mc.baseUrl, mc.apiKey, mc.campaignImageUrl) : undefined;
  // A file this process writes is forgotten here and, through the change feed, everywhere else
  // (`changes` is set below, before anything can be written).
  const files = new CachedBlobStore(new DatabaseBlobStore(database), { changed: (key) => changes.fileChanged(key) });
  const heard = { onChange: () => cache.invalidate(), onFileChange: (key: string | null) => files.forget(key) };
  const changes: ChangeFeed =
    opts.sharedChanges === false
      ? localChangeFeed(heard)
      : await createChangeFeed({ databaseUrl: config.databaseUrl, ...heard, logger });
  const providers = checkoutProviders(config, logger, files);
  const gateway = opts.gateway ?? providers.gateway;
  return {
    config,
    database,
    logger,
    cache,
    files,
    images: new ImageOptimizer(files, config.dataDir),
    campaigns: opts.campaigns ?? (mailchimp ? mailchimpCampaigns(mailchimp) : localCampaigns(database.db)),
    gateway,
    shipping: opts.shipping ?? providers.shipping,
    mailer: mailerFor(config, database.db, logger, files, opts.mailTransport),
    subscriptionSync: createSubscriptionSync({
      db: database.db,
      mailchimp: mailchimp && mc?.listId ? { client: mailchimp, listId: mc.listId } : undefined,
      logger,
    }),
    changes,
    staleOrders: await createStaleOrders({
      db: database.db,
      kind: database.kind,
      gateway,
      logger,
      stockChanged: () => changes.publish(),
    }),
    limits: createLimits({ db: database.db, logger }),
    undrawn: new Undrawn(),
    lifecycle: new Lifecycle(),
    metrics: new Metrics(),
  };
}
