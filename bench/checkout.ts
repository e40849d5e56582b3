// Checkout throughput on PostgreSQL: concurrent buyers paying through the whole path (price
// check, stock taken in a transaction, sandbox charge, order and mail recorded, label bought),
// each with its own Idempotency-Key. Reports orders per second and every non-approved answer.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pg from "pg";
import { content } from "../seed/content/index.ts";
import { seedDatabase } from "../seed/seed.ts";
import { loadConfig } from "../server/config.ts";
import { openDatabase } from "../server/db/client.ts";
import { orders, products } from "../server/db/schema.ts";
import { createDeps } from "../server/deps.ts";
import { createLogger } from "../server/logger.ts";
import { serveApp } from "../server/serve.ts";
import { BUYER_ADDRESS, paymentRequest } from "../tests/support/payment-request.ts";
import { GENEROUS_CHECKOUT_LIMITS } from "../tests/support/test-app.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const adminUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const dbName = "heartwood_bench_checkout";

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${dbName}`);
await admin.end();
const url = new URL(adminUrl);
url.pathname = `/${dbName}`;

const dataDir = mkdtempSync(path.join(tmpdir(), "heartwood-bench-checkout-"));
// One client pays thousands of times: the per-client checkout limits are lifted for the bench.
const config = loadConfig({
  ...GENEROUS_CHECKOUT_LIMITS,
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: url.toString(),
  LOG_LEVEL: "warn",
});
const database = await openDatabase({ kind: "postgres", url: url.toString(), max: 10 });
await database.migrate();
await seedDatabase(database.db, content);
const [piece] = await database.db.select().from(products).where(eq(products.customShipping, false)).limit(1);
if (!piece) throw new Error("no shippable product in the seed");
await database.db.update(products).set({ stock: 1_000_000 }).where(eq(products.id, piece.id));

const deps = await createDeps({ config, database, logger: createLogger("warn") });
const running = await serveApp(deps, { port: 0, host: "127.0.0.1" });
const base = `http://127.0.0.1:${running.port}`;

const line = { id: piece.id, quantity: 1 };
const post = (p: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(base + p, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
const quote = (await (await post("/api/shipping/rates", { ...BUYER_ADDRESS, products: [line] })).json()) as {
  rates: { object_id: string; amount: string }[];
};
const rate = quote.rates[0];
if (!rate) throw new Error("no shipping rate");
const unit = piece.salePrice ?? piece.price;
const body = paymentRequest({ id: piece.id, title: piece.title, unit, rate });

let approved = 0;
const failures = new Map<string, number>();
const latencies: number[] = [];
const end = Date.now() + SECONDS * 1000;
let n = 0;
const started = Date.now();
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (Date.now() < end) {
      const t0 = performance.now();
      const res = await post("/api/payment/process-payment", body, { "Idempotency-Key": `bench-${++n}-${started}` });
      const json = (await res.json()) as { status?: string; error?: { code: string } };
      latencies.push(performance.now() - t0);
      if (res.status === 200 && json.status === "approved") approved++;
      else {
        const k = `${res.status} ${json.status ?? json.error?.code}`;
        failures.set(k, (failures.get(k) ?? 0) + 1);
      }
    }
  }),
);
const elapsed = (Date.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]!.toFixed(1);
const paid = (await database.db.select({ id: orders.id }).from(orders).where(eq(orders.status, "paid"))).length;

console.log(
  `Checkout on PostgreSQL, ${CONCURRENCY} concurrent buyers for ${SECONDS} s (sandbox gateway, rate-table labels):`,
);
console.log(`  ${(approved / elapsed).toFixed(1)} orders/s, ${approved} approved, ${paid} paid orders recorded`);
console.log(`  latency p50 ${pct(0.5)} ms, p95 ${pct(0.95)} ms, p99 ${pct(0.99)} ms`);
console.log(`  errors: ${failures.size === 0 ? "none" : JSON.stringify(Object.fromEntries(failures))}`);

await running.stop();
rmSync(dataDir, { recursive: true, force: true });
const cleanup = new pg.Client({ connectionString: adminUrl });
await cleanup.connect();
await cleanup.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
await cleanup.end();
if (failures.size > 0 || paid !== approved) process.exit(1);
