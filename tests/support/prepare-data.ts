// A data folder ready for a server in seconds: the database migrated and seeded, the images
// marked as drawn (tests that start their own server need none). With --hostile, every field
// the site renders as HTML carries scripts, handlers and javascript: links, for the journey
// that checks none of it runs. Prints the ids it changed.
//   tsx tests/support/prepare-data.ts <data-dir> [--hostile]
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { eq, isNull } from "drizzle-orm";
import { content } from "../../seed/content/index.ts";
import { seedDatabase } from "../../seed/seed.ts";
import { openDatabase } from "../../server/db/client.ts";
import * as t from "../../server/db/schema.ts";
import { imagesMarker } from "../../server/images/prepare-images.ts";

/** Each payload sets window.__hostile if it ever runs. */
const HOSTILE = [
  `<img src="x" onerror="window.__hostile='img'">`,
  `<script>window.__hostile='script'</script>`,
  `<a href="javascript:window.__hostile='link'">Read more</a>`,
  `<svg onload="window.__hostile='svg'"></svg>`,
  `<iframe srcdoc="<script>parent.__hostile='frame'</script>"></iframe>`,
  `<p style="background:url(javascript:window.__hostile='css')">Still readable text.</p>`,
].join("");

const dir = process.argv[2];
if (!dir) throw new Error("usage: tsx tests/support/prepare-data.ts <data-dir> [--hostile]");
const database = await openDatabase({ kind: "pglite", dataDir: path.join(dir, "db") });
await database.migrate();
await seedDatabase(database.db, content);
const { db } = database;
const hostile = process.argv.includes("--hostile");
const [product] = await db.select().from(t.products).where(isNull(t.products.parentId)).limit(1);
const [slab] = await db.select().from(t.slabs).limit(1);
const [post] = await db.select().from(t.mediaPosts).limit(1);
if (hostile) await makeHostile();
await database.close();

async function makeHostile() {
  await db
    .update(t.products)
    .set({ description: HOSTILE, specification: HOSTILE })
    .where(eq(t.products.id, product!.id));
  await db.update(t.slabs).set({ description: HOSTILE }).where(eq(t.slabs.id, slab!.id));
  const [faq] = await db.select().from(t.faqSections).limit(1);
  await db
    .update(t.faqSections)
    .set({ content: faq!.content.map((q) => ({ ...q, answer: HOSTILE })) })
    .where(eq(t.faqSections.id, faq!.id));
  await db.update(t.mediaPosts).set({ content: HOSTILE }).where(eq(t.mediaPosts.id, post!.id));
  await db.update(t.announcements).set({ content: `Sale ${HOSTILE}` });
}

mkdirSync(path.join(dir, "images"), { recursive: true });
writeFileSync(imagesMarker(dir, content), "prepared for a test: no images needed\n");
console.log(JSON.stringify({ product: product!.id, slab: slab!.id, post: post!.id }));
