import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveApp } from "../../server/serve.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

describe("security headers", () => {
  let t: TestApp;
  let base: string;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    t = await createTestApp("pglite", { env: { PUBLIC_URL: "https://shop.example.com" } });
    const running = await serveApp(t.deps, { port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${running.port}`;
    stop = running.stop;
  });
  afterAll(async () => {
    await stop();
  });

  it.each(["/api/Products", "/api/Website/search?query=walnut", "/api/nothing-here", "/healthz"])(
    "forbids running, framing and sniffing on %s, also when answered from the cache",
    async (p) => {
      for (let i = 0; i < 2; i++) {
        const res = await fetch(base + p);
        expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
        expect(res.headers.get("x-content-type-options")).toBe("nosniff");
        expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      }
    },
  );

  it("sends HSTS when the site is served over HTTPS", async () => {
    const res = await fetch(`${base}/api/Faqs`);
    expect(res.headers.get("strict-transport-security")).toMatch(/max-age=31536000/);
  });
});

describe("HSTS behind trusted proxies", () => {
  let first: TestApp;
  beforeAll(async () => {
    first = await createTestApp("pglite", { seed: false });
  });
  afterAll(() => first.close());

  it.each([
    ["0", null],
    ["1", "max-age=31536000; includeSubDomains"],
    ["2", "max-age=31536000; includeSubDomains"],
  ])("with TRUST_PROXY=%s, an X-Forwarded-Proto of https gives HSTS %s", async (trustProxy, hsts) => {
    const t = await createTestApp("pglite", { database: first.deps.database, env: { TRUST_PROXY: trustProxy } });
    try {
      const res = await t.request("/healthz", { headers: { "x-forwarded-proto": "https" } });
      expect(res.headers.get("strict-transport-security")).toBe(hsts);
    } finally {
      await t.close();
    }
  });
});
