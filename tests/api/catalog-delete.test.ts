/**
 * Deleting from the back office (server/studio/deleting.ts, routes/studio/delete.tsx): a piece
 * no order refers to is asked about first, then goes from the listing, search, the sitemap, its
 * page and the file store (and the data folder, which the start would copy back); a sold one is
 * archived instead, and the page names the order; a slab, a content entry and a species go with
 * their files; staff and hostile addresses are refused.
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { archivedSpecies } from "../../server/catalog/archived-species.ts";
import * as s from "../../server/db/schema.ts";
import { productKeys, speciesKeys } from "../../server/studio/deleting.ts";
import {
  csrfOf,
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

/** A page's HTML without the markers React puts between pieces of text. */

/** Stores a small file under each key, in the store and in the data folder (as a first start leaves them). */
async function storeFiles(t: TestApp, keys: string[]) {
  for (const key of keys) {
    await t.deps.files.put(key, Buffer.from(`picture ${key}`), "image/jpeg");
    const file = path.join(t.dataDir, key);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `picture ${key}`);
  }
}

/** A paid order with one line (a piece, or a Divergence table of `species`). */
async function orderOf(
  t: TestApp,
  line: { kind: "product"; itemId: number } | { kind: "divergence"; species: string },
) {
  const ref = `HW-${Math.random().toString(36).slice(2, 10).toUpperCase()}`;
  const [order] = await t.deps.database.db
    .insert(s.orders)
    .values({
      orderRef: ref,
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
  await t.deps.database.db.insert(s.orderLines).values({
    orderId: order!.id,
    kind: line.kind,
    itemId: line.kind === "product" ? line.itemId : 1,
    title: "A sold thing",
    unitPrice: 100,
    quantity: 1,
    total: 100,
    details: line.kind === "divergence" ? { species: line.species, size: '72" x 40"' } : {},
  });
  return order!;
}

describe.each(dbKinds)("deleting from the back office on %s", (kind: DbKind) => {
  let t: TestApp;
  let send: Send;
  let session: { cookie: string; csrf: string };

  beforeAll(async () => {
    ({ t, send, session } = await signedInApp(kind, siteBuild()));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const get = (p: string) => send(p, { headers: { cookie: session.cookie } });
  const post = (p: string, fields: Record<string, string> = {}) =>
    send(p, { method: "POST", body: formBody({ csrf: session.csrf, ...fields }), headers: { cookie: session.cookie } });
  const db = () => t.deps.database.db;

  it("asks first, then deletes an unsold piece with its variants from the listing, search, sitemap, its page and the files", async () => {
    const [variant] = await db().select().from(s.products).where(isNotNull(s.products.parentId)).limit(1);
    const [piece] = await db().select().from(s.products).where(eq(s.products.id, variant!.parentId!));
    const group = await db().select().from(s.products).where(eq(s.products.parentId, piece!.id));
    const keys = [piece!, ...group].flatMap(productKeys);
    expect(keys.length).toBeGreaterThan(1);
    await storeFiles(t, keys);
    const word = piece!.title.split(" ")[0]!;
    // The caches hold the listing, search, the sitemap and its page before the deletion.
    for (const p of ["/api/products", `/api/website/search?query=${encodeURIComponent(word)}`, "/sitemap.xml"])
      await t.request(p);
    expect((await send(`/products/${piece!.id}`)).status).toBe(200);
    expect((await t.request(`/${keys[0]}`)).status).toBe(200);

    const ask = await get(`/studio/catalog/products/${piece!.id}/delete`);
    expect(ask.status).toBe(200);
    const page = await textOf(ask);
    expect(page).toContain(`Delete ${piece!.title.replace(/'/g, "&#x27;")}?`);
    expect(page).toContain("its variant");
    expect(page).toContain(`action="/studio/catalog/products/${piece!.id}/delete" method="post"`);
    // The piece's own page leads there; nothing is deleted by opening it.
    expect(await (await get(`/studio/catalog/products/${piece!.id}`)).text()).toContain(
      `/studio/catalog/products/${piece!.id}/delete`,
    );

    const done = await post(`/studio/catalog/products/${piece!.id}/delete`);
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe(`/studio/catalog?deleted=${encodeURIComponent(piece!.title)}`);
    expect(await (await get(done.headers.get("location")!)).text()).toContain("is deleted");

    const ids = [piece!.id, ...group.map((v) => v.id)];
    for (const id of ids) expect(await db().select().from(s.products).where(eq(s.products.id, id))).toHaveLength(0);
    const listed = (await (await t.request("/api/products")).json()) as { id: number }[];
    expect(listed.map((p) => p.id)).not.toContain(piece!.id);
    expect((await t.request(`/api/products/${piece!.id}`)).status).toBe(404);
    const found = await (await t.request(`/api/website/search?query=${encodeURIComponent(word)}`)).text();
    expect(found).not.toContain(piece!.title);
    expect(await (await t.request("/sitemap.xml")).text()).not.toContain(`/products/${piece!.id}<`);
    expect((await send(`/products/${piece!.id}`)).status).toBe(404);
    for (const key of keys) {
      expect((await t.request(`/${key}`)).status).toBe(404);
      expect(existsSync(path.join(t.dataDir, key))).toBe(false);
    }
    const [entry] = await db()
      .select()
      .from(s.auditLog)
      .where(and(eq(s.auditLog.action, "piece.delete"), eq(s.auditLog.entityId, String(piece!.id))));
    expect(entry!.staffEmail).toBe("maker@studio.test");
    expect(JSON.stringify(entry!.before)).toContain(piece!.title);
  });

  it("archives a sold piece instead, and the page says which order keeps it", async () => {
    const [piece] = await db()
      .select()
      .from(s.products)
      .where(and(isNull(s.products.parentId), eq(s.products.visibility, "Visible")))
      .limit(1);
    const keys = productKeys(piece!);
    await storeFiles(t, keys);
    const order = await orderOf(t, { kind: "product", itemId: piece!.id });

    const ask = await textOf(await get(`/studio/catalog/products/${piece!.id}/delete`));
    expect(ask).toMatch(
      new RegExp(`Sold on order <span><a [^>]*href="/studio/orders/${order.id}"[^>]*>${order.orderRef}</a>`),
    );
    expect(ask).toContain("Archive ");

    const done = await post(`/studio/catalog/products/${piece!.id}/delete`);
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe(`/studio/catalog/products/${piece!.id}/delete?archived=1`);
    const said = await textOf(await get(done.headers.get("location")!));
    expect(said).toContain("Archived instead of deleted: sold on");
    expect(said).toContain(order.orderRef);
    expect(said).toContain("so the order keeps its record");

    const [kept] = await db().select().from(s.products).where(eq(s.products.id, piece!.id));
    expect(kept!.visibility).toBe("Hidden");
    expect((await t.request(`/api/products/${piece!.id}`)).status).toBe(404);
    expect((await send(`/products/${piece!.id}`)).status).toBe(404);
    // The order's record keeps its pictures.
    expect((await t.request(`/${keys[0]}`)).status).toBe(200);
    const [entry] = await db()
      .select()
      .from(s.auditLog)
      .where(and(eq(s.auditLog.action, "piece.archive"), eq(s.auditLog.entityId, String(piece!.id))));
    expect(JSON.stringify(entry!.after)).toContain(order.orderRef);
  });

  it("deletes a slab, a portfolio project and a carousel slide with their files", async () => {
    const [slab] = await db().select().from(s.slabs).limit(1);
    const [project] = await db().select().from(s.portfolioProjects).limit(1);
    const [slide] = await db().select().from(s.carouselItems).limit(1);
    const keys = {
      slab: slab!.images.map((i) => `images/slabs/${i.fileName}`),
      project: project!.images.map((i) => `images/projects/${i.fileName}`),
      slide: [`images/carousel/${slide!.fileName}`],
    };
    // A file another row still names stays: a second slide shows the same picture.
    const [twin] = await db()
      .insert(s.carouselItems)
      .values({ ...slide!, id: undefined, title: "The same picture again" })
      .returning();
    await storeFiles(t, [...keys.slab, ...keys.project, ...keys.slide]);

    expect((await post(`/studio/catalog/slabs/${slab!.id}/delete`)).headers.get("location")).toContain(
      "/studio/catalog?deleted=",
    );
    expect((await t.request(`/api/slabs/${slab!.id}`)).status).toBe(404);
    for (const key of keys.slab) expect((await t.request(`/${key}`)).status).toBe(404);

    const ask = await get(`/studio/content/portfolio/${project!.id}/delete`);
    expect(ask.status).toBe(200);
    const gone = await post(`/studio/content/portfolio/${project!.id}/delete`);
    expect(gone.headers.get("location")).toBe("/studio/content/portfolio?removed=1");
    const projects = (await (await t.request("/api/portfolios")).json()) as { id: number }[];
    expect(projects.map((p) => p.id)).not.toContain(project!.id);
    for (const key of keys.project) expect((await t.request(`/${key}`)).status).toBe(404);

    expect((await post(`/studio/content/carousel/${slide!.id}/delete`)).status).toBe(302);
    expect((await t.request(`/${keys.slide[0]}`)).status).toBe(200);
    expect((await post(`/studio/content/carousel/${twin!.id}/delete`)).status).toBe(302);
    expect((await t.request(`/${keys.slide[0]}`)).status).toBe(404);
    const [entry] = await db()
      .select()
      .from(s.auditLog)
      .where(and(eq(s.auditLog.action, "project.delete"), eq(s.auditLog.entityId, String(project!.id))));
    expect(JSON.stringify(entry!.before)).toContain(project!.title);
  });

  it("deletes an unsold Divergence species with its pictures, and archives a sold one out of the builder", async () => {
    const species = await db().select().from(s.divergenceSpecies).limit(2);
    const [free, sold] = species as [typeof s.divergenceSpecies.$inferSelect, typeof s.divergenceSpecies.$inferSelect];
    await storeFiles(t, speciesKeys(free));
    const order = await orderOf(t, { kind: "divergence", species: sold.name });

    expect(await (await get(`/studio/catalog/divergence/species/${free.id}/delete`)).text()).toContain("size");
    const done = await post(`/studio/catalog/divergence/species/${free.id}/delete`);
    expect(done.headers.get("location")).toBe("/studio/catalog/divergence?removed=1");
    expect(await db().select().from(s.divergenceSizes).where(eq(s.divergenceSizes.speciesId, free.id))).toHaveLength(0);
    // Its own pictures go; its finish pictures are a Divergence piece's photos too, and stay.
    const own = speciesKeys(free).filter((k) => k.startsWith("images/divergenceSpecies/"));
    expect(own.length).toBeGreaterThan(0);
    for (const key of own) expect((await t.request(`/${key}`)).status).toBe(404);

    const archived = await post(`/studio/catalog/divergence/species/${sold.id}/delete`);
    expect(archived.headers.get("location")).toContain("?archived=1");
    expect(await (await get(archived.headers.get("location")!)).text()).toContain(order.orderRef);
    expect(await archivedSpecies(db())).toContain(sold.id);
    expect(await textOf(await get("/studio/catalog/divergence"))).toContain(
      `${sold.name}</a> <span class="studio-muted">archived: sold on an order`,
    );
    const builder = (await (await t.request("/api/divergence/getdivergencevariants/1")).json()) as {
      variantSpecies: { id: number }[];
    };
    const shown = builder.variantSpecies.map((v) => v.id);
    expect(shown).not.toContain(free.id);
    expect(shown).not.toContain(sold.id);
  });

  it("refuses staff (403) and hostile addresses or posts with a clear 4xx", async () => {
    await staffMember(t.deps, "helper@studio.test", "staff");
    const helper = await signIn(send, "helper@studio.test", STAFF_PASSWORD, "198.51.100.9");
    const [slab] = await db().select().from(s.slabs).limit(1);
    const asHelper = (p: string, method = "GET") =>
      send(p, {
        method,
        headers: { cookie: helper.cookie },
        body: method === "POST" ? formBody({ csrf: helper.csrf }) : undefined,
      });
    for (const p of [`/studio/catalog/slabs/${slab!.id}/delete`, "/studio/demo"]) {
      expect((await asHelper(p)).status).toBe(403);
      expect((await asHelper(p, "POST")).status).toBe(403);
    }
    expect(await db().select().from(s.slabs).where(eq(s.slabs.id, slab!.id))).toHaveLength(1);
    expect(
      await (await send(`/studio/catalog/slabs/${slab!.id}`, { headers: { cookie: helper.cookie } })).text(),
    ).not.toContain("/delete");

    for (const p of [
      "/studio/catalog/widgets/1/delete",
      "/studio/catalog/slabs/abc/delete",
      "/studio/catalog/slabs/99999999999/delete",
      "/studio/catalog/slabs/2147483000/delete",
      "/studio/content/nothing/1/delete",
      "/studio/catalog/divergence/species/-1/delete",
    ]) {
      expect((await get(p)).status, p).toBe(404);
      const res = await post(p);
      expect(res.status, p).toBeGreaterThanOrEqual(400);
      expect(res.status, p).toBeLessThan(500);
    }
    const missing = await post("/studio/catalog/slabs/2147483000/delete");
    expect(await missing.text()).toContain("No such slab.");
    // Without the session's token nothing goes.
    const forged = await send(`/studio/catalog/slabs/${slab!.id}/delete`, {
      method: "POST",
      body: formBody({ csrf: "forged" }),
      headers: { cookie: session.cookie },
    });
    expect(forged.status).toBe(403);
    expect(await db().select().from(s.slabs).where(eq(s.slabs.id, slab!.id))).toHaveLength(1);
    expect(csrfOf(await (await get(`/studio/catalog/slabs/${slab!.id}/delete`)).text())).toBe(session.csrf);
  });
});
