import { Writable } from "node:stream";
import { pino } from "pino";
import type { ServerBuild } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "../../server/app.ts";
import { sitePages } from "../../server/pages.ts";
import { devSiteBuild } from "../support/dev-site.ts";
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

/** The same site with an action on one route, as a form posting back to its page would add. */
function withAction(build: ServerBuild, id: string): ServerBuild {
  const route = build.routes[id]!;
  const module = { ...route.module, action: () => ({ received: true }) };
  return { ...build, routes: { ...build.routes, [id]: { ...route, module } } };
}

describe("a method a page does not take", () => {
  let site: Awaited<ReturnType<typeof devSiteBuild>>;
  let t: TestApp;
  const logs: { level: number; msg: string }[] = [];
  beforeAll(async () => {
    site = await devSiteBuild();
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).trim().split("\n")) logs.push(JSON.parse(line));
        done();
      },
    });
    t = await createTestApp("pglite", { logger: pino({ level: "debug" }, sink) });
  });
  afterAll(async () => {
    await t.close();
    await site.close();
  });
  afterEach(() => {
    logs.length = 0;
    vi.restoreAllMocks();
  });

  const send = async (build: ServerBuild, path: string, init: RequestInit) =>
    createApp(t.deps, { pages: sitePages(t.deps, build) }).request(`http://localhost${path}`, init);

  /** Sends the request and checks it was logged as one request line below error, and nowhere else. */
  async function quietly(answer: () => Promise<Response>) {
    const consoleError = vi.spyOn(console, "error");
    const res = await answer();
    await res.text();
    expect(consoleError).not.toHaveBeenCalled();
    expect(logs.filter((l) => l.level >= 50)).toEqual([]);
    expect(logs.map((l) => l.msg)).toEqual(["request"]);
    return res;
  }

  it.each(["POST", "PUT", "PATCH", "DELETE", "OPTIONS"])(
    "answers %s with 405 and Allow, logging no error",
    async (method) => {
      for (const path of ["/shop", "/", "/products/1", "/no-such-page"]) {
        const res = await quietly(() =>
          send(site.build, path, { method, body: method === "POST" ? "a=1" : undefined }),
        );
        expect(res.status, `${method} ${path}`).toBe(405);
        expect(res.headers.get("allow"), `${method} ${path}`).toBe("GET, HEAD");
        logs.length = 0;
      }
    },
  );

  it("refuses a form posted from another site with 403, not a logged refusal", async () => {
    for (const origin of ["https://elsewhere.example", "null"]) {
      const res = await quietly(() =>
        send(site.build, "/contact", { method: "POST", body: "a=1", headers: { origin } }),
      );
      expect(res.status, origin).toBe(403);
      logs.length = 0;
    }
  });

  it("still reads the page with GET and HEAD", async () => {
    expect((await send(site.build, "/shop", { method: "GET" })).status).toBe(200);
    expect((await send(site.build, "/shop", { method: "HEAD" })).status).toBe(200);
  });

  it("lets a route with an action take the POST, and the others still answer a quiet 405", async () => {
    const build = withAction(site.build, "routes/contact");
    expect((await send(build, "/contact", { method: "POST", body: "a=1" })).status).toBe(200);
    logs.length = 0;
    const res = await quietly(() => send(build, "/shop", { method: "POST", body: "a=1" }));
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, HEAD");
  });
});
