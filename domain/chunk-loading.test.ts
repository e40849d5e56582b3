import { describe, expect, it } from "vitest";
import { CHUNK_TIMEOUT_MS, nextChunkTry } from "./chunk-loading.ts";

describe("nextChunkTry", () => {
  it("waits 1, 2, 4, 8, 16 s, then 30 s at most, and tries a last time at the timeout", () => {
    const waits: number[] = [];
    let elapsed = 0;
    for (let failures = 1; ; failures++) {
      const wait = nextChunkTry(elapsed, failures);
      if (wait === null) break;
      waits.push(wait);
      elapsed += wait;
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 29_000]);
    expect(elapsed).toBe(CHUNK_TIMEOUT_MS);
  });

  it("gives up once the timeout has passed, however few tries were made", () => {
    expect(nextChunkTry(CHUNK_TIMEOUT_MS, 1)).toBeNull();
    expect(nextChunkTry(CHUNK_TIMEOUT_MS + 5_000, 2)).toBeNull();
  });

  it("never waits past the timeout", () => {
    expect(nextChunkTry(CHUNK_TIMEOUT_MS - 300, 6)).toBe(300);
  });
});
