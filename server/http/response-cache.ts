import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import type { Context } from "hono";
import { requestHeader } from "./request-header.ts";

type Bytes = Uint8Array<ArrayBuffer>;
export type CachedBody = { body: Bytes; gzip: Bytes | null; etag: string };
type Entry = CachedBody & { expiresAt: number };

/**
 * Serialised API answers kept as bytes until the data under them changes. Reads far outnumber
 * writes in a shop's catalog, so each answer is built, serialised and hashed once per change.
 */
export class ResponseCache {
  private entries = new Map<string, Entry>();
  private inflight = new Map<string, Promise<Entry>>();
  private generation = 0;

  constructor(private readonly maxEntries = 500) {}

  /**
   * The cached bytes for key, built once (also under concurrent misses) by `build`.
   * `ttlMs` bounds the life of answers built from data we are not told about changes of
   * (an outside service); local data lives until `invalidate`.
   */
  async get(key: string, build: () => Promise<unknown>, ttlMs = Number.POSITIVE_INFINITY): Promise<Entry> {
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > Date.now()) return hit;
    const pending = this.inflight.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const promise = build()
      .then((value) => {
        const body = new TextEncoder().encode(JSON.stringify(value)) as Bytes;
        const etag = `"${createHash("sha1").update(body).digest("base64url")}"`;
        const gzip = body.length > 1024 ? new Uint8Array(gzipSync(body)) : null;
        const entry: Entry = { body, gzip, etag, expiresAt: Date.now() + ttlMs };
        // A build that raced an invalidation must not store data from before the change.
        if (generation === this.generation) {
          this.entries.delete(key);
          if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
          this.entries.set(key, entry);
        }
        return entry;
      })
      .finally(() => this.inflight.delete(key));
    this.inflight.set(key, promise);
    return promise;
  }

  /** Drops every cached answer; call after any write to the data they are built from. */
  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
    this.inflight.clear();
  }
}

/** Sends a cached JSON answer with its ETag, as 304 when the client already has it. */
export function sendCached(c: Context, entry: CachedBody): Response {
  const headers: Record<string, string> = {
    "content-type": "application/json; charset=utf-8",
    etag: entry.etag,
    "cache-control": "no-cache",
    vary: "accept-encoding",
  };
  if (requestHeader(c, "if-none-match") === entry.etag) return c.body(null, 304, headers);
  if (entry.gzip && /\bgzip\b/.test(requestHeader(c, "accept-encoding") ?? "")) {
    return c.body(entry.gzip, 200, { ...headers, "content-encoding": "gzip" });
  }
  return c.body(entry.body, 200, headers);
}
