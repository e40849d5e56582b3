/**
 * `/metrics` as a scraper and an outsider meet it, on a real listening server (the socket's
 * address decides who is local): Prometheus's text format, read on loopback, refused through a
 * proxy or with a wrong token and read with the right one; counters that move with the traffic
 * answered before the app (cached catalog answers) and by it (pages), with payments and with the
 * mail outbox; and no order page's token in what it shows.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { networkInterfaces, tmpdir } from "node:os";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app.ts";
import { shopBackup } from "../../server/backup/in-shop.ts";
import type { RunningServer } from "../../server/http/listen.ts";
import { createLogger } from "../../server/logger.ts";
import { enqueueMail } from "../../server/mail/outbox.ts";
import { CONTENT_TYPE } from "../../server/metrics/exposition.ts";
import { Metrics } from "../../server/metrics/metrics.ts";
import { sitePages } from "../../server/pages.ts";
import { serveApp } from "../../server/serve.ts";
import { buyShippablePiece } from "../support/buy.ts";
import { devSiteForFile } from "../support/studio.ts";
import { createTestApp, type DbKind, dbKinds, type TestApp } from "../support/test-app.ts";

const TOKEN = "test-metrics-token-0123456789abcdef";
const DECLINED_CARD = "4387751111111038";
const ORDER_LINK = /https?:\/\/[^\s/]+\/orders\/([A-Za-z0-9_-]{43})/;

const siteBuild = devSiteForFile();

/** One sample line: its metric's name, its labels and its value. */
type Sample = { name: string; labels: Record<string, string>; value: number };

/**
 * Reads an exposition strictly: every line a HELP, a TYPE or a sample; each family's HELP and
 * TYPE before its samples; a histogram's buckets cumulative, ending at +Inf equal to its count.
 */
function parseExposition(text: string): Sample[] {
  expect(text.endsWith("\n")).toBe(true);
  const help = new Set<string>();
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  const seen = new Set<string>();
  for (const line of text.slice(0, -1).split("\n")) {
    const meta = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.*)$/.exec(line);
    if (meta) {
      if (meta[1] === "HELP") help.add(meta[2]!);
      else {
        expect(["counter", "gauge", "histogram"]).toContain(meta[3]);
        expect(types.has(meta[2]!), `${meta[2]} typed twice`).toBe(false);
        types.set(meta[2]!, meta[3]!);
      }
      continue;
    }
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})? (\S+)$/.exec(line);
    expect(m, `not a sample line: ${line}`).not.toBeNull();
    const [, name, , rawLabels, rawValue] = m!;
    const labels: Record<string, string> = {};
    if (rawLabels) {
      const pair = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(,|$)/y;
      let at = 0;
      while (at < rawLabels.length) {
        pair.lastIndex = at;
        const p = pair.exec(rawLabels);
        expect(p, `bad labels: ${rawLabels}`).not.toBeNull();
        labels[p![1]!] = p![2]!.replace(/\\n/g, "\n").replace(/\\"/g, '"').replace(/\\\\/g, "\\");
        at = pair.lastIndex;
      }
    }
    const value = rawValue === "+Inf" ? Number.POSITIVE_INFINITY : Number(rawValue);
    expect(Number.isNaN(value) && rawValue !== "NaN", `bad value: ${line}`).toBe(false);
    const family = types.has(name!) ? name! : name!.replace(/_(bucket|sum|count)$/, "");
    expect(help.has(family), `${name} has no HELP before it`).toBe(true);
    expect(types.has(family), `${name} has no TYPE before it`).toBe(true);
    if (family !== name) expect(types.get(family)).toBe("histogram");
    const key = `${name}${rawLabels ?? ""}`;
    expect(seen.has(key), `${key} twice`).toBe(false);
    seen.add(key);
    samples.push({ name: name!, labels, value });
  }
  // Histograms: per series, buckets rising to +Inf, which equals _count.
  for (const [family, type] of types) {
    if (type !== "histogram") continue;
    const series = new Map<string, Sample[]>();
    for (const s of samples.filter((x) => x.name === `${family}_bucket`)) {
      const { le: _le, ...rest } = s.labels;
      const key = JSON.stringify(rest);
      series.set(key, [...(series.get(key) ?? []), s]);
    }
    for (const [key, buckets] of series) {
      let last = 0;
      let bound = Number.NEGATIVE_INFINITY;
      for (const b of buckets) {
        const le = b.labels.le === "+Inf" ? Number.POSITIVE_INFINITY : Number(b.labels.le);
        expect(le).toBeGreaterThan(bound);
        expect(b.value).toBeGreaterThanOrEqual(last);
        bound = le;
        last = b.value;
      }
      expect(buckets.at(-1)!.labels.le).toBe("+Inf");
      const count = samples.find((s) => s.name === `${family}_count` && JSON.stringify(s.labels) === key);
      expect(count?.value, `${family} ${key}: +Inf is the count`).toBe(last);
      expect(samples.some((s) => s.name === `${family}_sum` && JSON.stringify(s.labels) === key)).toBe(true);
    }
  }
  return samples;
}

/** A sample's value (0 when the series is not there yet). */
const sampleValue = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value ?? 0;

const samplesOf = (samples: Sample[], name: string) => samples.filter((s) => s.name === name);

/** Drops a test's PostgreSQL database after the server closed its connections. */
async function dropDatabase(url: string) {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

/** A request over the socket with the headers exactly as given (fetch would add its own). */
function get(
  base: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        body += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** The app with its pages served on a loopback port, as serveApp serves it; stops and cleans up. */
async function servedApp(kind: DbKind, env: Record<string, string>, seed = true) {
  const t = await createTestApp(kind, { env, seed });
  // Figures read afresh on every scrape, so a test sees the outbox move at once.
  t.deps.metrics = new Metrics({ figuresMs: 0 });
  const running: RunningServer = await serveApp(
    t.deps,
    { port: 0, host: "127.0.0.1" },
    { pages: sitePages(t.deps, siteBuild()), clientDir: t.dataDir },
  );
  return {
    t,
    base: `http://127.0.0.1:${running.port}`,
    // The server's stop closes the database and the background work; what is left is the data.
    stop: async () => {
      await running.stop();
      if (t.databaseUrl) await dropDatabase(t.databaseUrl);
      rmSync(t.dataDir, { recursive: true, force: true });
    },
  };
}

describe.each(dbKinds)("/metrics on %s", (kind) => {
  let t: TestApp;
  let base: string;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    ({ t, base, stop } = await servedApp(kind, { METRICS_TOKEN: TOKEN }));
  }, 120_000);
  afterAll(async () => {
    await stop?.();
  });

  const scrape = async () => {
    const res = await get(base, "/metrics");
    expect(res.status).toBe(200);
    return parseExposition(res.body);
  };

  it("answers a scraper on loopback in Prometheus's text format, never to be cached", async () => {
    await get(base, "/api/Products");
    const res = await get(base, "/metrics");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe(CONTENT_TYPE);
    expect(res.headers["cache-control"]).toBe("no-store");
    const samples = parseExposition(res.body);
    const names = new Set(samples.map((s) => s.name));
    for (const name of [
      "http_requests_total",
      "http_request_duration_seconds_bucket",
      "heartwood_outbox_rows",
      "heartwood_outbox_oldest_age_seconds",
      "heartwood_job_lag_seconds",
      "heartwood_pending_orders",
      "heartwood_image_transforms_active",
      "heartwood_image_transforms_waiting",
      "heartwood_image_work_running",
      "heartwood_images_undrawn",
      "process_resident_memory_bytes",
      "nodejs_heap_size_used_bytes",
      "nodejs_heap_size_total_bytes",
      "nodejs_external_memory_bytes",
      "nodejs_array_buffers_bytes",
      "cache_bytes",
      "cache_bound_bytes",
      "process_start_time_seconds",
      "heartwood_ready",
      "heartwood_build_info",
    ])
      expect(names, name).toContain(name);
    expect(sampleValue(samples, "heartwood_ready")).toBe(1);
    expect(sampleValue(samples, "heartwood_queue_query_up")).toBe(1);
    expect(sampleValue(samples, "heartwood_build_info", { database: kind })).toBe(1);
    for (const cache of ["responses", "files", "variants", "libvips"]) {
      expect(sampleValue(samples, "cache_bound_bytes", { cache }), cache).toBeGreaterThan(0);
      expect(
        samples.some((s) => s.name === "cache_bytes" && s.labels.cache === cache),
        cache,
      ).toBe(true);
    }
    expect(sampleValue(samples, "cache_bytes", { cache: "responses" })).toBeGreaterThan(0);
    // The process started before now, within the last hour.
    const started = sampleValue(samples, "process_start_time_seconds");
    expect(started).toBeLessThanOrEqual(Date.now() / 1000);
    expect(started).toBeGreaterThan(Date.now() / 1000 - 3600);
  });

  it("refuses what came through a proxy, or a wrong token, as any unknown address; the token opens it", async () => {
    // What an address that does not exist gets, through the same proxy.
    const unknown = await get(base, "/metricz", { "x-forwarded-for": "203.0.113.9" });
    const refusals: Record<string, string>[] = [
      { "x-forwarded-for": "203.0.113.9" },
      { forwarded: "for=203.0.113.9" },
      { "x-real-ip": "203.0.113.9" },
      { "x-forwarded-for": "203.0.113.9", authorization: `Bearer ${TOKEN.slice(0, -1)}x` },
      { "x-forwarded-for": "203.0.113.9", authorization: "Bearer " },
      { "x-forwarded-for": "203.0.113.9", authorization: `Basic ${TOKEN}` },
      // A wrong token is refused even from this machine.
      { authorization: "Bearer not-the-metrics-token-at-all-no" },
    ];
    for (const headers of refusals) {
      const res = await get(base, "/metrics", headers);
      expect(res.status, JSON.stringify(headers)).toBe(404);
      expect(res.status).toBe(unknown.status);
      expect(res.headers["content-type"]).toBe(unknown.headers["content-type"]);
      expect(res.body).not.toContain("# TYPE");
    }
    const through = await get(base, "/metrics", { "x-forwarded-for": "203.0.113.9", authorization: `Bearer ${TOKEN}` });
    expect(through.status).toBe(200);
    expect(through.headers["cache-control"]).toBe("no-store");
    parseExposition(through.body);
    // In-process (no socket at all) only the token opens it.
    expect((await t.request("/metrics")).status).toBe(404);
    expect((await t.request("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
  });

  it("refuses a scraper on another machine without the token", async () => {
    // This machine's own address on a network interface: not loopback for the socket.
    const outside = Object.values(networkInterfaces())
      .flat()
      .find((a) => a && a.family === "IPv4" && !a.internal)?.address;
    if (!outside) return;
    // A second listener on every address, the same app behind it.
    const server = createServer(getRequestListener(createApp(t.deps).fetch));
    await new Promise<void>((resolve) => server.listen(0, "0.0.0.0", resolve));
    const there = `http://${outside}:${(server.address() as AddressInfo).port}`;
    try {
      expect((await get(there, "/metrics")).status).toBe(404);
      expect((await get(there, "/metrics", { authorization: `Bearer ${TOKEN}` })).status).toBe(200);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("counts cached catalog answers and pages by route, method and status", async () => {
    const before = await scrape();
    const products = { route: "/api/Products", method: "GET", status: "200" };
    const first = await get(base, "/api/Products");
    expect(first.status).toBe(200);
    // Known to the cache now: the next ones are answered before the app (server/http/cached-answers.ts).
    expect(t.deps.cache.forTarget("/api/Products")).toBeDefined();
    await get(base, "/api/Products");
    const etag = String(first.headers.etag);
    expect((await get(base, "/api/Products", { "if-none-match": etag })).status).toBe(304);
    expect((await get(base, "/shop")).status).toBe(200);
    const piece = (JSON.parse(first.body) as { id: number; productId: number | null }[]).find(
      (p) => p.productId === null,
    )!;
    expect((await get(base, `/products/${piece.id}`)).status).toBe(200);
    expect((await get(base, "/no/such/page")).status).toBe(404);
    const after = await scrape();
    const moved = (labels: Record<string, string>) =>
      sampleValue(after, "http_requests_total", labels) - sampleValue(before, "http_requests_total", labels);
    expect(moved(products)).toBe(2);
    expect(moved({ ...products, status: "304" })).toBe(1);
    expect(moved({ route: "/shop", method: "GET", status: "200" })).toBe(1);
    expect(moved({ route: "/products/:id", method: "GET", status: "200" })).toBe(1);
    expect(moved({ route: "other", method: "GET", status: "404" })).toBe(1);
    // The scrape before this one counts too.
    expect(moved({ route: "/metrics", method: "GET", status: "200" })).toBe(1);
    const count = (s: Sample[]) =>
      sampleValue(s, "http_request_duration_seconds_count", { route: "/api/Products", method: "GET" });
    expect(count(after) - count(before)).toBe(3);
  });

  it("counts the checkout's payments: approved, and a declined card", async () => {
    const before = await scrape();
    const approved = await buyShippablePiece(t, { email: "metrics-buyer@example.com" });
    expect(((await approved.res.json()) as { status: string }).status).toBe("approved");
    const declined = await buyShippablePiece(t, { account: DECLINED_CARD });
    expect(((await declined.res.json()) as { status: string }).status).toBe("declined");
    const after = await scrape();
    const moved = (outcome: string) =>
      sampleValue(after, "payments_total", { kind: "checkout", outcome }) -
      sampleValue(before, "payments_total", { kind: "checkout", outcome });
    expect(moved("approved")).toBe(1);
    expect(moved("declined")).toBe(1);
    expect(moved("error")).toBe(0);
    expect(moved("unavailable")).toBe(0);
  });

  it("shows the mail outbox's depth, its oldest row's age and its lag, falling once delivered", async () => {
    await t.deps.mailer.deliverDue();
    const mail = { outbox: "mail_outbox" };
    const before = await scrape();
    expect(sampleValue(before, "heartwood_outbox_rows", { ...mail, status: "pending" })).toBe(0);
    await enqueueMail(t.deps.database.db, [
      { kind: "test", to: "someone@example.com", subject: "Waiting", text: "A mail waiting." },
    ]);
    // As if it had been waiting 40 minutes, due for the last 10.
    await t.deps.database.db.execute(sql`
      update mail_outbox set created_at = now() - interval '40 minutes', next_attempt_at = now() - interval '10 minutes'
       where kind = 'test' and status = 'pending'`);
    const queued = await scrape();
    expect(sampleValue(queued, "heartwood_outbox_rows", { ...mail, status: "pending" })).toBe(1);
    expect(sampleValue(queued, "heartwood_outbox_oldest_age_seconds", mail)).toBeGreaterThanOrEqual(40 * 60);
    expect(sampleValue(queued, "heartwood_job_lag_seconds", mail)).toBeGreaterThanOrEqual(10 * 60);
    expect(sampleValue(queued, "heartwood_job_lag_seconds", mail)).toBeLessThan(40 * 60);
    expect(await t.deps.mailer.deliverDue()).toBeGreaterThanOrEqual(1);
    const delivered = await scrape();
    expect(sampleValue(delivered, "heartwood_outbox_rows", { ...mail, status: "pending" })).toBe(0);
    expect(sampleValue(delivered, "heartwood_outbox_oldest_age_seconds", mail)).toBe(0);
    expect(sampleValue(delivered, "heartwood_job_lag_seconds", mail)).toBe(0);
    expect(samplesOf(delivered, "heartwood_outbox_rows").map((s) => s.labels.outbox)).toContain("subscriptions");
  });

  it("says when npm run backup last wrote a backup, 0 before the first", async () => {
    expect(sampleValue(await scrape(), "heartwood_last_backup_timestamp_seconds", {})).toBe(0);
    const folder = mkdtempSync(path.join(tmpdir(), "hw-metrics-backup-"));
    try {
      expect((await shopBackup(t.deps.database, createLogger("silent"))(path.join(folder, "a.hwbak"))).code).toBe(0);
      const at = sampleValue(await scrape(), "heartwood_last_backup_timestamp_seconds", {});
      expect(Math.abs(at - Date.now() / 1000)).toBeLessThan(120);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("never shows an order page's token, only its route", async () => {
    const email = "metrics-token@example.com";
    const bought = await buyShippablePiece(t, { email });
    expect(bought.res.status).toBe(200);
    const confirmation = (await t.sentMails()).find((m) => m.to === email);
    const token = ORDER_LINK.exec(confirmation!.text)?.[1];
    expect(token).toBeDefined();
    expect((await get(base, `/orders/${token}`)).status).toBe(200);
    await get(base, `/orders/${token}.data`);
    await get(base, `/orders/${token}?from=mail`);
    await get(base, `/quotes/${token}`);
    const res = await get(base, "/metrics");
    expect(res.body).toContain('route="/orders/:token"');
    expect(res.body).not.toContain(token!);
    expect(res.body).not.toContain(token!.slice(0, 12));
    expect(res.body).not.toContain(bought.ref);
  });

  it("reads the database's figures at most every few seconds, however often it is asked", async () => {
    const metrics = new Metrics({ figuresMs: 60_000 });
    const pending = (text: string) =>
      sampleValue(parseExposition(text), "heartwood_outbox_rows", { outbox: "mail_outbox", status: "pending" });
    const first = await metrics.exposition(t.deps);
    await enqueueMail(t.deps.database.db, [
      { kind: "test", to: "someone@example.com", subject: "Kept", text: "A mail waiting." },
    ]);
    const again = await Promise.all([metrics.exposition(t.deps), metrics.exposition(t.deps)]);
    expect(again.map(pending)).toEqual([pending(first), pending(first)]);
    expect(pending(await new Metrics({ figuresMs: 0 }).exposition(t.deps))).toBe(pending(first) + 1);
    await t.deps.mailer.deliverDue();
  });
});

describe.each(dbKinds)("/metrics of a shop not set up yet, on %s", (kind) => {
  let base: string;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ base, stop } = await servedApp(kind, { SEED: "none" }, false));
  }, 120_000);
  afterAll(async () => {
    await stop?.();
  });

  it("answers the local scraper, and anyone else as any other address ('opening soon')", async () => {
    const local = await get(base, "/metrics");
    expect(local.status).toBe(200);
    expect(parseExposition(local.body).length).toBeGreaterThan(0);
    const other = await get(base, "/metricz", { "x-forwarded-for": "203.0.113.9" });
    expect(other.status).toBe(503);
    const refused = await get(base, "/metrics", { "x-forwarded-for": "203.0.113.9" });
    expect(refused.status).toBe(503);
    expect(refused.body).toBe(other.body);
  });
});
