import { describe, expect, it } from "vitest";
import { SUBSCRIBE_MODAL_DELAY_MS, subscribeModalAllowed } from "./newsletter.ts";

describe("the subscribe modal", () => {
  it("waits 30 seconds", () => {
    expect(SUBSCRIBE_MODAL_DELAY_MS).toBe(30_000);
  });
  it("never opens over the checkout", () => {
    expect(subscribeModalAllowed("/check-out")).toBe(false);
    expect(subscribeModalAllowed("/check-out/")).toBe(false);
    expect(subscribeModalAllowed("/")).toBe(true);
    expect(subscribeModalAllowed("/cart")).toBe(true);
    expect(subscribeModalAllowed("/check-outs")).toBe(true);
  });
});
