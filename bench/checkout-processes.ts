// Checkout with mixed carts across two app processes on one PostgreSQL: buyers pay for carts of
// one to three pieces, in any order and quantity, with a declined card now and then, sent to
// either process. Stock rows are locked in one order and deadlock victims retried, so every
// answer is an approval, a decline or a 409 (sold out / reserved): any 5xx counts as an error,
// and so does stock that does not add up afterwards.
import { type ChildProcess, fork } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import pg from "pg";
import { content } from "../seed/content/index.ts";
import { seedDatabase } from "../seed/seed.ts";
import { openDatabase } from "../server/db/client.ts";
import { products } from "../server/db/schema.ts";
import { BUYER_ADDRESS, paymentRequest } from "../tests/support/payment-request.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const STOCK = 400;
const adminUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const dbName = "heartwood_bench_checkout_procs";

async function adminQuery(text: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(text);
  await admin.end();
}
await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
await adminQuery(`CREATE DATABASE ${dbName}`);
const url = new URL(adminUrl);
url.pathname = `/${dbName}`;

const database = await openDatabase({ kind: "postgres", url: url.toString(), max: 4 });
await database.migrate();
await seedDatabase(database.db, content);
const pieces = (
  await database.db
    .select()
    .from(products)
    .where(and(eq(products.customShipping, false), ne(products.type, "Divergence"), eq(products.status, "Active")))
).slice(0, 4);
const ids = pieces.map((p) => p.id);
await database.db.update(products).set({ stock: STOCK }).where(inArray(products.id, ids));

const dataDir = mkdtempSync(path.join(tmpdir(), "heartwood-bench-procs-"));
const children: ChildProcess[] = [];
const ports: number[] = [];
for (let i = 0; i < 2; i++) {
  const child = fork(path.resolve("tests/support/app-process.ts"), {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, DATABASE_URL: url.toString(), DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  children.push(child);
  ports.push(
    await new Promise<number>((resolve) => child.once("message", (m) => resolve((m as { port: number }).port))),
  );
}

const post = (port: number, p: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`http://127.0.0.1:${port}${p}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

/** A cart of 1–3 distinct pieces in a random order, 1–2 of each, with its quote and figures. */
async function randomCart(port: number) {
  const chosen = [...pieces].sort(() => Math.random() - 0.5).slice(0, 1 + Math.floor(Math.random() * 3));
  const lines = chosen.map((p) => {
    const quantity = 1 + Math.floor(Math.random() * 2);
    const price = p.salePrice ?? p.price;
    return { id: p.id, quantity, title: p.title, price, total: Math.round(price * quantity * 100) / 100 };
  });
  const res = await post(port, "/api/shipping/rates", { ...BUYER_ADDRESS, products: lines });
  const rate = ((await res.json()) as { rates: { object_id: string; amount: string }[] }).rates[0]!;
  const subtotal = lines.reduce((s, l) => s + l.total, 0);
  const first = chosen[0]!;
  return {
    ...paymentRequest({ id: first.id, title: first.title, unit: first.salePrice ?? first.price, rate }),
    products: lines,
    amount: Math.round((subtotal + Number(rate.amount)) * 100) / 100,
  };
}

const outcomes = new Map<string, number>();
const count = (k: string) => outcomes.set(k, (outcomes.get(k) ?? 0) + 1);
const latencies: number[] = [];
let n = 0;
const started = Date.now();
const end = started + SECONDS * 1000;
await Promise.all(
  Array.from({ length: CONCURRENCY }, async (_, worker) => {
    while (Date.now() < end) {
      const port = ports[(worker + n) % 2]!;
      const body = await randomCart(port);
      if (Math.random() < 0.1) body.account = "4387751111111038";
      const t0 = performance.now();
      const res = await post(port, "/api/payment/process-payment", body, {
        "Idempotency-Key": `bench-procs-${++n}-${started}`,
      });
      const json = (await res.json()) as { status?: string; error?: { code: string } };
      latencies.push(performance.now() - t0);
      count(res.status >= 500 ? `error ${res.status}` : `${res.status} ${json.status ?? json.error?.code}`);
    }
  }),
);
const elapsed = (Date.now() - started) / 1000;

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
const ledger = rows<{ id: number; stock: number; sold: number }>(
  await database.db.execute(
    sql.raw(`select p.id, p.stock, coalesce(sum(l.quantity) filter (where o.status = 'paid'), 0)::int as sold
     from products p left join order_lines l on l.item_id = p.id and l.kind = 'product'
     left join orders o on o.id = l.order_id where p.id in (${ids.join(",")}) group by p.id, p.stock`),
  ),
);
const pending = rows<{ n: number }>(
  await database.db.execute(sql`select count(*)::int as n from orders where status = 'pending'`),
)[0]!.n;
const unbalanced = ledger.filter((r) => r.stock + r.sold !== STOCK);
latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]!.toFixed(1);
const approved = outcomes.get("200 approved") ?? 0;
const errors = [...outcomes].filter(([k]) => k.startsWith("error")).reduce((s, [, v]) => s + v, 0);

console.log(`Checkout with mixed carts, two app processes on PostgreSQL, ${CONCURRENCY} buyers for ${SECONDS} s:`);
console.log(
  `  ${(approved / elapsed).toFixed(1)} orders/s approved; answers ${JSON.stringify(Object.fromEntries(outcomes))}`,
);
console.log(`  latency p50 ${pct(0.5)} ms, p95 ${pct(0.95)} ms, p99 ${pct(0.99)} ms`);
console.log(
  `  errors (5xx): ${errors}; stock + sold = ${STOCK} for every piece: ${unbalanced.length === 0}; pending orders left: ${pending}`,
);

for (const child of children) child.kill("SIGTERM");
await Promise.all(children.map((c) => new Promise((r) => c.once("exit", r))));
await database.close();
rmSync(dataDir, { recursive: true, force: true });
await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
if (errors > 0 || unbalanced.length > 0 || pending !== 0) process.exit(1);
