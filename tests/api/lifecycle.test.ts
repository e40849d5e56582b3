import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { content } from "../../seed/content/index.ts";
import { seedDatabase } from "../../seed/seed.ts";
import { prepareDatabase } from "../../server/bootstrap.ts";
import { openDatabase } from "../../server/db/client.ts";
import * as t from "../../server/db/schema.ts";
import { listen } from "../../server/http/listen.ts";
import { createLogger } from "../../server/logger.ts";
import { dbKinds, openTestDatabase } from "../support/test-app.ts";

const silent = createLogger("silent");

describe("graceful shutdown", () => {
  it("finishes in-flight requests, refuses new ones, then closes the database", async () => {
    const events: string[] = [];
    const running = await listen({
      listener: getRequestListener(async (req) => {
        if (new URL(req.url).pathname === "/slow") {
          await new Promise((r) => setTimeout(r, 300));
          events.push("slow handled");
        }
        return new Response("done");
      }),
      port: 0,
      host: "127.0.0.1",
      logger: silent,
      timeoutMs: 5000,
      onClosed: async () => {
        events.push("closed");
      },
    });
    const base = `http://127.0.0.1:${running.port}`;
    expect(await (await fetch(`${base}/fast`)).text()).toBe("done");
    const slow = fetch(`${base}/slow`).then((r) => r.text());
    await new Promise((r) => setTimeout(r, 50));
    const stopped = running.stop();
    expect(await slow).toBe("done");
    await stopped;
    expect(events).toEqual(["slow handled", "closed"]);
    await expect(fetch(`${base}/fast`)).rejects.toThrow();
  });
});

describe.each(dbKinds)("migrations and seed on %s", (kind) => {
  it("are idempotent: a second run changes nothing", async () => {
    const { database, dispose } = await openTestDatabase(kind);
    try {
      await prepareDatabase(database, content, silent);
      const count = async () => (await database.db.select({ id: t.products.id }).from(t.products)).length;
      const before = await count();
      await prepareDatabase(database, content, silent);
      expect(await seedDatabase(database.db, content)).toBe(false);
      expect(await count()).toBe(before);
    } finally {
      await dispose();
    }
  });

  it("seeds once when two seeders race", async () => {
    const { database, dispose } = await openTestDatabase(kind);
    try {
      await database.migrate();
      const results = await Promise.all([seedDatabase(database.db, content), seedDatabase(database.db, content)]);
      expect(results.filter(Boolean)).toHaveLength(1);
      const rows = await database.db.execute(sql`select count(*)::int as n from studio_config`);
      expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    } finally {
      await dispose();
    }
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))("two processes starting together on an empty PostgreSQL", () => {
  it("migrate it once and seed it once, each waiting for the other's lock", async () => {
    const { database: first, url, dispose } = await openTestDatabase("postgres");
    const second = await openDatabase({ kind: "postgres", url: url!, max: 2 });
    try {
      await Promise.all([prepareDatabase(first, content, silent), prepareDatabase(second, content, silent)]);
      const applied = await first.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      const journal = JSON.parse(readFileSync("server/db/migrations/meta/_journal.json", "utf8")) as {
        entries: unknown[];
      };
      expect((applied as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(journal.entries.length);
      const studios = await first.db.execute(sql`select count(*)::int as n from studio_config`);
      expect((studios as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    } finally {
      await second.close();
      await dispose();
    }
  });
});

describe("embedded database on disk", () => {
  it("keeps its data across restarts", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "heartwood-pglite-"));
    try {
      const first = await openDatabase({ kind: "pglite", dataDir: path.join(dir, "db") });
      await prepareDatabase(first, content, silent);
      const n = (await first.db.select({ id: t.slabs.id }).from(t.slabs)).length;
      await first.close();
      const second = await openDatabase({ kind: "pglite", dataDir: path.join(dir, "db") });
      await second.migrate();
      expect(await seedDatabase(second.db, content)).toBe(false);
      expect((await second.db.select({ id: t.slabs.id }).from(t.slabs)).length).toBe(n);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("embedded database lock", () => {
  it("refuses a second opener while the first holds the folder, and frees it on close", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "heartwood-lock-"));
    const dataDir = path.join(dir, "db");
    try {
      writeFileSync(`${dataDir}.lock`, "1"); // pid 1 is alive: someone else holds it
      await expect(openDatabase({ kind: "pglite", dataDir })).rejects.toThrow(/in use by process 1/);
      writeFileSync(`${dataDir}.lock`, "999999999"); // a dead owner's lock is taken over
      const db = await openDatabase({ kind: "pglite", dataDir });
      expect(readFileSync(`${dataDir}.lock`, "utf8")).toBe(String(process.pid));
      await db.close();
      expect(existsSync(`${dataDir}.lock`)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))("PostgreSQL connections lost while idle", () => {
  it("are reported and replaced, not an uncaught error ending the process", async () => {
    const lost: Error[] = [];
    const { url, dispose } = await openTestDatabase("postgres");
    const database = await openDatabase(
      { kind: "postgres", url: url!, max: 2 },
      { onConnectionError: (e) => lost.push(e) },
    );
    try {
      await database.db.execute(sql`select 1`);
      // The server ends every connection to this (fresh, private) database, as a restart would.
      const name = new URL(url!).pathname.slice(1);
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1", [name]);
      await admin.end();
      await expect.poll(() => lost.length).toBeGreaterThan(0);
      expect((lost[0] as Error & { code?: string }).code).toBe("57P01");
      const rows = await database.db.execute(sql`select 1 as one`);
      expect((rows as unknown as { rows: { one: number }[] }).rows[0]!.one).toBe(1);
    } finally {
      await database.close();
      await dispose();
    }
  });
});
