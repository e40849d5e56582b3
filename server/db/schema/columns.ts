/**
 * Column helpers every table file uses: money as numeric(12,2) read as a number, bytea, the
 * trigram index, and the picture and video references stored in JSON columns.
 */
import { sql } from "drizzle-orm";
import { type AnyPgColumn, customType, numeric } from "drizzle-orm/pg-core";

/**
 * A trigram GiST index with 256-byte signatures: at the default 12 bytes, rare words match so
 * many signatures that a search at 100k rows reads most of the index (see docs/decisions/002).
 */
export const trigramGist = (column: AnyPgColumn) => sql`${column} gist_trgm_ops(siglen=256)`;

/** Money is stored exactly (numeric 12,2) and read as a JS number. */
export const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: "number" });

/** A stored picture; `alt` is what the studio wrote for it in the back office, when it did. */
export type ImageRef = { fileName: string; alt?: string };

export type VideoRef = { url: string };

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
