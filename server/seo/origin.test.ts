import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { missingPublicUrlWarning, siteOrigin } from "./origin.ts";

describe("the site's origin", () => {
  it("is PUBLIC_URL without its trailing slash", () => {
    expect(siteOrigin(loadConfig({ PUBLIC_URL: "https://shop.example.com/" }))).toBe("https://shop.example.com");
  });

  it("is the address the server listens on without PUBLIC_URL", () => {
    expect(siteOrigin(loadConfig({ PORT: "8080" }))).toBe("http://localhost:8080");
    expect(siteOrigin(loadConfig({ PORT: "8080", HOST: "127.0.0.1" }))).toBe("http://localhost:8080");
    expect(siteOrigin(loadConfig({ PORT: "8080", HOST: "10.0.0.7" }))).toBe("http://10.0.0.7:8080");
    expect(siteOrigin(loadConfig({ PORT: "8080", HOST: "fd00::7" }))).toBe("http://[fd00::7]:8080");
  });
});

describe("the start-up warning about PUBLIC_URL", () => {
  it("tells a production server without PUBLIC_URL what to set", () => {
    const warning = missingPublicUrlWarning(loadConfig({ NODE_ENV: "production", PORT: "3000" }));
    expect(warning).toMatch(/PUBLIC_URL is not set/);
    expect(warning).toContain("http://localhost:3000");
    expect(warning).toMatch(/Set PUBLIC_URL to .*https:\/\//);
  });

  it("stays quiet when PUBLIC_URL is set, and outside production", () => {
    expect(
      missingPublicUrlWarning(loadConfig({ NODE_ENV: "production", PUBLIC_URL: "https://shop.example.com" })),
    ).toBe(undefined);
    expect(missingPublicUrlWarning(loadConfig({ NODE_ENV: "development" }))).toBe(undefined);
    expect(missingPublicUrlWarning(loadConfig({ NODE_ENV: "test" }))).toBe(undefined);
  });
});
