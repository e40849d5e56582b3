import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema.ts";

/** Read when migrating, not when this module loads: a `.env` read at start may set it (server/env-file.ts). */
const migrationsDir = () => path.resolve(process.env.MIGRATIONS_DIR || "server/db/migrations");
const MIGRATION_LOCK = 72_410_001;

/** The Drizzle database, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** Applies the committed SQL migrations that have not run yet. */
  migrate(): Promise<void>;
  /** PGlite only: a copy of the whole database, which `from` opens again (tests start from one). */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
};

export type DatabaseOptions =
  | { kind: "pglite"; dataDir?: string /** Start from this copy (Database.dump). */; from?: Blob }
  | { kind: "postgres"; url: string; max?: number };

/**
 * The embedded Postgres's memory settings (docs/performance.md, "Memory"): small buffers, as a
 * small studio's server has 1 GB and WebAssembly memory, once grown, is never given back.
 */
export const PGLITE_SETTINGS = ["shared_buffers=16MB", "work_mem=2MB", "maintenance_work_mem=16MB", "temp_buffers=2MB"];

/**
 * Opens the embedded PGlite database (persisted in `dataDir`, in memory when absent)
 * or a PostgreSQL pool. Both speak the same SQL and share one migration set.
 */
export async function openDatabase(
  options: DatabaseOptions,
  hooks: {
    /** A pooled connection was lost while idle (server restart, fail-over, an administrator). */
    onConnectionError?: (err: Error) => void;
  } = {},
): Promise<Database> {
  if (options.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: options.url, max: options.max ?? 10 });
    // An idle connection the server ends is reported on the pool, which drops it and opens a
    // new one when needed. Unheard, that report would be an uncaught 'error' ending the process.
    pool.on("error", (err) => hooks.onConnectionError?.(err));
    // Surface a bad URL at start, not at the first request.
    const probe = await pool.connect();
    probe.release();
    const db = drizzlePg(pool, { schema });
    return {
      db: db as unknown as Db,
      kind: "postgres",
      migrate: async () => {
        // Several app processes may start at once against one server: migrate one at a time.
        const conn = await pool.connect();
        try {
          await conn.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
          await migratePg(drizzlePg(conn, { schema }), { migrationsFolder: migrationsDir() });
        } finally {
          await conn.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
          conn.release();
        }
      },
      close: () => pool.end(),
    };
  }
  const releaseLock = options.dataDir ? lockDataDir(options.dataDir) : () => {};
  const client = await PGlite.create(options.dataDir ?? "memory://", {
    extensions: { pg_trgm },
    // Postgres's own 128 MB of shared buffers would stay in the process for good: WebAssembly
    // memory never shrinks. The shop's data is small, and what is read often is cached above it.
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((s) => ["-c", s])],
    ...(options.from ? { loadDataDir: options.from } : {}),
  });
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    kind: "pglite",
    migrate: () => migratePglite(db, { migrationsFolder: migrationsDir() }),
    dump: () => client.dumpDataDir("none"),
    close: async () => {
      await client.close();
      releaseLock();
    },
  };
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
};

/**
 * PGlite is one process's database: a second process opening the same folder would corrupt
 * it. A lock file holding the owner's pid refuses that, and is taken over when its owner died.
 */
function lockDataDir(dataDir: string): () => void {
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const lock = `${dataDir}.lock`;
  try {
    writeFileSync(lock, String(process.pid), { flag: "wx" });
  } catch {
    const owner = Number(readFileSync(lock, "utf8"));
    if (owner !== process.pid && Number.isInteger(owner) && owner > 0 && isAlive(owner)) {
      throw new Error(
        `The embedded database at ${dataDir} is in use by process ${owner}. Stop it, or set DATABASE_URL to share a PostgreSQL server between processes.`,
      );
    }
    writeFileSync(lock, String(process.pid));
  }
  return () => rmSync(lock, { force: true });
}

/** The database the configuration names: PostgreSQL when DATABASE_URL is set, else PGlite under DATA_DIR. */
export function databaseOptions(config: { databaseUrl: string | undefined; dataDir: string }): DatabaseOptions {
  return config.databaseUrl
    ? { kind: "postgres", url: config.databaseUrl }
    : { kind: "pglite", dataDir: path.join(config.dataDir, "db") };
}
