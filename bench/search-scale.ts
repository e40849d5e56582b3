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
let seed = 7;
const rand = (n: number) => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed % n;
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
for (let round = 0; round < 20; round++) {
  for (const q of queries) {
    const s = performance.now();
    await searchCatalog(database.db, q);
    times.push(performance.now() - s);
  }
}
times.sort((a, b) => a - b);
const pct = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!.toFixed(2);
console.log(`search over ${ROWS} products (PostgreSQL, uncached, ${times.length} queries):`);
console.log(`  p50 ${pct(50)} ms   p95 ${pct(95)} ms   p99 ${pct(99)} ms   (target p95 <= 15 ms)`);
await database.close();
