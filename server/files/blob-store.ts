/**
 * Files kept with the data (docs/product.md, "Files live with the data"): catalog photos,
 * enquiry photos and shipping labels go through one store, whose default is the database itself
 * (the `blobs` table, PGlite or PostgreSQL), so any number of app processes on one PostgreSQL
 * see the same files with no shared disk (docs/deploy.md).
 *
 * Keys are path-like (`images/slabs/walnut-1.jpg`, `enquiries/12/photo-1.jpg`,
 * `labels/LR....pdf`); `/images/*` is answered with the key of its path (server/files/serve.ts).
 */
import { createHash } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { blobs } from "../db/schema.ts";
import { badRequest } from "../http/errors.ts";

/** What the store knows of a file, without its bytes. */
export type BlobInfo = { key: string; contentType: string; sha256: string; size: number; createdAt: Date };

/** A file with its bytes. The bytes may be shared with a cache: callers never modify them. */
export type StoredBlob = BlobInfo & { bytes: Buffer };

export interface BlobStore {
  /**
   * Stores `bytes` under `key`, replacing what was there (the same bytes again change nothing).
   * A bad key or content type is a 400 naming the field.
   */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<{ sha256: string; size: number }>;
  get(key: string): Promise<StoredBlob | null>;
  /** The file's metadata without its bytes. */
  head(key: string): Promise<BlobInfo | null>;
  /**
   * Bytes `start` to `end` (inclusive) of the file, for range requests and for sending a large
   * file in slices; null when it is gone, or no longer has the content `sha256` names.
   */
  read(key: string, range: { start: number; end: number }, sha256?: string): Promise<Buffer | null>;
  /** Says whether there was a file to delete. */
  delete(key: string): Promise<boolean>;
  /** Every file whose key starts with `prefix` ("" for all), by key, without their bytes. */
  list(prefix: string): Promise<BlobInfo[]>;
}

const MAX_KEY_LENGTH = 512;
const MAX_CONTENT_TYPE_LENGTH = 200;
// Control characters end a header line or a log line early; none belongs in a key or a type.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point.
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * Why `key` is not a key, or null when it is one: path-like, relative, with no empty, `.` or
 * `..` segment and no backslash, so no key can name anything outside its folder, whatever a
 * later store (or a copy to disk) does with it.
 */
export function blobKeyProblem(key: unknown): string | null {
  if (typeof key !== "string" || key === "") return "must not be empty";
  if (key.length > MAX_KEY_LENGTH) return `must be at most ${MAX_KEY_LENGTH} characters`;
  if (key.startsWith("/")) return "must not start with /";
  if (key.includes("\\")) return "must not contain a backslash";
  if (key.includes("..")) return "must not contain ..";
  if (CONTROL.test(key)) return "must not contain control characters";
  if (key.split("/").some((segment) => segment === "" || segment === ".")) return "must not have an empty or . segment";
  return null;
}

/** Throws a 400 naming `field` when `key` is not a key (blobKeyProblem). */
export function assertBlobKey(key: unknown, field = "key"): asserts key is string {
  const problem = blobKeyProblem(key);
  if (problem) throw badRequest(field, `${field}: ${problem}`);
}

function assertPrefix(prefix: unknown): asserts prefix is string {
  if (typeof prefix !== "string") throw badRequest("prefix", "prefix: must be text");
  // A prefix is a key cut anywhere: "" and "images/" are prefixes, "/x" and "a/../b" are not.
  if (prefix !== "" && blobKeyProblem(prefix.endsWith("/") ? `${prefix}x` : prefix))
    throw badRequest("prefix", "prefix: must be the start of a key");
}

function assertContentType(type: unknown): asserts type is string {
  if (typeof type !== "string" || !/^[\w.+-]+\/[\w.+-]+/.test(type))
    throw badRequest("contentType", "contentType: must be a media type such as image/jpeg");
  if (type.length > MAX_CONTENT_TYPE_LENGTH || CONTROL.test(type))
    throw badRequest("contentType", `contentType: must be at most ${MAX_CONTENT_TYPE_LENGTH} plain characters`);
}

export const sha256Of = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

const info = {
  key: blobs.key,
  contentType: blobs.contentType,
  size: blobs.size,
  sha256: blobs.sha256,
  createdAt: blobs.createdAt,
};

/**
 * The store on the `blobs` table. Bytes travel as base64 text (`encode`/`decode` in SQL):
 * PGlite took 4.2 s to take a 5 MB photo as a bytea parameter and 0.8-1 s to give it back, and
 * 0.17-0.33 s and 0.1-0.18 s as base64; node-postgres reads base64 in half the time of its
 * hex bytea (68 against 160 ms), and sends bytea parameters in binary, the faster way in.
 */
export class DatabaseBlobStore implements BlobStore {
  constructor(private readonly database: Pick<Database, "db" | "kind">) {}

  async put(key: string, bytes: Uint8Array, contentType: string) {
    assertBlobKey(key);
    assertContentType(contentType);
    const sha256 = sha256Of(bytes);
    const size = bytes.byteLength;
    const data =
      this.database.kind === "pglite" ? sql`decode(${asBuffer(bytes).toString("base64")}, 'base64')` : asBuffer(bytes);
    await this.database.db
      .insert(blobs)
      .values({ key, contentType, size, sha256, data })
      .onConflictDoUpdate({
        target: blobs.key,
        set: {
          contentType: sql`excluded.content_type`,
          size: sql`excluded.size`,
          sha256: sql`excluded.sha256`,
          data: sql`excluded.data`,
          createdAt: sql`now()`,
        },
        // The same bytes again: nothing is rewritten, and the file keeps its date.
        setWhere: sql`${blobs.sha256} <> excluded.sha256 or ${blobs.contentType} <> excluded.content_type`,
      });
    return { sha256, size };
  }

  async get(key: string): Promise<StoredBlob | null> {
    if (blobKeyProblem(key)) return null;
    const [row] = await this.database.db
      .select({ ...info, data: sql<string>`encode(${blobs.data}, 'base64')` })
      .from(blobs)
      .where(eq(blobs.key, key));
    if (!row) return null;
    const { data, ...rest } = row;
    return { ...rest, bytes: Buffer.from(data, "base64") };
  }

  async head(key: string): Promise<BlobInfo | null> {
    if (blobKeyProblem(key)) return null;
    const [row] = await this.database.db.select(info).from(blobs).where(eq(blobs.key, key));
    return row ?? null;
  }

  async read(key: string, range: { start: number; end: number }, sha256?: string): Promise<Buffer | null> {
    if (blobKeyProblem(key)) return null;
    const { start, end } = range;
    if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start)
      throw badRequest("range", "range: must be whole byte positions, start before end");
    // substring() counts from 1; PostgreSQL reads only the slices of the stored value it needs
    // when the value was stored uncompressed, as photos, videos and PDFs are.
    const [row] = await this.database.db
      .select({
        data: sql<string>`encode(substring(${blobs.data} from ${start + 1} for ${end - start + 1}), 'base64')`,
      })
      .from(blobs)
      .where(sha256 === undefined ? eq(blobs.key, key) : sql`${blobs.key} = ${key} and ${blobs.sha256} = ${sha256}`);
    return row ? Buffer.from(row.data, "base64") : null;
  }

  async delete(key: string): Promise<boolean> {
    assertBlobKey(key);
    const gone = await this.database.db.delete(blobs).where(eq(blobs.key, key)).returning({ key: blobs.key });
    return gone.length > 0;
  }

  async list(prefix: string): Promise<BlobInfo[]> {
    assertPrefix(prefix);
    const query = this.database.db.select(info).from(blobs);
    return prefix === ""
      ? query.orderBy(asc(blobs.key))
      : query.where(sql`starts_with(${blobs.key}, ${prefix})`).orderBy(asc(blobs.key));
  }
}
