// Search latency at catalog scale: 100,000 products in PostgreSQL, uncached queries, p95.
import pg from "pg";
import { openDatabase } from "../server/db/client.ts";
import * as t from "../server/db/schema.ts";
import { searchCatalog } from "../server/search/search.ts";
import { productSearchText } from "../server/search/search-text.ts";

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const adminUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const dbName = "heartwood_bench_search";

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${dbName}`);
await admin.end();
const url = new URL(adminUrl);
url.pathname = `/${dbName}`;
const database = await openDatabase({ kind: "postgres", url: url.toString() });
await database.migrate();

// A deterministic catalog vocabulary, so every run searches the same data.
const species = [
  "Black Walnut",
  "Claro Walnut",
  "White Oak",
  "Ambrosia Maple",
  "Spalted Maple",
  "Cherry",
  "Sycamore",
  "Elm",
  "Sapele",
  "Ash",
  "Hickory",
  "Teak",
];
const pieces = [
  "Dining Table",
  "Coffee Table",
  "Side Table",
  "Console",
  "Bench",
  "Desk",
  "Bookshelf",
  "Stool",
  "Cutting Board",
  "Bowl",
  "Mirror",
  "Bed Frame",
  "Nightstand",
  "Credenza",
  "Sideboard",
];
const styles = [
  "Live Edge",
  "Shaker",
  "Trestle",
  "Waterfall",
  "River",
  "Pedestal",
  "Floating",
  "Farmhouse",
  "Modern",
  "Bowtie",
  "Book-matched",
  "Tapered",
];
const categories = [
  "Dining Tables",
  "Coffee Tables",
  "Side Tables",
  "Consoles",
  "Benches",
  "Desks",
  "Shelving",
  "Home Goods",
];
// mulberry32: small, deterministic, and without the correlated low bits of a plain LCG.
let state = 7;
const rand = (n: number) => {
  state = (state + 0x6d2b79f5) | 0;
  let x = Math.imul(state ^ (state >>> 15), 1 | state);
  x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
  return (((x ^ (x >>> 14)) >>> 0) % 2 ** 32) % n;
};

const started = Date.now();
for (let i = 0; i < ROWS; i += 1000) {
  const batch = Array.from({ length: Math.min(1000, ROWS - i) }, (_, j) => {
    const title = `${styles[rand(styles.length)]} ${species[rand(species.length)]} ${pieces[rand(pieces.length)]} No. ${i + j + 1}`;
    const category = categories[rand(categories.length)]!;
    const material = species[rand(species.length)]!;
    return {
      title,
      category,
      material,
      price: 100 + rand(20000),
      stock: rand(5),
      inventoryId: `BENCH-${i + j}`,
      length: 10,
      width: 10,
      height: 10,
      weight: 10,
      searchText: productSearchText({ title, category, material }),
    };
  });
  await database.db.insert(t.products).values(batch);
}
await database.db.execute("ANALYZE products" as never);
console.log(`Seeded ${ROWS} products in ${((Date.now() - started) / 1000).toFixed(1)} s`);

const queries = [
  "walnut",
  "white oak dining",
  "live edge",
  "spalted",
  "maple bench",
  "cherry console",
  "waterfall desk",
  "sycam",
  "book-matched walnut table",
  "river table",
  "teak bowl",
  "no. 4242",
  "hickory stool",
  "farmhouse trestle",
  "ambrosia",
];
for (const q of queries) await searchCatalog(database.db, q); // warm-up
const times: number[] = [];
const slowest = new Map<string, number>();
for (let round = 0; round < 20; round++) {
  for (const q of queries) {
    const s = performance.now();
    await searchCatalog(database.db, q);
    const ms = performance.now() - s;
    times.push(ms);
    slowest.set(q, Math.max(slowest.get(q) ?? 0, ms));
  }
}
times.sort((a, b) => a - b);
const pct = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!.toFixed(2);
console.log(`search over ${ROWS} products (PostgreSQL, uncached, ${times.length} queries):`);
console.log(`  p50 ${pct(50)} ms   p95 ${pct(95)} ms   p99 ${pct(99)} ms   (target p95 <= 15 ms)`);
const worst = [...slowest].sort((a, b) => b[1] - a[1]).slice(0, 3);
console.log(`  slowest queries: ${worst.map(([q, ms]) => `'${q}' ${ms.toFixed(1)} ms`).join(", ")}`);
await database.close();
