import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import type { Context } from "hono";
import { MEMORY_BOUNDS } from "../memory-bounds.ts";
import { requestHeader } from "./request-header.ts";
import { requestIdOf, withRequestId } from "./request-id.ts";
import { API_SECURITY_HEADERS } from "./security-headers.ts";

/** Request targets remembered (rememberTarget), a short string each. */
const MAX_TARGETS = 2000;

type Bytes = Uint8Array<ArrayBuffer>;
export type CachedBody = { body: Bytes; gzip: Bytes | null; etag: string };
type Entry = CachedBody & { value: unknown; expiresAt: number; bytes: number };

/**
 * What an entry holds, about: its bytes, gzipped and not, and the value behind them, whose
 * objects take about twice their JSON's size.
 */
const entryBytes = (body: Bytes, gzip: Bytes | null) => body.length * 3 + (gzip?.length ?? 0);

/**
 * Serialised API answers kept as bytes until the data under them changes. Reads far outnumber
 * writes in a shop's catalog, so each answer is built, serialised and hashed once per change.
 */
export class ResponseCache {
  private entries = new Map<string, Entry>();
  private inflight = new Map<string, Promise<Entry>>();
  /** Raw request targets ("/api/Products?x=1") whose answer is known to be the entry under a key. */
  private byTarget = new Map<string, string>();
  private generation = 0;
  private bytes = 0;

  /** `maxBytes`: the most its entries may hold (entryBytes); the least recently built go first. */
  constructor(private readonly maxBytes: number = MEMORY_BOUNDS.responses) {}

  /** The bytes its entries hold (entryBytes). */
  heldBytes(): number {
    return this.bytes;
  }

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
        const bytes = entryBytes(body, gzip);
        const entry: Entry = { body, gzip, etag, value, expiresAt: Date.now() + ttlMs, bytes };
        // A build that raced an invalidation must not store data from before the change.
        if (generation === this.generation && bytes <= this.maxBytes) {
          this.drop(key);
          for (const [oldest, old] of this.entries) {
            if (this.bytes + bytes <= this.maxBytes) break;
            this.entries.delete(oldest);
            this.bytes -= old.bytes;
          }
          this.entries.set(key, entry);
          this.bytes += bytes;
        }
        return entry;
      })
      .finally(() => this.inflight.delete(key));
    this.inflight.set(key, promise);
    return promise;
  }

  /**
   * The value behind a cached answer, for server-side rendering: pages and the API share one
   * entry per key, so a page never shows data the API would not. Treat it as read-only.
   */
  async value<T>(key: string, build: () => Promise<T>, ttlMs?: number): Promise<T> {
    return (await this.get(key, build, ttlMs)).value as T;
  }

  /** Drops every cached answer; call after any write to the data they are built from. */
  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
    this.bytes = 0;
    this.inflight.clear();
    this.byTarget.clear();
  }

  private drop(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  /** Notes that a GET of this exact request target is answered by the entry under key. */
  rememberTarget(target: string, key: string): void {
    if (this.byTarget.get(target) === key) return;
    if (this.byTarget.size >= MAX_TARGETS) this.byTarget.delete(this.byTarget.keys().next().value!);
    this.byTarget.set(target, key);
  }

  /** The live entry answering a GET of this exact request target, if one is known. */
  forTarget(target: string): CachedBody | undefined {
    const key = this.byTarget.get(target);
    const entry = key === undefined ? undefined : this.entries.get(key);
    return entry && entry.expiresAt > Date.now() ? entry : undefined;
  }
}

/** Status, body and headers of a cached answer, given the request's conditional and encoding headers. */
export function cachedAnswer(
  entry: CachedBody,
  ifNoneMatch: string | undefined,
  acceptEncoding: string | undefined,
  requestId: string,
): { status: 200 | 304; body: Bytes | null; headers: Record<string, string> } {
  const headers: Record<string, string> = {
    ...API_SECURITY_HEADERS,
    "content-type": "application/json; charset=utf-8",
    etag: entry.etag,
    "cache-control": "no-cache",
    vary: "accept-encoding",
    "x-request-id": requestId,
  };
  if (ifNoneMatch === entry.etag) return { status: 304, body: null, headers };
  if (entry.gzip && /\bgzip\b/.test(acceptEncoding ?? "")) {
    headers["content-encoding"] = "gzip";
    return { status: 200, body: entry.gzip, headers };
  }
  return { status: 200, body: entry.body, headers };
}

/**
 * Sends a cached JSON answer. The Response is built with a plain header record (not through
 * `c.body`, which copies several headers into a web Headers object) so @hono/node-server can
 * write it straight to the socket.
 */
export function sendCached(c: Context, entry: CachedBody): Response {
  const answer = cachedAnswer(
    entry,
    requestHeader(c, "if-none-match"),
    requestHeader(c, "accept-encoding"),
    requestIdOf(c),
  );
  withRequestId(c, answer.headers);
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}
