import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webVitals } from "../../server/db/schema.ts";
import { vitalsSummary } from "../../server/vitals/report.ts";
import { createTestApp, dbKinds, type TestApp } from "../support/test-app.ts";

const metric = (name: string, value: number, route = "routes/shop") => ({
  name,
  value,
  navigationType: "navigate",
  route,
});

describe.each(dbKinds)("web vitals on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());
  const send = (body: string, type = "application/json") =>
    t.request("/api/vitals", { method: "POST", headers: { "content-type": type }, body });

  it("stores a batch, also sent as a text/plain beacon", async () => {
    const lcp = [1200, 1800, 2400, 3000].map((v) => metric("LCP", v));
    expect((await send(JSON.stringify({ metrics: [...lcp, metric("CLS", 0.02)] }))).status).toBe(204);
    expect((await send(JSON.stringify({ metrics: [metric("INP", 80, "routes/home")] }), "text/plain")).status).toBe(
      204,
    );
    expect(await t.deps.database.db.select().from(webVitals)).toHaveLength(6);
  });

  it("rates each measurement itself, whatever the browser claims", async () => {
    const claimed = [
      { ...metric("LCP", 5200, "routes/slab"), rating: "good" },
      { ...metric("INP", 350, "routes/slab"), rating: "good" },
      metric("CLS", 0.05, "routes/slab"),
    ];
    expect((await send(JSON.stringify({ metrics: claimed }))).status).toBe(204);
    const rows = await t.deps.database.db.select().from(webVitals);
    const slab = rows.filter((r) => r.route === "routes/slab").map((r) => [r.name, r.rating]);
    expect(slab.sort()).toEqual([
      ["CLS", "good"],
      ["INP", "needs-improvement"],
      ["LCP", "poor"],
    ]);
    await t.deps.database.db.delete(webVitals).where(eq(webVitals.route, "routes/slab"));
  });

  it("summarises p75 per route and metric", async () => {
    const rows = await vitalsSummary(t.deps.database.db, 28);
    expect(rows).toEqual([
      { route: "routes/home", name: "INP", n: 1, p75: 80 },
      { route: "routes/shop", name: "CLS", n: 1, p75: 0.02 },
      { route: "routes/shop", name: "LCP", n: 4, p75: 2550 },
    ]);
  });

  it.each([
    ["an unknown metric", { metrics: [metric("FID", 10)] }, "metrics.0.name"],
    ["an unknown rating", { metrics: [{ ...metric("LCP", 10), rating: "great" }] }, "metrics.0.rating"],
    ["a negative value", { metrics: [metric("LCP", -1)] }, "metrics.0.value"],
    ["an absurd CLS", { metrics: [metric("CLS", 1e9)] }, "metrics.0.value"],
    ["a route with markup", { metrics: [metric("LCP", 1, "<script>")] }, "metrics.0.route"],
    ["an empty batch", { metrics: [] }, "metrics"],
    ["too large a batch", { metrics: Array.from({ length: 51 }, () => metric("LCP", 1)) }, "metrics"],
  ])("refuses %s with 400 naming the field, storing nothing", async (_name, body, field) => {
    const before = (await t.deps.database.db.select().from(webVitals)).length;
    const res = await send(JSON.stringify(body));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { field: string } }).error.field).toBe(field);
    expect(await t.deps.database.db.select().from(webVitals)).toHaveLength(before);
  });

  it("refuses a body that is not JSON", async () => {
    expect((await send("{nope")).status).toBe(400);
  });
});
