import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/test-app.ts";

describe("API errors", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("pglite");
  });
  afterAll(() => t.close());

  it("answers an unknown /api path with a JSON 404", async () => {
    for (const path of ["/api/nope", "/api", "/api/Products/1/2/3", "/API/Unknown?x=1"]) {
      const res = await t.request(path);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toMatchObject({ error: { code: "not_found", message: expect.any(String) } });
    }
  });

  it("answers a method the route does not take with a JSON 404", async () => {
    const res = await t.request("/api/Products", { method: "POST", body: "{}" });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: "not_found" } });
  });

  it("reports health with the database kind", async () => {
    const res = await t.request("/healthz");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", database: "pglite" });
  });

  it("tags every answer with a request id", async () => {
    const cached = await t.request("/api/Faqs");
    const error = await t.request("/api/nope");
    const a = cached.headers.get("x-request-id");
    const b = error.headers.get("x-request-id");
    expect(a).toBeTruthy();
    expect(b).toBeTruthy();
    expect(a).not.toBe(b);
    const given = await t.request("/api/Faqs", { headers: { "x-request-id": "proxy-42" } });
    expect(given.headers.get("x-request-id")).toBe("proxy-42");
    const hostile = await t.request("/api/Faqs", { headers: { "x-request-id": "<script>" } });
    expect(hostile.headers.get("x-request-id")).not.toBe("<script>");
  });

  it("never answers 500 to malformed query strings", async () => {
    const paths = [
      "/api/HomePage?takeProducts=%FF",
      "/api/Website/search?query=%E0%A4%A",
      "/api/Mailchimp/GetCampaigns?count=%00",
      "/api/images/optimize?filePath=%2e%2e%2fetc",
      "/api/Products/%2e%2e",
    ];
    for (const p of paths) {
      const res = await t.request(p);
      expect(res.status, p).toBeGreaterThanOrEqual(400);
      expect(res.status, p).toBeLessThan(500);
      expect((await res.json()) as object, p).toHaveProperty("error");
    }
  });
});
