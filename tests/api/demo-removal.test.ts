/**
 * "Remove the demo content" (server/studio/demo.ts, routes/studio/demo.tsx): the seed's rows are
 * known by its record, or by its content for a database seeded before the record; Today offers
 * owners the removal while any is left; after it the API lists, the pages, search and the
 * sitemap show nothing of the demo, its files are gone, the studio's own additions stay, and a
 * demo piece or species an order refers to is archived. Staff may not remove it.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { content } from "../../seed/content/index.ts";
import { DEMO_ROWS } from "../../seed/demo-rows.ts";
import { archivedSpecies } from "../../server/catalog/archived-species.ts";
import * as s from "../../server/db/schema.ts";
import { productKeys } from "../../server/studio/deleting.ts";
import { demoRows } from "../../server/studio/demo.ts";
import {
  devSiteForFile,
  formBody,
  type Send,
  STAFF_PASSWORD,
  signedInApp,
  signIn,
  staffMember,
  textOf,
} from "../support/studio.ts";
import { type DbKind, dbKinds, type TestApp } from "../support/test-app.ts";

const siteBuild = devSiteForFile();

async function storeFiles(t: TestApp, keys: string[]) {
  for (const key of keys) {
    await t.deps.files.put(key, Buffer.from(`picture ${key}`), "image/jpeg");
    const file = path.join(t.dataDir, key);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `picture ${key}`);
  }
}

async function paidOrder(t: TestApp, line: { kind: string; itemId: number; details: Record<string, unknown> }) {
  const [order] = await t.deps.database.db
    .insert(s.orders)
    .values({
      orderRef: `HW-${Math.random().toString(36).slice(2, 10).toUpperCase()}`,
      status: "paid",
      email: "buyer@example.com",
      deliveryName: "Ada Buyer",
      address: { address: "12 Mill Road", city: "Lancaster", region: "PA", postal: "17602", country: "US" },
      subtotal: 100,
      shippingTotal: 0,
      total: 100,
      paidTotal: 100,
      paidAt: new Date(),
    })
    .returning();
  await t.deps.database.db
    .insert(s.orderLines)
    .values({ orderId: order!.id, title: "A sold thing", unitPrice: 100, quantity: 1, total: 100, ...line });
  return order!;
}

/** Words of the demo no page may show once it is removed. */
const DEMO_WORDS = [
  // (The Divergence is the shop's own table builder, which its menu names whatever the catalog holds.)
  ...content.products
    .filter((p) => p.type !== "Divergence")
    .slice(0, 6)
    .map((p) => p.title),
  ...content.slabs.slice(0, 4).map((x) => x.title),
  ...content.bases.slice(0, 3).map((b) => b.title),
  ...content.projects.slice(0, 3).map((p) => p.title),
  // (The founder is the studio's identity, which the studio rewrites itself: not demo content.)
  ...content.employees.map((e) => e.name).filter((name) => name !== content.studio.founderName),
  ...content.testimonials.slice(0, 3).map((r) => r.author),
  ...content.faqs.map((f) => f.section),
  ...content.mediaPosts.slice(0, 3).map((m) => m.title),
  ...content.carousel.map((c) => c.title),
]
  // A one-word title ("Slabs") is the shop's own word too.
  .filter((w) => w.includes(" "))
  .map((w) => w.replace(/&/g, "&amp;").replace(/'/g, "&#x27;"));

const OWN = { title: "Test Bench Own Trestle Table", inventoryId: "TB-0001", file: "own-trestle-0a1b2c3d4e.jpg" };

describe.each(dbKinds)("removing the demo content on %s", (kind: DbKind) => {
  let t: TestApp;
  let send: Send;
  let session: { cookie: string; csrf: string };

  beforeAll(async () => {
    ({ t, send, session } = await signedInApp(kind, siteBuild()));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const get = (p: string, cookie = session.cookie) => send(p, { headers: { cookie } });
  const post = (p: string, fields: Record<string, string> = {}) =>
    send(p, { method: "POST", body: formBody({ csrf: session.csrf, ...fields }), headers: { cookie: session.cookie } });
  const db = () => t.deps.database.db;
  const api = async <T>(p: string) => (await (await t.request(p)).json()) as T;

  it("knows the seed's rows by its record, and by the seed's content where a database has no record", async () => {
    const recorded = await demoRows(db());
    expect(recorded!.products.length).toBeGreaterThan(content.products.length);
    expect(recorded!.slabs).toHaveLength(content.slabs.length);
    const [record] = await db().select().from(s.appSettings).where(eq(s.appSettings.name, DEMO_ROWS));
    await db().delete(s.appSettings).where(eq(s.appSettings.name, DEMO_ROWS));
    try {
      const read = await demoRows(db());
      const sorted = (r: typeof read) =>
        Object.fromEntries(Object.entries(r!).map(([k, v]) => [k, [...(v as (string | number)[])].sort()]));
      expect(sorted(read)).toEqual(sorted(recorded));
    } finally {
      await db().insert(s.appSettings).values(record!);
    }
  });

  it("is offered to owners on Today, not to staff, who may not post it either", async () => {
    expect(await (await get("/studio")).text()).toContain('action="/studio/demo"');
    await staffMember(t.deps, "helper@studio.test", "staff");
    const helper = await signIn(send, "helper@studio.test", STAFF_PASSWORD, "198.51.100.9");
    expect(await (await get("/studio", helper.cookie)).text()).not.toContain('action="/studio/demo"');
    expect((await get("/studio/demo", helper.cookie)).status).toBe(403);
    const refused = await send("/studio/demo", {
      method: "POST",
      body: formBody({ csrf: helper.csrf, confirm: "yes" }),
      headers: { cookie: helper.cookie },
    });
    expect(refused.status).toBe(403);
    expect((await demoRows(db()))!.slabs.length).toBe(content.slabs.length);
  });

  it("asks first, then leaves a shop with none of the demo, the studio's own additions kept and a sold piece archived", async () => {
    // The studio's own piece and testimonial, added beside the demo.
    const [first] = await db().select().from(s.products).where(isNull(s.products.parentId)).limit(1);
    const [own] = await db()
      .insert(s.products)
      .values({
        ...first!,
        id: undefined,
        parentId: null,
        title: OWN.title,
        inventoryId: OWN.inventoryId,
        images: [{ fileName: OWN.file }],
        visibility: "Visible",
        searchText: "test bench own trestle table",
      })
      .returning();
    await db().insert(s.testimonials).values({ message: "Our own buyer's words.", rating: 5, author: "Ruth Own" });
    // A demo piece and a demo species were bought while the studio tried its shop.
    const [sold] = await db().select().from(s.products).where(isNull(s.products.parentId)).offset(3).limit(1);
    const soldOrder = await paidOrder(t, { kind: "product", itemId: sold!.id, details: {} });
    const [species] = await db().select().from(s.divergenceSpecies).limit(1);
    await paidOrder(t, { kind: "divergence", itemId: 1, details: { species: species!.name } });
    const [demoPiece] = await db().select().from(s.products).where(isNull(s.products.parentId)).offset(5).limit(1);
    const [studio] = await db().select().from(s.studioConfig);
    const demoKeys = [
      ...productKeys(demoPiece!),
      "images/look-book/look-book.pdf",
      "images/look-book/page-001.jpg",
      ...studio!.founderImages.map((i) => `images/studio/${i.fileName}`),
    ];
    await storeFiles(t, [...demoKeys, `images/products/${OWN.file}`]);
    // The pages' caches hold the demo before the removal.
    for (const p of ["/api/products", "/api/slabs", "/api/testimonials", "/sitemap.xml", "/api/homepage"])
      await t.request(p);

    const ask = await textOf(await get("/studio/demo"));
    const pieces =
      (await db().select({ n: sql<number>`count(*)::int` }).from(s.products).where(isNull(s.products.parentId)))[0]!.n -
      1;
    expect(ask).toContain(`${pieces} pieces`);
    expect(ask).toContain(`${content.slabs.length} slabs`);
    expect(ask).toContain(sold!.title.replace(/'/g, "&#x27;"));
    expect(ask).toMatch(/<input type="checkbox" required="" name="confirm" value="yes"\/>/);

    const unconfirmed = await post("/studio/demo");
    expect(unconfirmed.status).toBe(400);
    expect(await unconfirmed.text()).toContain("Tick the box");
    expect((await demoRows(db()))!.slabs.length).toBe(content.slabs.length);

    const done = await post("/studio/demo", { confirm: "yes" });
    expect(done.status).toBe(302);
    const after = await textOf(await get(done.headers.get("location")!));
    expect(after).toContain("The demo content is removed");
    expect(after).toContain("There is no demo content left");
    expect(await (await get("/studio")).text()).not.toContain('action="/studio/demo"');
    // No Divergence table is left to edit, and the catalog no longer links to one.
    expect(await (await get("/studio/catalog")).text()).not.toContain('href="/studio/catalog/divergence"');

    // The API lists hold only the studio's own.
    expect((await api<{ id: number }[]>("/api/products")).map((p) => p.id)).toEqual([own!.id]);
    for (const p of ["/api/slabs", "/api/bases", "/api/portfolios", "/api/faqs", "/api/team", "/api/media"])
      expect(await api<unknown[]>(p), p).toEqual([]);
    expect((await api<{ author: string }[]>("/api/testimonials")).map((r) => r.author)).toEqual(["Ruth Own"]);
    expect((await t.request("/api/divergence/getdivergencevariants/1")).status).toBe(404);

    // No page, search or the sitemap shows a word of the demo, and every page still renders.
    const sitemap = await (await t.request("/sitemap.xml")).text();
    expect(sitemap).toContain(`/products/${own!.id}`);
    for (const p of [
      "/",
      "/shop",
      "/slabs",
      "/bases",
      "/portfolio",
      "/media",
      "/faqs",
      "/our-story",
      "/search?q=walnut",
    ]) {
      const res = await send(p);
      expect(res.status, p).toBe(200);
      const html = await textOf(res);
      for (const word of DEMO_WORDS) {
        expect(html, `${p}: ${word}`).not.toContain(word);
        expect(sitemap).not.toContain(word);
      }
    }
    // An empty listing says so, rather than blaming filters nobody set.
    const slabsPage = await textOf(await send("/slabs"));
    expect(slabsPage).toContain("No slabs yet");
    expect(slabsPage).not.toContain("Nothing matches these filters");
    expect((await send("/look-book")).status).toBe(404);
    expect((await send("/divergence")).status).toBe(404);
    expect(sitemap).not.toContain("/look-book");
    expect(sitemap).not.toContain("/divergence<");

    // The demo's files are gone; the studio's own photo stays.
    for (const key of demoKeys) expect((await t.request(`/${key}`)).status, key).toBe(404);
    expect((await t.request(`/images/products/${OWN.file}`)).status).toBe(200);

    // The sold piece and species are archived for their orders, not deleted.
    const [kept] = await db().select().from(s.products).where(eq(s.products.id, sold!.id));
    expect(kept!.visibility).toBe("Hidden");
    expect(await archivedSpecies(db())).toEqual([species!.id]);
    expect(soldOrder.orderRef).toMatch(/^HW-/);
    const entries = await db().select().from(s.auditLog).where(eq(s.auditLog.action, "demo.remove"));
    expect(entries).toHaveLength(1);
    expect(entries[0]!.after).toMatchObject({
      deleted: { slabs: content.slabs.length, bases: content.bases.length },
      archived: { pieces: [sold!.title], species: [species!.name] },
    });

    // A second removal finds nothing to do.
    expect((await post("/studio/demo", { confirm: "yes" })).status).toBe(302);
    expect(await db().select().from(s.auditLog).where(eq(s.auditLog.action, "demo.remove"))).toHaveLength(1);
  });
});
