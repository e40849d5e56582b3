import { describe, expect, it } from "vitest";
import { hashPassword, passwordProblem, verifyPassword } from "./passwords.ts";

describe("staff passwords", () => {
  it("keeps only a salted scrypt hash that names its parameters, and checks against it", async () => {
    const hash = await hashPassword("walnut-and-steel-2026");
    expect(hash).toMatch(/^scrypt\$15\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(hash).not.toContain("walnut");
    expect(await hashPassword("walnut-and-steel-2026")).not.toBe(hash);
    expect(await verifyPassword("walnut-and-steel-2026", hash)).toBe(true);
    expect(await verifyPassword("walnut-and-steel-2025", hash)).toBe(false);
    expect(await verifyPassword("walnut-and-steel-2026", "plain-text")).toBe(false);
    expect(await verifyPassword("walnut-and-steel-2026", hash.replace("$15$", "$40$"))).toBe(false);
  });

  it("matches nothing with no hash (an invited account), without throwing, after a real check's work", async () => {
    const hash = await hashPassword("walnut-and-steel-2026");
    const timed = async (stored: string) => {
      const t0 = performance.now();
      expect(await verifyPassword("walnut-and-steel-2026", stored)).toBe(stored === hash);
      return performance.now() - t0;
    };
    await timed(""); // the decoy is made once, on first use
    const none = Math.min(await timed(""), await timed(""), await timed(""));
    const real = Math.min(await timed(hash), await timed(hash), await timed(hash));
    // Loose on purpose: the check is scrypt's work (tens of ms) against none at all (well under 1 ms).
    expect(none).toBeGreaterThan(real * 0.3);
  });

  it("says why a password cannot be used", () => {
    expect(passwordProblem("short")).toBe("must be at least 12 characters");
    expect(passwordProblem("x".repeat(201))).toBe("must be at most 200 characters");
    expect(passwordProblem("twelve chars")).toBeNull();
  });
});
