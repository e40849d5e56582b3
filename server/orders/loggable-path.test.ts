import { describe, expect, it } from "vitest";
import { loggablePath } from "./links.ts";

const TOKEN = "Q2xhc3NpY1dhbG51dFRhYmxlT3JkZXJUb2tlbjEyMzQ1";

describe("loggablePath", () => {
  it("masks an order's or a quote's token however the path is written", () => {
    for (const written of [
      `/orders/${TOKEN}`,
      `/Orders/${TOKEN}`,
      `/ORDERS/${TOKEN}`,
      `//orders/${TOKEN}`,
      `///Orders//${TOKEN}`,
      `/orders/${TOKEN}.data`,
      `/orders/${TOKEN}/receipt.pdf`,
      `/QUOTES/${TOKEN}`,
      `/%6Frders/${TOKEN}`,
      `/orders%2F${TOKEN}`,
    ])
      expect(loggablePath(written), written).not.toContain(TOKEN.slice(0, 12));
  });

  it("leaves other paths as they are", () => {
    expect(loggablePath("/products/12")).toBe("/products/12");
    expect(loggablePath("/studio/orders/41")).toBe("/studio/orders/41");
    expect(loggablePath("/api/Products")).toBe("/api/Products");
  });
});
