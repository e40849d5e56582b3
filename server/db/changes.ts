/**
 * "The catalog changed" and "this stored file changed" across app processes. Each process keeps
 * catalog answers and hot files (server/files/blob-cache.ts) in memory; a write in one (stock
 * taken by an order, a photo stored) must reach the others. On PostgreSQL this is a NOTIFY on
 * one of two channels (the file's key as payload), heard by one LISTEN connection in every
 * process; on PGlite there is one process, so publishing just tells this one.
 */
import pg from "pg";
import type { Logger } from "../logger.ts";

const CHANNEL = "catalog_changed";
const FILES_CHANNEL = "files_changed";

export type ChangeFeed = {
  /**
   * Tells every process (this one at once) that catalog data changed. A catalog or content
   * write calls it through writeCatalog (server/db/catalog-writes.ts), after it commits; the
   * stock a payment takes or gives back through `stockChanged`.
   */
  publish(): void;
  /** Tells every process (this one at once) that the stored file `key` was written or deleted. */
  fileChanged(key: string): void;
  close(): Promise<void>;
};

/** A feed for one process alone (PGlite, or a test's app): publishing tells this process. */
export function localChangeFeed(opts: { onChange: () => void; onFileChange?: (key: string | null) => void }) {
  return {
    publish: opts.onChange,
    fileChanged: (key: string) => opts.onFileChange?.(key),
    close: async () => undefined,
  } satisfies ChangeFeed;
}

export async function createChangeFeed(opts: {
  databaseUrl: string | undefined;
  onChange: () => void;
  /** A stored file changed; null when changes may have been missed (everything is to be forgotten). */
  onFileChange?: (key: string | null) => void;
  logger: Logger;
}): Promise<ChangeFeed> {
  if (!opts.databaseUrl) return localChangeFeed(opts);
  const missedAll = () => {
    opts.onChange();
    opts.onFileChange?.(null);
  };

  let listener: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  // Changes missed while away: drop everything once back. A failed attempt tries again, so a
  // database that is down for a while does not leave this process's caches unheard for good.
  const reconnect = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect()
        .then(missedAll)
        .catch((err) => {
          opts.logger.warn({ err }, "Change feed not reconnected; trying again");
          reconnect();
        });
    }, 1000);
  };
  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: opts.databaseUrl });
    client.on("notification", (n) => {
      if (n.channel === FILES_CHANNEL) opts.onFileChange?.(n.payload || null);
      else opts.onChange();
    });
    client.on("error", (err) => {
      opts.logger.warn({ err }, "Change feed connection lost; reconnecting");
      if (listener === client) listener = null;
      reconnect();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      await client.query(`LISTEN ${FILES_CHANNEL}`);
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
    listener = client;
  };
  await connect();

  const publisher = new pg.Client({ connectionString: opts.databaseUrl });
  await publisher.connect();
  publisher.on("error", (err) => opts.logger.warn({ err }, "Change feed publisher error"));

  return {
    publish() {
      opts.onChange();
      publisher.query(`NOTIFY ${CHANNEL}`).catch((err) => opts.logger.warn({ err }, "Change not published"));
    },
    fileChanged(key) {
      opts.onFileChange?.(key);
      publisher
        .query("SELECT pg_notify($1, $2)", [FILES_CHANNEL, key])
        .catch((err) => opts.logger.warn({ err, key }, "File change not published"));
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      await Promise.allSettled([listener?.end(), publisher.end()]);
    },
  };
}
