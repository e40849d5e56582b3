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

  it("refuses a Mailchimp key without a data centre", () => {
    expect(() => loadConfig({ MAILCHIMP_API_KEY: "nodash" })).toThrowError(/MAILCHIMP_API_KEY/);
  });
});
