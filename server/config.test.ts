import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("loadConfig", () => {
  it("defaults to PGlite under ./data on port 3000", () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.dataDir).toBe(path.resolve("data"));
    expect(c.mailchimp).toBeUndefined();
  });

  it("derives the Mailchimp host from the key's data-centre suffix", () => {
    const c = loadConfig({ MAILCHIMP_API_KEY: "abc123-us21" });
    expect(c.mailchimp?.baseUrl).toBe("https://us21.api.mailchimp.com/3.0");
  });

  it("names every bad setting", () => {
    expect(() => loadConfig({ PORT: "eighty", DATABASE_URL: "not a url" })).toThrowError(ConfigError);
    try {
      loadConfig({ PORT: "eighty", DATABASE_URL: "not a url" });
    } catch (err) {
      expect(String(err)).toMatch(/PORT/);
      expect(String(err)).toMatch(/DATABASE_URL/);
    }
  });

  it("reads TRUST_PROXY as the number of trusted proxies", () => {
    expect(loadConfig({}).trustProxy).toBe(0);
    for (const [value, hops] of [
      ["false", 0],
      ["", 0],
      ["0", 0],
      ["true", 1],
      ["TRUE", 1],
      ["1", 1],
      [" 2 ", 2],
    ] as const)
      expect(loadConfig({ TRUST_PROXY: value }).trustProxy, value).toBe(hops);
  });

  it("refuses a TRUST_PROXY that is neither true, false nor a count", () => {
    for (const value of ["yes", "-1", "1.5", "100"])
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrowError(/TRUST_PROXY/);
  });

  it("refuses a Mailchimp key without a data centre", () => {
    expect(() => loadConfig({ MAILCHIMP_API_KEY: "nodash" })).toThrowError(/MAILCHIMP_API_KEY/);
  });
});
