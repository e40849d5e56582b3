import { describe, expect, it } from "vitest";
import type { PageHandler } from "../../server/app.ts";
import { serveApp } from "../../server/serve.ts";
import { createTestApp } from "../support/test-app.ts";

// Stopping the server closes the test app's database as well.
describe("a just-started server renders its first page before listening", () => {
  it("renders the home page once, before a visitor can connect", async () => {
    const t = await createTestApp("pglite");
    const asked: string[] = [];
    let listening = false;
    const pages: PageHandler = async (request) => {
      asked.push(`${new URL(request.url).pathname} ${listening ? "after" : "before"}`);
      return new Response("<!doctype html><title>Home</title>", { headers: { "content-type": "text/html" } });
    };
    const running = await serveApp(t.deps, { port: 0, host: "127.0.0.1" }, { pages, clientDir: t.dataDir });
    listening = true;
    try {
      expect(asked).toEqual(["/ before"]);
      const res = await fetch(`http://127.0.0.1:${running.port}/shop`);
      expect(res.status).toBe(200);
      expect(asked).toEqual(["/ before", "/shop after"]);
    } finally {
      await running.stop();
    }
  });

  it("still starts when that page fails", async () => {
    const u = await createTestApp("pglite");
    const pages: PageHandler = async () => {
      throw new Error("the renderer broke");
    };
    const running = await serveApp(u.deps, { port: 0, host: "127.0.0.1" }, { pages, clientDir: u.dataDir });
    try {
      expect((await fetch(`http://127.0.0.1:${running.port}/healthz`)).status).toBe(200);
    } finally {
      await running.stop();
    }
  });
});
