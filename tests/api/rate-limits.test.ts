import { randomUUID } from "node:crypto";
import { like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../server/db/client.ts";
import { subscriptions } from "../../server/db/schema.ts";
import { createTestApp, dbKinds, openTestDatabase, type TestApp } from "../support/test-app.ts";

const LIMIT = 3;
const WINDOW = 600;

/**
 * The form limits counted in the database: apps sharing it (separate pools on PostgreSQL, as
 * separate processes would have) share each client's count, and the client is the address the
 * trusted proxies saw, not whatever the client wrote into X-Forwarded-For.
 */
describe.each(dbKinds)("rate limits shared through the database on %s", (kind) => {
  let owner: { database: Database; dispose: () => Promise<void> };
  let secondPool: Database | undefined;
  let a: TestApp;
  let b: TestApp;
  let twoHops: TestApp;

  beforeAll(async () => {
    const opened = await openTestDatabase(kind);
    owner = opened;
    await opened.database.migrate();
    const env = { FORM_RATE_LIMIT: `${LIMIT}/${WINDOW}`, TRUST_PROXY: "1" };
    secondPool = opened.url ? await openDatabase({ kind: "postgres", url: opened.url, max: 4 }) : undefined;
    a = await createTestApp(kind, { database: opened.database, env });
    b = await createTestApp(kind, { database: secondPool ?? opened.database, env });
    twoHops = await createTestApp(kind, { database: opened.database, env: { ...env, TRUST_PROXY: "2" } });
  });

  afterAll(async () => {
    await Promise.all([a?.close(), b?.close(), twoHops?.close()]);
    await secondPool?.close();
    await owner?.dispose();
  });

  /** A newsletter sign-up with a new address each time, sent through `app` as `forwardedFor`. */
  const subscribe = (app: TestApp, forwardedFor: string, tag: string) =>
    app.request("/api/website/subscribe", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor },
      body: JSON.stringify({ email: `${tag}-${randomUUID()}@example.com` }),
    });
  const signedUp = async (tag: string) =>
    (
      await a.deps.database.db
        .select()
        .from(subscriptions)
        .where(like(subscriptions.email, `${tag}-%`))
    ).length;

  it("lets one client through only the limit across two apps, not the limit in each", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 2 * LIMIT; i++)
      statuses.push((await subscribe(i % 2 === 0 ? a : b, "198.51.100.10", "alternate")).status);
    expect(statuses).toEqual([204, 204, 204, 429, 429, 429]);
    expect(await signedUp("alternate")).toBe(LIMIT);
  });

  it("counts concurrent submissions through both apps one by one", async () => {
    const all = await Promise.all(
      Array.from({ length: 12 }, (_, i) => subscribe(i % 2 === 0 ? a : b, "198.51.100.11", "concurrent")),
    );
    expect(all.filter((r) => r.status === 204)).toHaveLength(LIMIT);
    expect(all.filter((r) => r.status === 429)).toHaveLength(12 - LIMIT);
    expect(await signedUp("concurrent")).toBe(LIMIT);
  });

  it("answers past the limit with 429, Retry-After within the window and the same message", async () => {
    for (let i = 0; i < LIMIT; i++) await subscribe(a, "198.51.100.12", "answer");
    const res = await subscribe(b, "198.51.100.12", "answer");
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(WINDOW - 60);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW);
    expect(await res.json()).toEqual({
      error: {
        code: "too_many_requests",
        message: `Too many submissions. Please try again in ${retryAfter} seconds.`,
      },
    });
  });

  it("counts a client that writes a new first X-Forwarded-For entry each time as one client", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++)
      statuses.push((await subscribe(i % 2 === 0 ? a : b, `10.9.${i}.1, 198.51.100.13`, "spoofed")).status);
    expect(statuses.filter((s) => s === 204)).toHaveLength(LIMIT);
    expect(await signedUp("spoofed")).toBe(LIMIT);
    // Another visitor behind the same proxy has a count of its own.
    expect((await subscribe(a, "198.51.100.14", "neighbour")).status).toBe(204);
  });

  it("with two trusted proxies, takes the second entry from the right as the client", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++)
      statuses.push((await subscribe(twoHops, `10.8.${i}.1, 198.51.100.15, 10.0.0.2`, "two-hops")).status);
    expect(statuses.filter((s) => s === 204)).toHaveLength(LIMIT);
    // The inner proxy's entry is the same for everyone; the visitor left of it decides.
    expect((await subscribe(twoHops, "198.51.100.16, 10.0.0.2", "two-hops-other")).status).toBe(204);
  });
});

describe.each(dbKinds)("the limits store on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { seed: false });
  });
  afterAll(() => t.close());

  it("counts hits in a window, refuses past the limit, and starts afresh once the window has passed", async () => {
    const { limits, database } = t.deps;
    const key = `test:${randomUUID()}`;
    expect(await limits.peek(key, 2, 60)).toEqual({ allowed: true, retryAfterSeconds: 0, count: 0 });
    expect(await limits.hit(key, 2, 60)).toEqual({ allowed: true, retryAfterSeconds: 0, count: 1 });
    expect(await limits.hit(key, 2, 60)).toEqual({ allowed: true, retryAfterSeconds: 0, count: 2 });
    expect(await limits.peek(key, 2, 60)).toMatchObject({ allowed: false, count: 2 });
    const refused = await limits.hit(key, 2, 60);
    expect(refused).toMatchObject({ allowed: false, count: 3 });
    expect(refused.retryAfterSeconds).toBeGreaterThan(50);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);

    await database.db.execute(
      sql`update rate_limits set window_start = now() - interval '61 seconds' where key = ${key}`,
    );
    expect(await limits.peek(key, 2, 60)).toEqual({ allowed: true, retryAfterSeconds: 0, count: 0 });
    expect(await limits.hit(key, 2, 60)).toEqual({ allowed: true, retryAfterSeconds: 0, count: 1 });

    await limits.clear(key);
    expect(await limits.peek(key, 2, 60)).toMatchObject({ count: 0 });
  });

  it("sweeps windows over for more than a day, keeping the rest", async () => {
    const { limits, database } = t.deps;
    const old = `test:${randomUUID()}`;
    const recent = `test:${randomUUID()}`;
    await database.db.execute(sql`
      insert into rate_limits (key, window_start, count)
      values (${old}, now() - interval '25 hours', 5), (${recent}, now() - interval '23 hours', 5)`);
    expect(await limits.sweep()).toBeGreaterThanOrEqual(1);
    const left = await database.db.execute(sql`select key from rate_limits where key in (${old}, ${recent})`);
    expect((left as unknown as { rows: { key: string }[] }).rows.map((r) => r.key)).toEqual([recent]);
  });
});
