/**
 * "The catalog changed" across app processes. Each process keeps catalog answers in memory;
 * a write in one (stock taken by an order) must reach the others. On PostgreSQL this is a
 * NOTIFY on one channel, heard by a LISTEN connection in every process; on PGlite there is one
 * process, so publishing just tells this one.
 */
import pg from "pg";
import type { Logger } from "../logger.ts";

const CHANNEL = "catalog_changed";

export type ChangeFeed = {
  /** Tells every process (this one at once) that catalog data changed. */
  publish(): void;
  close(): Promise<void>;
};

export async function createChangeFeed(opts: {
  databaseUrl: string | undefined;
  onChange: () => void;
  logger: Logger;
}): Promise<ChangeFeed> {
  if (!opts.databaseUrl) return { publish: opts.onChange, close: async () => undefined };

  let listener: pg.Client | null = null;
  let closed = false;
  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: opts.databaseUrl });
    client.on("notification", () => opts.onChange());
    client.on("error", (err) => {
      opts.logger.warn({ err }, "Change feed connection lost; reconnecting");
      listener = null;
      // Changes missed while away: drop everything once back.
      if (!closed)
        setTimeout(
          () =>
            void connect()
              .then(opts.onChange)
              .catch(() => undefined),
          1000,
        );
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
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
    async close() {
      closed = true;
      await Promise.allSettled([listener?.end(), publisher.end()]);
    },
  };
}
