/**
 * The studio edits the catalog (server/studio/catalog.ts, through the back office's form posts):
 * a slab added with three photos from a phone shows in the listing, on its page, in search and in
 * the sitemap at once; its photos are stored upright, bounded and without their location; a new
 * price reaches the shop and a cart priced before gets the 409 with the fresh price. On
 * PostgreSQL, two more app processes with data folders of their own see the slab and serve its
 * photos within 2 s, through the change feed and the database's file store.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formValue, ITEM_FIELDS } from "../../domain/catalog-fields.ts";
import { auditLog, products, slabs } from "../../server/db/schema.ts";
import { startAppProcesses } from "../support/app-processes.ts";
import {
  BUYER_ADDRESS,
  isShippable,
  type ListedPiece,
  paymentRequest,
  type QuotedRate,
} from "../support/payment-request.ts";
import {
  devSiteForFile,
  pageSender,
  type Send,
  STAFF_PASSWORD,
  signedInApp,
  signIn,
  staffMember,
} from "../support/studio.ts";
import { createTestApp, type DbKind, dbKinds, type TestApp } from "../support/test-app.ts";

const siteBuild = devSiteForFile();

/** A phone's photo: portrait stored sideways with an orientation tag, and a GPS position. */
async function phonePhoto(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 3000, height: 1800, channels: 3, background: colour } })
    .jpeg()
    .withMetadata({ orientation: 6, exif: { IFD3: { GPSLatitudeRef: "N", GPSLatitude: "40/1 2/1 0/1" } } })
    .toBuffer();
}

const SLAB_FIELDS = {
  title: "Quarry Run Sycamore Slab",
  startingPrice: "2150",
  salePrice: "",
  visibility: "Visible",
  category: "Live Edge Slab",
  species: "Sycamore",
  tone: "Light",
  grain: "Ripple figure along one edge",
  length: "104",
  width: "38.5",
  thickness: "2.25",
  seats: "8",
  origin: "Berks County, PA",
  // Left to its length: 104 inches is a dining table's.
  size: "",
  inventoryId: "SY-0451",
  description: "<p>Quartersawn sycamore with a long live edge.</p>",
};

function slabForm(csrf: string, fields: Record<string, string>, photos: Buffer[] = []) {
  const form = new FormData();
  form.append("csrf", csrf);
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const [i, p] of photos.entries())
    form.append("photos", new Blob([new Uint8Array(p)], { type: "image/jpeg" }), `IMG_00${i}.jpg`);
  return form;
}

describe.each(dbKinds)("editing the catalog on %s", (kind: DbKind) => {
  let t: TestApp;
  let send: Send;
  let session: { cookie: string; csrf: string };

  beforeAll(async () => {
    ({ t, send, session } = await signedInApp(kind, siteBuild()));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const postForm = (p: string, form: FormData) =>
    send(p, { method: "POST", body: form, headers: { cookie: session.cookie } });

  it("refuses a slab without photos or with a bad price, naming the field and keeping what was typed", async () => {
    const none = await postForm("/studio/catalog/slabs/new", slabForm(session.csrf, SLAB_FIELDS));
    expect(none.status).toBe(400);
    const html = await none.text();
    expect(html).toContain("Add at least one photo.");
    expect(html).toContain('value="Quarry Run Sycamore Slab"');
    const price = await postForm(
      "/studio/catalog/slabs/new",
      slabForm(session.csrf, { ...SLAB_FIELDS, startingPrice: "lots" }, [await phonePhoto("#a0764f")]),
    );
    expect(price.status).toBe(400);
    expect(await price.text()).toContain("Price: enter an amount");
    const notPhoto = new FormData();
    for (const [k, v] of Object.entries({ csrf: session.csrf, ...SLAB_FIELDS })) notPhoto.append(k, v);
    notPhoto.append("photos", new Blob(["<svg/>"], { type: "image/jpeg" }), "x.jpg");
    const refused = await postForm("/studio/catalog/slabs/new", notPhoto);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Only JPEG, PNG or WebP photos can be added.");
    // A size group the length contradicts: the Length filter would list it elsewhere.
    const size = await postForm(
      "/studio/catalog/slabs/new",
      slabForm(session.csrf, { ...SLAB_FIELDS, size: "Wall art" }, [await phonePhoto("#a0764f")]),
    );
    expect(size.status).toBe(400);
    expect(await size.text()).toContain(
      "Size: a slab 104″ long is listed with the dining tables; choose Dining tables",
    );
    const typed = await postForm(
      "/studio/catalog/slabs/new",
      slabForm(session.csrf, { ...SLAB_FIELDS, size: "Large" }, [await phonePhoto("#a0764f")]),
    );
    expect(typed.status).toBe(400);
    expect(await typed.text()).toContain("Size: choose Wall art, Coffee tables, Dining tables.");
    expect(await t.deps.database.db.select().from(slabs).where(eq(slabs.title, SLAB_FIELDS.title))).toHaveLength(0);
  });

  it("adds a slab with three photos, which the listing, its page, search and the sitemap show at once", async () => {
    // The caches hold the listing, search and sitemap before the change.
    for (const p of ["/api/Slabs", "/api/Website/search?query=sycamore", "/sitemap.xml"]) await t.request(p);
    const photos = await Promise.all(["#a0764f", "#8a5a36", "#6b4a2f"].map(phonePhoto));
    const res = await postForm("/studio/catalog/slabs/new", slabForm(session.csrf, SLAB_FIELDS, photos));
    expect(res.status).toBe(302);
    const id = Number(/\/studio\/catalog\/slabs\/(\d+)/.exec(res.headers.get("location")!)![1]);

    const listed = (await (await t.request("/api/Slabs")).json()) as { id: number; images: { fileName: string }[] }[];
    const slab = listed.find((s) => s.id === id)!;
    expect(slab.images).toHaveLength(3);
    const search = await (await t.request("/api/Website/search?query=sycamore")).json();
    expect(JSON.stringify(search)).toContain(SLAB_FIELDS.title);
    expect(await (await t.request("/sitemap.xml")).text()).toContain(`/slabs/${id}`);
    const page = await send(`/slabs/${id}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(SLAB_FIELDS.title);
    // Its size is its length's group, and the shop shows the measures entered.
    const [stored] = await t.deps.database.db.select().from(slabs).where(eq(slabs.id, id));
    expect(stored!.size).toBe("Dining tables");
    expect(html).toContain("104″ × 38½″ × 2¼″");
    // Its card too, here on the search page.
    expect(await (await send("/search?q=quarry%20run")).text()).toContain("104″ × 38½″ × 2¼″");

    // The photo is served, upright (portrait), no wider than 2400 px, without its position.
    const photo = await t.request(`/images/slabs/${slab.images[0]!.fileName}`);
    expect(photo.status).toBe(200);
    const meta = await sharp(Buffer.from(await photo.arrayBuffer())).metadata();
    expect(meta.height).toBeGreaterThan(meta.width!);
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(2400);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation ?? 1).toBe(1);

    const [entry] = await t.deps.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)));
    expect(entry).toMatchObject({ action: "slab.create", staffEmail: "maker@studio.test" });
  });

  it("changes a price, photo order and alt text; the shop shows the price and a stale cart gets a 409", async () => {
    const [slab] = await t.deps.database.db.select().from(slabs).where(eq(slabs.title, SLAB_FIELDS.title));
    const [a, b, c] = slab!.images.map((i) => i.fileName);
    const form = slabForm(session.csrf, { ...SLAB_FIELDS, startingPrice: "1980" });
    for (const [f, place] of [
      [a, "3"],
      [b, "1"],
      [c, "2"],
    ] as const) {
      form.append("photo", f!);
      form.append(`place-${f}`, place);
    }
    form.append(`alt-${b}`, "The slab's ripple figure in raking light");
    form.append("remove", c!);
    const res = await postForm(`/studio/catalog/slabs/${slab!.id}`, form);
    expect(res.status).toBe(302);
    const [after] = await t.deps.database.db.select().from(slabs).where(eq(slabs.id, slab!.id));
    expect(after!.startingPrice).toBe(1980);
    expect(after!.images).toEqual([{ fileName: b, alt: "The slab's ripple figure in raking light" }, { fileName: a }]);
    const listed = (await (await t.request("/api/Slabs")).json()) as { id: number; startingPrice: number }[];
    expect(listed.find((s) => s.id === slab!.id)!.startingPrice).toBe(1980);
    const page = await (await send(`/slabs/${slab!.id}`)).text();
    expect(page).toContain("$1,980");
    expect(page).toContain('alt="The slab&#x27;s ripple figure in raking light"');
  });
  it("changes a piece's price: the shop shows it, and a cart priced before gets the 409 with the fresh price", async () => {
    const catalog = (await (await t.request("/api/Products")).json()) as ListedPiece[];
    const piece = catalog.find((p) => isShippable(p) && p.salePrice === null)!;
    // The cart was priced, and its shipping quoted, before the studio changed the price.
    const quoted = await t.request("/api/shipping/rates", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...BUYER_ADDRESS, products: [{ id: piece.id, quantity: 1 }] }),
    });
    const rate = ((await quoted.json()) as { rates: QuotedRate[] }).rates[0]!;
    const stale = paymentRequest({ id: piece.id, title: piece.title, unit: piece.price, rate });

    const [row] = await t.deps.database.db.select().from(products).where(eq(products.id, piece.id));
    const fields: Record<string, string> = {};
    for (const f of ITEM_FIELDS.products) fields[f.name] = formValue(f, (row as Record<string, unknown>)[f.name]);
    const newPrice = piece.price + 125;
    const form = slabForm(session.csrf, { ...fields, price: String(newPrice) });
    for (const img of row!.images) form.append("photo", img.fileName);
    const res = await postForm(`/studio/catalog/products/${piece.id}`, form);
    expect(res.status).toBe(302);

    const fresh = (await (await t.request(`/api/Products/${piece.id}`)).json()) as { price: number };
    expect(fresh.price).toBe(newPrice);
    const paid = await t.request("/api/payment/process-payment", {
      method: "POST",
      headers: { "content-type": "application/json", "Idempotency-Key": `stale-${kind}-${Date.now()}` },
      body: JSON.stringify(stale),
    });
    expect(paid.status).toBe(409);
    const answer = (await paid.json()) as { error: { code: string }; fresh: { products: { price: number }[] } };
    expect(answer.error.code).toBe("price_changed");
    expect(JSON.stringify(answer.fresh)).toContain(String(newPrice));
  });

  it("adds a material variant to a piece, whose swatch is made from its first photo and shown on the piece's page", async () => {
    const catalog = (await (await t.request("/api/Products")).json()) as { id: number; productId: number | null }[];
    const parent = catalog.find((p) => p.productId === null)!;
    const [row] = await t.deps.database.db.select().from(products).where(eq(products.id, parent.id));
    const fields: Record<string, string> = {};
    for (const f of ITEM_FIELDS.products) fields[f.name] = formValue(f, (row as Record<string, unknown>)[f.name]);
    const form = slabForm(
      session.csrf,
      {
        ...fields,
        title: `${row!.title} in Cherry`,
        material: "Cherry",
        variantOf: String(parent.id),
        variantType: "Material",
      },
      [await phonePhoto("#9a4a2a")],
    );
    const res = await postForm(`/studio/catalog/products/new?variantOf=${parent.id}`, form);
    expect(res.status).toBe(302);
    const id = Number(/\/products\/(\d+)\?saved=1/.exec(res.headers.get("location") ?? "")?.[1]);
    const [variant] = await t.deps.database.db.select().from(products).where(eq(products.id, id));
    expect(variant).toMatchObject({ parentId: parent.id, variantType: "Material" });
    expect(variant!.thumbnail).toMatch(/^swatch-.+\.jpg$/);
    const swatch = await t.request(`/images/thumbnails/${variant!.thumbnail}`);
    expect(swatch.status).toBe(200);
    expect(await sharp(Buffer.from(await swatch.arrayBuffer())).metadata()).toMatchObject({ width: 100, height: 100 });
    const page = await (await send(`/products/${parent.id}`)).text();
    expect(page).toContain(`/images/thumbnails/${variant!.thumbnail}`);
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))("a slab added in one process, on two others", () => {
  let t: TestApp;
  let send: Send;
  let ports: number[] = [];
  let stopProcesses = async () => {};
  const dirs: string[] = [];

  beforeAll(async () => {
    t = await createTestApp("postgres", { sharedChanges: true });
    send = pageSender(t, siteBuild());
    // Each process has a data folder of its own: nothing is shared but the database.
    for (let i = 0; i < 2; i++) dirs.push(mkdtempSync(path.join(tmpdir(), "heartwood-catalog-proc-")));
    ({ ports, stop: stopProcesses } = await startAppProcesses(2, { DATABASE_URL: t.databaseUrl! }, (i) => ({
      DATA_DIR: dirs[i]!,
    })));
  }, 120_000);
  afterAll(async () => {
    await stopProcesses();
    await t?.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it("shows it in the listing, search and sitemap of both, and serves its photos, within 2 s", async () => {
    const get = (port: number, p: string) => fetch(`http://127.0.0.1:${port}${p}`);
    for (const port of ports)
      for (const p of ["/api/Slabs", "/api/Website/search?query=sycamore", "/sitemap.xml"])
        await (await get(port, p)).text();
    await staffMember(t.deps, "owner@studio.test", "owner");
    const session = await signIn(send, "owner@studio.test", STAFF_PASSWORD);
    const photos = await Promise.all(["#a0764f", "#8a5a36", "#6b4a2f"].map(phonePhoto));
    const res = await send("/studio/catalog/slabs/new", {
      method: "POST",
      body: slabForm(session.csrf, { ...SLAB_FIELDS, title: "Two Process Sycamore" }, photos),
      headers: { cookie: session.cookie },
    });
    expect(res.status).toBe(302);
    const id = Number(/slabs\/(\d+)/.exec(res.headers.get("location")!)![1]);
    const started = Date.now();
    for (const port of ports) {
      await expect
        .poll(
          async () => {
            const listed = (await (await get(port, "/api/Slabs")).json()) as {
              id: number;
              images: { fileName: string }[];
            }[];
            const slab = listed.find((s) => s.id === id);
            if (!slab) return "not listed";
            if (!(await (await get(port, "/api/Website/search?query=two%20process")).text()).includes("Two Process"))
              return "not found by search";
            if (!(await (await get(port, "/sitemap.xml")).text()).includes(`/slabs/${id}`)) return "not in the sitemap";
            const photo = await get(port, `/images/slabs/${slab.images[2]!.fileName}`);
            return photo.status === 200 && (await photo.arrayBuffer()).byteLength > 1000
              ? "shown"
              : `photo ${photo.status}`;
          },
          { timeout: 2000, interval: 50 },
        )
        .toBe("shown");
    }
    expect(Date.now() - started).toBeLessThan(2000 * ports.length);
  });
});
