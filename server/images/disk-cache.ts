import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";

/** A temporary file this old was left by a process that died while writing it. */
const STALE_TMP_MS = 60 * 60 * 1000;

/**
 * Files in one folder, at most `maxBytes` in all: writing past the bound deletes the least
 * recently used. Sizes and recency are kept in memory, seeded from the folder on first use
 * (newest of access and modification time, as atime is often not kept). Files another process
 * wrote are counted once this one reads them.
 */
export class DiskCache {
  /** Name to size, least recently used first (a Map keeps insertion order). */
  private readonly entries = new Map<string, number>();
  private bytes = 0;
  private scanned: Promise<void> | undefined;

  constructor(
    readonly dir: string,
    readonly maxBytes: number,
  ) {}

  /** Bytes the cache holds as far as this process knows. */
  async size(): Promise<number> {
    await this.scan();
    return this.bytes;
  }

  async read(name: string): Promise<Buffer | null> {
    await this.scan();
    const bytes = await readFile(path.join(this.dir, name)).catch(() => null);
    if (!bytes) {
      this.forget(name);
      return null;
    }
    this.record(name, bytes.length);
    await this.evict();
    return bytes;
  }

  /**
   * Whether the cache holds `name`, without reading it (nor counting it as used). A file another
   * process wrote since the folder was scanned is found and counted.
   */
  async has(name: string): Promise<boolean> {
    await this.scan();
    if (this.entries.has(name)) return true;
    const info = await stat(path.join(this.dir, name)).catch(() => null);
    if (!info?.isFile()) return false;
    this.record(name, info.size);
    await this.evict();
    return this.entries.has(name);
  }

  /** Deletes every file whose name is not in `keep`; returns how many bytes that freed. */
  async prune(keep: ReadonlySet<string>): Promise<number> {
    await this.scan();
    let freed = 0;
    for (const [name, size] of [...this.entries]) {
      if (keep.has(name)) continue;
      this.forget(name);
      freed += size;
      await unlink(path.join(this.dir, name)).catch(() => undefined);
    }
    return freed;
  }

  async write(name: string, bytes: Uint8Array): Promise<void> {
    await this.scan();
    if (bytes.length > this.maxBytes) return;
    await mkdir(this.dir, { recursive: true });
    const target = path.join(this.dir, name);
    const tmp = `${target}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(tmp, bytes);
    await rename(tmp, target);
    this.record(name, bytes.length);
    await this.evict();
  }

  private record(name: string, size: number) {
    this.forget(name);
    this.entries.set(name, size);
    this.bytes += size;
  }

  private forget(name: string) {
    const size = this.entries.get(name);
    if (size === undefined) return;
    this.entries.delete(name);
    this.bytes -= size;
  }

  private async evict() {
    for (const [name, size] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(name);
      this.bytes -= size;
      await unlink(path.join(this.dir, name)).catch(() => undefined);
    }
  }

  /** Reads the folder again at next use: another process wrote many files into it. */
  rescan() {
    this.entries.clear();
    this.bytes = 0;
    this.scanned = undefined;
  }

  private scan(): Promise<void> {
    this.scanned ??= this.seed();
    return this.scanned;
  }

  private async seed() {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    const found: { name: string; size: number; used: number }[] = [];
    for (const name of names) {
      const file = path.join(this.dir, name);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) continue;
      if (name.endsWith(".tmp")) {
        if (Date.now() - info.mtimeMs > STALE_TMP_MS) await unlink(file).catch(() => undefined);
        continue;
      }
      found.push({ name, size: info.size, used: Math.max(info.atimeMs, info.mtimeMs) });
    }
    found.sort((a, b) => a.used - b.used);
    for (const f of found) this.record(f.name, f.size);
    await this.evict();
  }
}
