/**
 * The one way the catalog's and the content's tables are written (CATALOG_TABLES): every
 * process keeps their answers in memory (server/http/response-cache.ts, "Caching" in
 * docs/architecture.md) until the change feed says they changed, so a write that did not
 * publish would leave every process serving what was there before.
 *
 * `writeCatalog` runs the write in a transaction and, once it has committed, publishes the
 * change (server/db/changes.ts): on PostgreSQL every process hears it, on PGlite this one drops
 * its answers. A write that throws rolls back and publishes nothing. The transaction it hands
 * over is a `CatalogTx`; tests/architecture/catalog-writes.test.ts fails on any insert, update
 * or delete of these tables made through anything else.
 *
 * The stock a payment takes or gives back is the checkout's own path (server/checkout/stock.ts,
 * published as `stockChanged`), listed as such in the architecture test.
 */
import type { AppDeps } from "../deps.ts";
import type { Db } from "./client.ts";

/** The tables behind the catalog's and the content's cached answers (by their SQL names). */
export const CATALOG_TABLES = [
  "studio_config",
  "products",
  "slabs",
  "bases",
  "finishes",
  "portfolio_projects",
  "testimonials",
  "employees",
  "faq_sections",
  "media_posts",
  "campaigns",
  "carousel_items",
  "announcements",
  "divergence_metadata",
  "divergence_species",
  "divergence_sizes",
] as const;

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * A transaction that publishes the catalog's change once it commits: only `writeCatalog` makes
 * one. A function that writes these tables for a caller takes one, so it cannot be called
 * outside such a write.
 */
export type CatalogTx = Tx & { readonly __catalogWrite: true };

export type CatalogWriteDeps = Pick<AppDeps, "database" | "changes">;

/**
 * Runs `write` in one transaction and, after it commits, tells every process that the catalog
 * or content changed. Nothing is published when it throws (the transaction rolled back).
 */
export async function writeCatalog<T>(deps: CatalogWriteDeps, write: (tx: CatalogTx) => Promise<T>): Promise<T> {
  const result = await deps.database.db.transaction((tx) => write(tx as CatalogTx));
  deps.changes.publish();
  return result;
}

/**
 * The studio's record says which of its own files are stored (splash reel, look book): after
 * such files were deleted, its cached answers are dropped as after a write. Not for table writes.
 */
export function studioFilesChanged(deps: Pick<AppDeps, "changes">): void {
  deps.changes.publish();
}
