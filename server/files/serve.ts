/**
 * `/images/*` from the file store (docs/product.md, "Files live with the data"): the picture or
 * video stored under the path's key (`/images/slabs/x.jpg` is `images/slabs/x.jpg`), with what
 * a static file server gave before: its type, length and date, HEAD, single byte ranges (videos
 * seek with them), and a day's public caching, revalidated by ETag (the bytes' sha256). A path
 * that is not a stored file goes on to the next handler (the site's 404 page), as before.
 *
 * Small files (up to HELD_BLOB_BYTES) are read whole, from the store's memory once hot
 * (server/files/blob-cache.ts); larger ones (videos) are read from the database in slices as
 * they are sent, so no answer holds a whole video.
 */
import type { Context, MiddlewareHandler } from "hono";
import { requestHeader } from "../http/request-header.ts";
import { withRequestId } from "../http/request-id.ts";
import { API_SECURITY_HEADERS } from "../http/security-headers.ts";
import { placeholderAnswer, type Undrawn } from "../images/undrawn.ts";
import { HELD_BLOB_BYTES } from "./blob-cache.ts";
import { type BlobInfo, type BlobStore, blobKeyProblem, type StoredBlob } from "./blob-store.ts";

/** A larger file is sent in slices of this size, each one query. */
const SLICE_BYTES = 1024 * 1024;

const CACHE_CONTROL = "public, max-age=86400";

/**
 * The key a request path names, or null: percent-encoded leftovers and hidden names (`.x`, e.g.
 * the first start's marker) are never looked up.
 */
export function keyOfPath(requestPath: string): string | null {
  const key = requestPath.slice(1);
  if (requestPath.includes("%") || blobKeyProblem(key)) return null;
  return key.split("/").some((segment) => segment.startsWith(".")) ? null : key;
}

type Range = { start: number; end: number };

/**
 * The one byte range a Range header asks for: a Range, "unsatisfiable" (416), or null to send the
 * whole file (no header, several ranges, or one this server does not read: RFC 9110 §14.2 lets a
 * server ignore Range).
 */
export function byteRange(header: string | undefined, size: number): Range | "unsatisfiable" | null {
  const m = header?.trim().match(/^bytes=(\d*)-(\d*)$/);
  if (!m || (m[1] === "" && m[2] === "")) return null;
  const [, from, to] = m as unknown as [string, string, string];
  if (from === "") {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === "" ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || start > end) return "unsatisfiable";
  return { start, end };
}

/** Whether an If-None-Match header names this ETag (or `*`), weak or strong. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(",")
    .map((t) => t.trim().replace(/^W\//, ""))
    .some((t) => t === etag || t === "*");
}

/** The bytes `range` of a larger file, read slice by slice while they are sent; an error ends the answer. */
function slices(files: BlobStore, info: BlobInfo, range: Range): ReadableStream<Uint8Array> {
  let at = range.start;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (at > range.end) {
        controller.close();
        return;
      }
      const end = Math.min(range.end, at + SLICE_BYTES - 1);
      // The same content or nothing: a file replaced while it is sent is not spliced.
      const bytes = await files.read(info.key, { start: at, end }, info.sha256);
      if (!bytes || bytes.length !== end - at + 1) {
        controller.error(new Error(`${info.key} changed or went while it was being sent`));
        return;
      }
      at = end + 1;
      controller.enqueue(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    },
  });
}

/**
 * The headers of a stored file's answer. A plain record keeps the answer on @hono/node-server's
 * direct write path (server/http/request-id.ts); the security headers are those every answer that
 * is not a page has (server/http/security-headers.ts), so nothing is added to it afterwards.
 */
function headersOf(c: Context, info: BlobInfo): Record<string, string> {
  return withRequestId(c, {
    ...API_SECURITY_HEADERS,
    "content-type": info.contentType,
    etag: `"${info.sha256}"`,
    "last-modified": info.createdAt.toUTCString(),
    "cache-control": CACHE_CONTROL,
    "accept-ranges": "bytes",
  });
}

/**
 * Answers GET and HEAD of stored files under the path's key; anything else goes on. A demo
 * picture not drawn yet answers its placeholder (server/images/undrawn.ts).
 */
export function serveStoredFiles(files: BlobStore, undrawn?: Undrawn): MiddlewareHandler {
  return async (c, next) => {
    const method = c.req.method;
    if (method !== "GET" && method !== "HEAD") return next();
    const key = keyOfPath(c.req.path);
    let info = key ? await files.head(key) : null;
    if (!info) {
      const colour = key ? undrawn?.colourOf(key) : null;
      return colour ? placeholderAnswer(colour, withRequestId(c, { ...API_SECURITY_HEADERS })) : next();
    }
    // A revalidation is answered from the metadata alone (held in memory), without the bytes.
    const ifNoneMatch = requestHeader(c, "if-none-match");
    if (matches(ifNoneMatch, `"${info.sha256}"`))
      return new Response(null, { status: 304, headers: headersOf(c, info) });
    let small: StoredBlob | null = null;
    if (method === "GET" && info.size <= HELD_BLOB_BYTES) {
      small = await files.get(info.key);
      // Deleted since its metadata was read: as if it never was.
      if (!small) return next();
      // Replaced since: what is sent is what was read, with its own ETag and length.
      if (small.sha256 !== info.sha256) info = small;
    }
    const etag = `"${info.sha256}"`;
    const headers = headersOf(c, info);

    // If-Range names the version the client holds a part of; another version is sent whole.
    const ifRange = requestHeader(c, "if-range");
    const range = ifRange && ifRange !== etag ? null : byteRange(requestHeader(c, "range"), info.size);
    if (range === "unsatisfiable") {
      headers["content-range"] = `bytes */${info.size}`;
      return new Response(null, { status: 416, headers });
    }
    const wanted = range ?? { start: 0, end: info.size - 1 };
    const length = info.size === 0 ? 0 : wanted.end - wanted.start + 1;
    headers["content-length"] = String(length);
    const status = range ? 206 : 200;
    if (range) headers["content-range"] = `bytes ${range.start}-${range.end}/${info.size}`;
    if (method === "HEAD" || length === 0) return new Response(null, { status, headers });
    if (small) {
      const bytes = small.bytes.subarray(wanted.start, wanted.end + 1);
      return new Response(new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength), {
        status,
        headers,
      });
    }
    return new Response(slices(files, info, wanted), { status, headers });
  };
}
