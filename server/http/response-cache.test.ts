import { describe, expect, it } from "vitest";
import { ResponseCache } from "./response-cache.ts";

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe("ResponseCache", () => {
  it("builds once for concurrent misses and serves the same bytes after", async () => {
    const cache = new ResponseCache();
    let builds = 0;
    const build = async () => {
      builds += 1;
      await new Promise((r) => setTimeout(r, 10));
      return { n: builds };
    };
    const [a, b] = await Promise.all([cache.get("k", build), cache.get("k", build)]);
    const c = await cache.get("k", build);
    expect(builds).toBe(1);
    expect(a).toBe(b);
    expect(c).toBe(a);
    expect(text(a.body)).toBe('{"n":1}');
    expect(a.etag).toMatch(/^"[\w-]+"$/);
  });

  it("rebuilds after invalidate and never stores a build that raced the invalidation", async () => {
    const cache = new ResponseCache();
    let value = 1;
    let release!: () => void;
    const slow = cache.get("k", async () => {
      const seen = value;
      await new Promise<void>((r) => {
        release = r;
      });
      return seen;
    });
    await new Promise((r) => setTimeout(r, 0));
    value = 2;
    cache.invalidate();
    release();
    expect(text((await slow).body)).toBe("1");
    expect(text((await cache.get("k", async () => value)).body)).toBe("2");
  });

  it("expires answers with a time to live", async () => {
    const cache = new ResponseCache();
    let n = 0;
    await cache.get("k", async () => ++n, 1);
    await new Promise((r) => setTimeout(r, 5));
    const again = await cache.get("k", async () => ++n, 1);
    expect(text(again.body)).toBe("2");
  });

  it("gzips large answers only", async () => {
    const cache = new ResponseCache();
    expect((await cache.get("small", async () => ({ a: 1 }))).gzip).toBeNull();
    expect((await cache.get("large", async () => ({ a: "x".repeat(5000) }))).gzip).not.toBeNull();
  });

  it("holds at most its bytes, dropping the oldest answers first", async () => {
    // Each answer: 1,000 bytes of JSON, counted three times (its value), and its gzip.
    const cache = new ResponseCache(10_000);
    const answer = (n: number) => async () => ({ n, pad: String(n).repeat(1000 - 18) });
    for (let n = 1; n <= 5; n++) await cache.get(`k${n}`, answer(n));
    expect(cache.heldBytes()).toBeLessThanOrEqual(10_000);
    let rebuilt = 0;
    const counted = (n: number) => async () => {
      rebuilt += 1;
      return answer(n)();
    };
    await cache.get("k5", counted(5));
    expect(rebuilt).toBe(0);
    await cache.get("k1", counted(1));
    expect(rebuilt).toBe(1);
    // An answer bigger than the whole bound is answered, not kept.
    const huge = await cache.get("huge", async () => "x".repeat(20_000));
    expect(huge.body.length).toBe(20_002);
    expect(cache.heldBytes()).toBeLessThanOrEqual(10_000);
  });
});
