import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app.ts";
import { withCachedAnswers } from "../../server/http/cached-answers.ts";
import { listen, type RunningServer } from "../../server/http/listen.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

describe("repeat GETs answered from the cache before routing", () => {
  let t: TestApp;
  let server: RunningServer;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp("pglite");
    const app = createApp(t.deps);
    server = await listen({
      listener: withCachedAnswers(t.deps.cache, t.deps.logger, getRequestListener(app.fetch)),
      port: 0,
      host: "127.0.0.1",
      logger: t.deps.logger,
      timeoutMs: 1000,
      onClosed: async () => {},
    });
    base = `http://127.0.0.1:${server.port}`;
  });
  afterAll(async () => {
    await server.stop();
    await t.close();
  });

  const target = "/api/Website/search?query=walnut";
  const same = (a: Response, b: Response) => {
    for (const h of ["content-type", "etag", "cache-control", "vary"])
      expect(b.headers.get(h), h).toBe(a.headers.get(h));
  };

  it("answers the second request with the same bytes and headers, and a fresh request id", async () => {
    const first = await fetch(base + target);
    expect(t.deps.cache.forTarget(target)).toBeDefined();
    const second = await fetch(base + target);
    expect(second.status).toBe(200);
    same(first, second);
    expect(await second.text()).toBe(await first.text());
    expect(second.headers.get("x-request-id")).toBeTruthy();
    expect(second.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));
  });

  it("honours If-None-Match and gzip on the direct path", async () => {
    const first = await fetch(`${base}/api/Products`);
    const etag = first.headers.get("etag")!;
    expect(t.deps.cache.forTarget("/api/Products")).toBeDefined();
    expect((await fetch(`${base}/api/Products`, { headers: { "if-none-match": etag } })).status).toBe(304);
    const zipped = await fetch(`${base}/api/Products`, { headers: { "accept-encoding": "gzip" } });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(await zipped.text()).toBe(await first.text());
  });

  it("forgets every target when the cache is invalidated, and routes them again", async () => {
    await fetch(base + target);
    t.deps.cache.invalidate();
    expect(t.deps.cache.forTarget(target)).toBeUndefined();
    const again = await fetch(base + target);
    expect(again.status).toBe(200);
    expect(t.deps.cache.forTarget(target)).toBeDefined();
  });

  it("leaves other methods and unknown targets to the app", async () => {
    await fetch(base + target);
    const post = await fetch(base + target, { method: "POST" });
    expect(post.status).toBe(404);
    const bad = await fetch(`${base}/api/HomePage?takeProducts=abc`);
    expect(bad.status).toBe(400);
    expect(t.deps.cache.forTarget("/api/HomePage?takeProducts=abc")).toBeUndefined();
  });
});
