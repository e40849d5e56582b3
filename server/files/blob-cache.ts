import { MEMORY_BOUNDS } from "../memory-bounds.ts";
import type { BlobInfo, BlobStore, StoredBlob } from "./blob-store.ts";

/**
 * Files up to this size are held in memory whole (by default); larger ones are sent in slices
 * (serve.ts). Photos are well under it; the studio's videos are the files above it.
 */
export const HELD_BLOB_BYTES = 2 * 1024 * 1024;

export type BlobCacheOptions = {
  /** Bytes of small files held in memory (default MEMORY_BOUNDS.files). */
  maxBytes?: number;
  /** Files larger than this are never held (default 2 MB): they are read in slices (serve.ts). */
  maxBlobBytes?: number;
  /** Files whose metadata is held (default 50,000, about 10 MB), and keys known to be missing (as many). */
  maxInfos?: number;
  /**
   * Called after this process wrote or deleted `key`: the change feed (server/db/changes.ts)
   * tells every other process, whose caches forget it in turn.
   */
  changed?: (key: string) => void;
};

/**
 * The store with the hot files in memory, so `/images/*` answers as fast as it did from disk
 * (docs/performance.md): the bytes of small files (least recently used dropped past `maxBytes`),
 * the metadata of every file asked for (its sha256 is the ETag, and the image optimiser's key),
 * and the keys asked for and not found (the variant plan names pictures a test's or a new
 * shop's store may not hold; a stat of a missing file cost microseconds, a query milliseconds).
 * A write through this store forgets the key here and, through `changed`, in every process
 * (server/db/changes.ts), so a file another process stores is not hidden by an earlier miss;
 * a lost change-feed connection forgets everything (forget(null)). Files are therefore written
 * through a store built by createDeps (or one wired to the change feed, scripts/db-seed.ts).
 *
 * A read that started before a change finished can bring back the old bytes after the change
 * was heard: every forget() starts a new generation, and a read from an older one answers its
 * caller but is not kept.
 */
export class CachedBlobStore implements BlobStore {
  private readonly blobs = new Map<string, StoredBlob>();
  private heldBytes = 0;
  private readonly infos = new Map<string, BlobInfo>();
  /** Keys not found; kept apart, so a scan of made-up names cannot push out what is stored. */
  private readonly missing = new Set<string>();
  private readonly loading = new Map<string, Promise<StoredBlob | null>>();
  private generation = 0;
  private readonly maxBytes: number;
  private readonly maxBlobBytes: number;
  private readonly maxInfos: number;
  /** Reads that reached the store underneath (the database); tests and the bench count them. */
  misses = 0;

  constructor(
    private readonly inner: BlobStore,
    private readonly options: BlobCacheOptions = {},
  ) {
    this.maxBytes = options.maxBytes ?? MEMORY_BOUNDS.files;
    this.maxBlobBytes = Math.min(options.maxBlobBytes ?? HELD_BLOB_BYTES, this.maxBytes);
    this.maxInfos = options.maxInfos ?? 50_000;
  }

  /** The bytes of the files held in memory. */
  heldSize(): number {
    return this.heldBytes;
  }

  async put(key: string, bytes: Uint8Array, contentType: string) {
    const stored = await this.inner.put(key, bytes, contentType);
    this.changedHere(key);
    return stored;
  }

  async delete(key: string) {
    const deleted = await this.inner.delete(key);
    this.changedHere(key);
    return deleted;
  }

  list(prefix: string): Promise<BlobInfo[]> {
    return this.inner.list(prefix);
  }

  async get(key: string): Promise<StoredBlob | null> {
    const hit = this.blobs.get(key);
    if (hit) {
      // Map keeps insertion order: moved to the end, it is evicted last.
      this.blobs.delete(key);
      this.blobs.set(key, hit);
      return hit;
    }
    if (this.missing.has(key)) return null;
    // Concurrent misses of one key (a hot picture just changed) share one read.
    let pending = this.loading.get(key);
    if (!pending) {
      const generation = this.generation;
      this.misses += 1;
      pending = this.inner.get(key).then((blob) => {
        if (generation === this.generation) {
          if (blob) this.remember(blob);
          else this.rememberMissing(key);
        }
        return blob;
      });
      const shared = pending.finally(() => {
        if (this.loading.get(key) === shared) this.loading.delete(key);
      });
      this.loading.set(key, shared);
      pending = shared;
    }
    return pending;
  }

  async head(key: string): Promise<BlobInfo | null> {
    const known = this.infos.get(key);
    if (known) return known;
    const held = this.blobs.get(key);
    if (held) return infoOf(held);
    if (this.missing.has(key)) return null;
    const generation = this.generation;
    this.misses += 1;
    const found = await this.inner.head(key);
    if (generation === this.generation) {
      if (found) this.rememberInfo(found);
      else this.rememberMissing(key);
    }
    return found;
  }

  async read(key: string, range: { start: number; end: number }, sha256?: string): Promise<Buffer | null> {
    const hit = this.blobs.get(key);
    if (hit && (sha256 === undefined || hit.sha256 === sha256) && range.end < hit.size && range.start <= range.end)
      return hit.bytes.subarray(range.start, range.end + 1);
    return this.inner.read(key, range, sha256);
  }

  /** Forgets `key` (another process changed it), or everything (null: changes may have been missed). */
  forget(key: string | null): void {
    this.generation += 1;
    if (key === null) {
      this.blobs.clear();
      this.infos.clear();
      this.missing.clear();
      this.loading.clear();
      this.heldBytes = 0;
      return;
    }
    const held = this.blobs.get(key);
    if (held) {
      this.blobs.delete(key);
      this.heldBytes -= held.bytes.length;
    }
    this.infos.delete(key);
    this.missing.delete(key);
    this.loading.delete(key);
  }

  private changedHere(key: string) {
    this.forget(key);
    this.options.changed?.(key);
  }

  private remember(blob: StoredBlob) {
    this.rememberInfo(blob);
    if (blob.bytes.length > this.maxBlobBytes || this.blobs.has(blob.key)) return;
    this.blobs.set(blob.key, blob);
    this.heldBytes += blob.bytes.length;
    for (const [key, old] of this.blobs) {
      if (this.heldBytes <= this.maxBytes) break;
      this.blobs.delete(key);
      this.heldBytes -= old.bytes.length;
    }
  }

  private rememberMissing(key: string) {
    this.missing.add(key);
    if (this.missing.size > this.maxInfos) {
      const oldest = this.missing.values().next().value;
      if (oldest !== undefined) this.missing.delete(oldest);
    }
  }

  private rememberInfo(found: BlobInfo) {
    this.missing.delete(found.key);
    this.infos.delete(found.key);
    this.infos.set(found.key, infoOf(found));
    if (this.infos.size > this.maxInfos) {
      const oldest = this.infos.keys().next().value;
      if (oldest !== undefined) this.infos.delete(oldest);
    }
  }
}

const infoOf = (b: BlobInfo): BlobInfo => ({
  key: b.key,
  contentType: b.contentType,
  sha256: b.sha256,
  size: b.size,
  createdAt: b.createdAt,
});
