import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DiskCache } from "./disk-cache.ts";

const bytes = (n: number) => new Uint8Array(n).fill(7);

describe("DiskCache", () => {
  let dir: string;
  beforeEach(() => {
    dir = path.join(mkdtempSync(path.join(tmpdir(), "heartwood-disk-cache-")), "images");
  });
  afterEach(() => rmSync(path.dirname(dir), { recursive: true, force: true }));

  it("stays under its bound, deleting the least recently used file", async () => {
    const cache = new DiskCache(dir, 250);
    await cache.write("a", bytes(100));
    await cache.write("b", bytes(100));
    expect(await cache.read("a")).not.toBeNull(); // a is now more recent than b
    await cache.write("c", bytes(100));
    expect(readdirSync(dir).sort()).toEqual(["a", "c"]);
    expect(await cache.size()).toBe(200);
    expect(await cache.read("b")).toBeNull();
  });

  it("never keeps a file larger than the whole bound", async () => {
    const cache = new DiskCache(dir, 50);
    await cache.write("big", bytes(51));
    expect(await cache.read("big")).toBeNull();
    expect(await cache.size()).toBe(0);
  });

  it("seeds sizes and recency from the folder, evicting the oldest first", async () => {
    mkdirSync(dir, { recursive: true });
    const now = Date.now() / 1000;
    for (const [name, ageSeconds] of [
      ["old", 3000],
      ["middle", 2000],
      ["new", 1000],
    ] as const) {
      writeFileSync(path.join(dir, name), bytes(100));
      utimesSync(path.join(dir, name), now - ageSeconds, now - ageSeconds);
    }
    // Left by a process that died while writing it.
    writeFileSync(path.join(dir, "x.webp.1.2.tmp"), bytes(10));
    utimesSync(path.join(dir, "x.webp.1.2.tmp"), now - 7200, now - 7200);

    const cache = new DiskCache(dir, 300);
    expect(await cache.size()).toBe(300);
    expect(readdirSync(dir)).not.toContain("x.webp.1.2.tmp");
    await cache.write("newest", bytes(100));
    expect(readdirSync(dir).sort()).toEqual(["middle", "new", "newest"]);

    // A smaller bound on an existing folder trims it at once.
    const smaller = new DiskCache(dir, 150);
    expect(await smaller.size()).toBe(100);
    expect(readdirSync(dir)).toEqual(["newest"]);
  });

  it("says whether it holds a file without reading it, and finds one another process wrote", async () => {
    const cache = new DiskCache(dir, 1000);
    await cache.write("a", bytes(10));
    expect(await cache.has("a")).toBe(true);
    expect(await cache.has("b")).toBe(false);
    writeFileSync(path.join(dir, "b"), bytes(20));
    expect(await cache.has("b")).toBe(true);
    expect(await cache.size()).toBe(30);
  });

  it("prunes every file it is not told to keep", async () => {
    const cache = new DiskCache(dir, 1000);
    for (const name of ["a", "b", "c"]) await cache.write(name, bytes(10));
    expect(await cache.prune(new Set(["b"]))).toBe(20);
    expect(readdirSync(dir)).toEqual(["b"]);
    expect(await cache.size()).toBe(10);
  });
});
