/**
 * Files live with the data (docs/product.md): photos and labels go through one store on the
 * database, so app instances on one database serve each other's files with no shared disk.
 */
import { randomBytes } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "../../server/app.ts";
import { loadConfig } from "../../server/config.ts";
import { type Database, openDatabase } from "../../server/db/client.ts";
import { enquiries } from "../../server/db/schema.ts";
import { type AppDeps, createDeps } from "../../server/deps.ts";
import { CachedBlobStore } from "../../server/files/blob-cache.ts";
import { type BlobStore, DatabaseBlobStore } from "../../server/files/blob-store.ts";
import { moveFilesIn } from "../../server/files/move-in.ts";
import { ApiError } from "../../server/http/errors.ts";
import { createLogger } from "../../server/logger.ts";
import { enqueueMail } from "../../server/mail/outbox.ts";
import { createRateTableProvider } from "../../server/shipping/rate-table.ts";
import { contactFields, form } from "../support/enquiry-form.ts";
import { createTestApp, type DbKind, dbKinds, openTestDatabase, type TestApp } from "../support/test-app.ts";

const logger = createLogger("silent");

const solid = (background: string, width = 120, height = 90) =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();

/** The colour of an encoded image's middle pixel, as [r, g, b]. */
async function middle(bytes: Buffer): Promise<number[]> {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const at = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
  return [data[at]!, data[at + 1]!, data[at + 2]!];
}

const near = (actual: number[], expected: number[]) =>
  expect(
    actual.every((v, i) => Math.abs(v - expected[i]!) < 24),
    `${actual} near ${expected}`,
  ).toBe(true);

describe.each(dbKinds)("the file store on %s", (kind: DbKind) => {
  let database: Database;
  let dispose: () => Promise<void>;
  let store: BlobStore;
  beforeAll(async () => {
    ({ database, dispose } = await openTestDatabase(kind, "migrated"));
    store = new DatabaseBlobStore(database);
  });
  afterAll(() => dispose());

  it("puts, gets, overwrites and deletes by key", async () => {
    const first = Buffer.from("first bytes");
    const put = await store.put("images/slabs/walnut-1.jpg", first, "image/jpeg");
    expect(put).toEqual({ size: first.length, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const got = await store.get("images/slabs/walnut-1.jpg");
    expect(got).toMatchObject({
      key: "images/slabs/walnut-1.jpg",
      contentType: "image/jpeg",
      size: first.length,
      sha256: put.sha256,
    });
    expect(got!.bytes.equals(first)).toBe(true);
    expect(got!.createdAt).toBeInstanceOf(Date);
    const { bytes: _bytes, ...metadata } = got!;
    expect(await store.head("images/slabs/walnut-1.jpg")).toEqual(metadata);

    // The same bytes again change nothing, not even the date.
    expect(await store.put("images/slabs/walnut-1.jpg", first, "image/jpeg")).toEqual(put);
    expect((await store.head("images/slabs/walnut-1.jpg"))!.createdAt).toEqual(got!.createdAt);

    const second = Buffer.from("second, longer bytes");
    const replaced = await store.put("images/slabs/walnut-1.jpg", second, "image/jpeg");
    expect(replaced.sha256).not.toBe(put.sha256);
    expect((await store.get("images/slabs/walnut-1.jpg"))!.bytes.equals(second)).toBe(true);
    expect(await store.read("images/slabs/walnut-1.jpg", { start: 8, end: 13 })).toEqual(Buffer.from("longer"));
    // A slice of content that was replaced meanwhile is not handed out.
    expect(await store.read("images/slabs/walnut-1.jpg", { start: 0, end: 3 }, put.sha256)).toBeNull();

    await store.put("enquiries/12/photo-1.jpg", first, "image/jpeg");
    await store.put("labels/LRABC.pdf", Buffer.from("%PDF-1.4"), "application/pdf");
    expect((await store.list("enquiries/")).map((b) => b.key)).toEqual(["enquiries/12/photo-1.jpg"]);
    expect((await store.list("")).map((b) => b.key)).toEqual([
      "enquiries/12/photo-1.jpg",
      "images/slabs/walnut-1.jpg",
      "labels/LRABC.pdf",
    ]);
    expect(await store.list("images/slabs/w")).toHaveLength(1);
    expect(await store.list("images/slabs/x")).toEqual([]);

    expect(await store.delete("enquiries/12/photo-1.jpg")).toBe(true);
    expect(await store.delete("enquiries/12/photo-1.jpg")).toBe(false);
    expect(await store.get("enquiries/12/photo-1.jpg")).toBeNull();
    expect(await store.head("enquiries/12/photo-1.jpg")).toBeNull();
  });

  it("keeps bytes of every value exactly, large ones included", async () => {
    const all = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    await store.put("images/bytes.bin", all, "application/octet-stream");
    expect((await store.get("images/bytes.bin"))!.bytes.equals(all)).toBe(true);
    const large = randomBytes(3 * 1024 * 1024 + 17);
    await store.put("images/large.bin", large, "application/octet-stream");
    expect((await store.get("images/large.bin"))!.bytes.equals(large)).toBe(true);
    const end = large.length - 1;
    expect((await store.read("images/large.bin", { start: end - 99, end }))!.equals(large.subarray(-100))).toBe(true);
    await store.put("images/empty.txt", Buffer.alloc(0), "text/plain");
    expect(await store.get("images/empty.txt")).toMatchObject({ size: 0, bytes: Buffer.alloc(0) });
  });

  it.each([
    ["", "must not be empty"],
    ["/images/x.jpg", "must not start with /"],
    ["images/../server/config.ts", "must not contain .."],
    ["..", "must not contain .."],
    ["images/..hidden", "must not contain .."],
    ["images\\products\\x.jpg", "must not contain a backslash"],
    ["images//x.jpg", "must not have an empty or . segment"],
    ["images/x/", "must not have an empty or . segment"],
    ["./images/x.jpg", "must not have an empty or . segment"],
    ["images/x\u0000.jpg", "must not contain control characters"],
    ["images/x\n.jpg", "must not contain control characters"],
    [`images/${"a".repeat(600)}`, "must be at most 512 characters"],
  ])("refuses the key %j with a 400 naming the key", async (key, message) => {
    const err = await store.put(key, Buffer.from("x"), "text/plain").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, field: "key", message: `key: ${message}` });
    await expect(store.delete(key)).rejects.toMatchObject({ status: 400, field: "key" });
    // Reads of a key that cannot exist find nothing.
    expect(await store.get(key)).toBeNull();
    expect(await store.head(key)).toBeNull();
  });

  it("refuses a content type that is not one, and a prefix that cannot start a key", async () => {
    for (const type of ["", "jpeg", "image/jpeg\r\nx-evil: 1"])
      await expect(store.put("images/t.jpg", Buffer.from("x"), type)).rejects.toMatchObject({
        status: 400,
        field: "contentType",
      });
    for (const prefix of ["/images", "images/../", "a\\b"])
      await expect(store.list(prefix)).rejects.toMatchObject({ status: 400, field: "prefix" });
    expect(await store.head("images/t.jpg")).toBeNull();
  });
});

describe.each(dbKinds)("two app instances on one %s database", (kind: DbKind) => {
  let a: TestApp;
  let b: TestApp;
  let photo: Buffer;
  beforeAll(async () => {
    // Seeded: the enquiry desk mails the studio, whose record it needs.
    a = await createTestApp(kind);
    // The second instance: its own data folder and memory, the same database.
    b = await createTestApp(kind, { database: a.deps.database });
    photo = await solid("#7a5534", 600, 400);
  });
  afterEach(() => vi.restoreAllMocks());
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it("serves from one instance what was stored through the other, with the static answers' headers", async () => {
    const { sha256 } = await a.deps.files.put("images/products/shared.jpg", photo, "image/jpeg");
    const res = await b.request("/images/products/shared.jpg");
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(photo)).toBe(true);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(res.headers.get("content-length")).toBe(String(photo.length));
    expect(res.headers.get("etag")).toBe(`"${sha256}"`);
    expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(res.headers.get("accept-ranges")).toBe("bytes");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Date(res.headers.get("last-modified")!).getTime()).toBeGreaterThan(Date.now() - 3_600_000);

    const revalidated = await b.request("/images/products/shared.jpg", { headers: { "if-none-match": `"${sha256}"` } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("etag")).toBe(`"${sha256}"`);
    expect(await revalidated.text()).toBe("");
    const changed = await b.request("/images/products/shared.jpg", { headers: { "if-none-match": '"other"' } });
    expect(changed.status).toBe(200);

    const head = await b.request("/images/products/shared.jpg", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(photo.length));
    expect(await head.text()).toBe("");
  });

  it("answers byte ranges, an unsatisfiable one with 416, and a range of another version whole", async () => {
    const video = Buffer.from("not really a video, but its bytes are what counts");
    const { sha256 } = await a.deps.files.put("images/carousel/reel.mp4", video, "video/mp4");
    const part = await b.request("/images/carousel/reel.mp4", { headers: { range: "bytes=0-3" } });
    expect(part.status).toBe(206);
    expect(await part.text()).toBe("not ");
    expect(part.headers.get("content-range")).toBe(`bytes 0-3/${video.length}`);
    expect(part.headers.get("content-length")).toBe("4");
    expect(part.headers.get("content-type")).toBe("video/mp4");
    const tail = await b.request("/images/carousel/reel.mp4", { headers: { range: "bytes=-6" } });
    expect(await tail.text()).toBe("counts");
    const open = await b.request("/images/carousel/reel.mp4", { headers: { range: `bytes=${video.length - 6}-` } });
    expect([open.status, await open.text()]).toEqual([206, "counts"]);
    const beyond = await b.request("/images/carousel/reel.mp4", { headers: { range: "bytes=999-" } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("content-range")).toBe(`bytes */${video.length}`);
    const several = await b.request("/images/carousel/reel.mp4", { headers: { range: "bytes=0-1,4-5" } });
    expect([several.status, (await several.arrayBuffer()).byteLength]).toEqual([200, video.length]);
    const stale = await b.request("/images/carousel/reel.mp4", {
      headers: { range: "bytes=0-3", "if-range": '"an-old-version"' },
    });
    expect(stale.status).toBe(200);
    const current = await b.request("/images/carousel/reel.mp4", {
      headers: { range: "bytes=0-3", "if-range": `"${sha256}"` },
    });
    expect(current.status).toBe(206);
  });

  it("sends a file too large to hold in memory in slices, ranges across them included", async () => {
    const film = randomBytes(2 * 1024 * 1024 + 512 * 1024);
    await a.deps.files.put("images/studio/film.mp4", film, "video/mp4");
    const whole = await b.request("/images/studio/film.mp4");
    expect(whole.headers.get("content-length")).toBe(String(film.length));
    expect(Buffer.from(await whole.arrayBuffer()).equals(film)).toBe(true);
    const [start, end] = [1024 * 1024 - 10, 2 * 1024 * 1024 + 10];
    const part = await b.request("/images/studio/film.mp4", { headers: { range: `bytes=${start}-${end}` } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(film.subarray(start, end + 1))).toBe(true);
    // Never held in memory: each answer read it from the database.
    expect((b.deps.files as CachedBlobStore).heldSize()).toBeLessThan(film.length);
  });

  it("answers 404 for what is not stored, and never looks outside the images", async () => {
    await a.deps.files.put("labels/LRSECRET.pdf", Buffer.from("%PDF-1.4 secret"), "application/pdf");
    await a.deps.files.put("images/.complete-abc", Buffer.from("{}"), "application/json");
    for (const p of [
      "/images/products/nope.jpg",
      "/images/../labels/LRSECRET.pdf",
      "/images/%2E%2E/labels/LRSECRET.pdf",
      "/images/..%2Flabels%2FLRSECRET.pdf",
      "/images/products//shared.jpg",
      "/images/.complete-abc",
      "/images/",
    ])
      expect((await b.request(p)).status, p).toBe(404);
    expect((await b.request("/images/products/shared.jpg", { method: "POST" })).status).toBe(404);
  });

  it("serves a label bought by one instance from the other", async () => {
    const table = createRateTableProvider({ files: a.deps.files });
    const address = { name: "A", street1: "1 St", city: "C", state: "NY", zip: "10001", country: "US" };
    const [rate] = await table.rates(address, address, [{ length: 10, width: 10, height: 10, weight: 5 }]);
    const label = await table.buyLabel(rate!);
    const res = await b.request(label.label_url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    expect((await b.request(label.tracking_url_provider)).status).toBe(200);
  });

  it("forgets a file replaced or deleted through its own store at once", async () => {
    await b.deps.files.put("images/products/own.jpg", Buffer.from("one"), "image/jpeg");
    expect(await (await b.request("/images/products/own.jpg")).text()).toBe("one");
    await b.deps.files.put("images/products/own.jpg", Buffer.from("two"), "image/jpeg");
    expect(await (await b.request("/images/products/own.jpg")).text()).toBe("two");
    await b.deps.files.delete("images/products/own.jpg");
    expect((await b.request("/images/products/own.jpg")).status).toBe(404);
  });

  it("mails an enquiry's photo from the store, whichever instance delivers it", async () => {
    const posted = form({ ...contactFields, details: "A walnut table, with the photo of my room attached." }, [
      { name: "image1", bytes: photo, filename: "room.jpg" },
    ]);
    // The receiving instance does not deliver it at once: the other one will.
    vi.spyOn(a.deps.mailer, "kick").mockImplementation(() => undefined);
    expect((await a.request("/api/website/contact", { method: "POST", body: posted })).status).toBe(204);
    const [row] = await a.deps.database.db.select().from(enquiries).orderBy(sql`id desc`).limit(1);
    expect(row!.images).toEqual([
      {
        path: `enquiries/${row!.id}/photo-1.jpg`,
        fileName: "photo-1.jpg",
        contentType: "image/jpeg",
        size: photo.length,
      },
    ]);
    expect((await b.deps.files.get(row!.images[0]!.path))!.bytes.equals(photo)).toBe(true);
    // Nothing under either instance's data folder.
    for (const t of [a, b]) expect(existsSync(path.join(t.dataDir, "uploads")), t.dataDir).toBe(false);

    // The other instance (its own data folder) delivers the studio's mail, photo attached.
    expect(await b.deps.mailer.deliverDue()).toBe(1);
    const [eml] = readdirSync(path.join(b.dataDir, "mail"));
    const raw = readFileSync(path.join(b.dataDir, "mail", eml!), "utf8");
    expect(raw).toMatch(/filename=photo-1\.jpg/);
    expect(raw.replace(/\r?\n/g, "")).toContain(photo.toString("base64"));
  });

  it("attaches a photo that mail from before the store names by its path in the data folder", async () => {
    const old = await solid("#223344", 30, 20);
    mkdirSync(path.join(b.dataDir, "uploads", "contact", "before"), { recursive: true });
    writeFileSync(path.join(b.dataDir, "uploads", "contact", "before", "1.jpg"), old);
    await enqueueMail(b.deps.database.db, [
      {
        kind: "enquiry",
        to: "studio@example.com",
        subject: "An enquiry from before the store",
        text: "Photo attached.",
        attachments: [{ path: "uploads/contact/before/1.jpg", filename: "photo-1.jpg", contentType: "image/jpeg" }],
      },
    ]);
    expect(await b.deps.mailer.deliverDue()).toBe(1);
    const eml = readdirSync(path.join(b.dataDir, "mail"))
      .map((f) => readFileSync(path.join(b.dataDir, "mail", f), "utf8"))
      .find((m) => m.includes("An enquiry from before the store"))!;
    expect(eml.replace(/\r?\n/g, "")).toContain(old.toString("base64"));
  });
});

describe.each(dbKinds)("the image optimiser over the file store on %s", (kind: DbKind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { seed: false });
  });
  afterAll(() => t.close());

  const url = "/api/images/optimize?filePath=images/products/swatch.jpg&width=60&height=40&format=webp";

  it("serves a variant of a stored photo, and new variants once the photo is replaced", async () => {
    await t.deps.files.put("images/products/swatch.jpg", await solid("#c01818"), "image/jpeg");
    const red = await t.request(url);
    expect(red.status).toBe(200);
    expect(red.headers.get("content-type")).toBe("image/webp");
    const redBytes = Buffer.from(await red.arrayBuffer());
    expect(await sharp(redBytes).metadata()).toMatchObject({ format: "webp", width: 60, height: 40 });
    near(await middle(redBytes), [192, 24, 24]);
    const made = t.deps.images.transformations;
    expect((await t.request(url)).headers.get("etag")).toBe(red.headers.get("etag"));
    expect(t.deps.images.transformations).toBe(made);

    // The same key, another photo: neither the memory nor the disk cache gives the old variant.
    await t.deps.files.put("images/products/swatch.jpg", await solid("#1830c0"), "image/jpeg");
    const blue = await t.request(url);
    expect(blue.status).toBe(200);
    expect(blue.headers.get("etag")).not.toBe(red.headers.get("etag"));
    near(await middle(Buffer.from(await blue.arrayBuffer())), [24, 48, 192]);
    expect(t.deps.images.transformations).toBe(made + 1);

    await t.deps.files.delete("images/products/swatch.jpg");
    expect((await t.request(url)).status).toBe(404);
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))("processes on one PostgreSQL hear of a replaced file", () => {
  let dispose: () => Promise<void>;
  const pools: Database[] = [];
  const instances: { deps: AppDeps; app: ReturnType<typeof createApp>; dataDir: string }[] = [];
  beforeAll(async () => {
    const opened = await openTestDatabase("postgres", "migrated");
    dispose = opened.dispose;
    for (let i = 0; i < 2; i++) {
      const dataDir = mkdtempSync(path.join(tmpdir(), "heartwood-files-"));
      const config = loadConfig({
        NODE_ENV: "test",
        DATA_DIR: dataDir,
        DATABASE_URL: opened.url!,
        LOG_LEVEL: "silent",
      });
      // Each as a process of its own would be: its own pool, memory and change feed (LISTEN).
      const database = await openDatabase({ kind: "postgres", url: opened.url!, max: 2 });
      pools.push(database);
      const deps = await createDeps({ config, database, logger });
      instances.push({ deps, app: createApp(deps), dataDir });
    }
  });
  afterAll(async () => {
    for (const { deps, dataDir } of instances) {
      await deps.changes.close();
      await deps.staleOrders.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
    for (const pool of pools) await pool.close();
    await dispose();
  });

  it("serves the new bytes after a replacement elsewhere, though it held the old ones in memory", async () => {
    const [writer, reader] = instances as [(typeof instances)[0], (typeof instances)[0]];
    const get = () => reader.app.request("http://localhost/images/products/hot.jpg");
    const misses = () => (reader.deps.files as CachedBlobStore).misses;
    await writer.deps.files.put("images/products/hot.jpg", Buffer.from("old picture"), "image/jpeg");
    // The reader may hear of that first write after reading the file, and forget it once; from
    // then on it answers from memory.
    await vi.waitFor(async () => {
      expect(await (await get()).text()).toBe("old picture");
      const before = misses();
      expect(await (await get()).text()).toBe("old picture");
      expect(misses()).toBe(before);
    });
    await writer.deps.files.put("images/products/hot.jpg", Buffer.from("new picture"), "image/jpeg");
    await vi.waitFor(async () => expect(await (await get()).text()).toBe("new picture"), { timeout: 5000 });
    await writer.deps.files.delete("images/products/hot.jpg");
    await vi.waitFor(async () => expect((await get()).status).toBe(404), { timeout: 5000 });
  });
});

describe.each(dbKinds)("files under the data folder moving into the store on %s", (kind: DbKind) => {
  let database: Database;
  let dispose: () => Promise<void>;
  let dataDir: string;
  beforeAll(async () => {
    ({ database, dispose } = await openTestDatabase(kind, "migrated"));
    dataDir = mkdtempSync(path.join(tmpdir(), "heartwood-move-"));
  });
  afterAll(async () => {
    await dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const write = (rel: string, bytes: Buffer | string) => {
    mkdirSync(path.dirname(path.join(dataDir, rel)), { recursive: true });
    writeFileSync(path.join(dataDir, rel), bytes);
  };

  /** The store with its reads and writes counted. */
  function counted(store: BlobStore) {
    const calls = { list: 0, get: 0, head: 0, read: 0, put: 0 };
    const counting =
      <A extends unknown[], R>(name: keyof typeof calls, f: (...args: A) => R) =>
      (...args: A): R => {
        calls[name] += 1;
        return f(...args);
      };
    const spied: BlobStore = {
      list: counting("list", (p: string) => store.list(p)),
      get: counting("get", (k: string) => store.get(k)),
      head: counting("head", (k: string) => store.head(k)),
      read: counting("read", (k: string, r: { start: number; end: number }, s?: string) => store.read(k, r, s)),
      put: counting("put", (k: string, b: Uint8Array, t: string) => store.put(k, b, t)),
      delete: (k) => store.delete(k),
    };
    return { calls, spied };
  }

  it("copies every file in once, and a second start copies none and reads no file", async () => {
    const photo = await solid("#5a3b24");
    write("images/products/table.jpg", photo);
    write("images/carousel/reel.mp4", randomBytes(3000));
    write("images/look-book/look-book.pdf", "%PDF-1.4 a look book");
    write("images/.complete-123456789abc", "{}");
    write("images/products/half.jpg.4242.tmp", "being written");
    write("uploads/contact/9f1c/1.jpg", photo);
    write(
      "uploads/custom/77aa/1.heic",
      Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from("ftypheic"), randomBytes(32)]),
    );
    write("labels/LR123ABC.pdf", "%PDF-1.4 a label");
    write("mail/000001-enquiry.eml", "not moved");

    const store = new DatabaseBlobStore(database);
    const first = await moveFilesIn({ dataDir, files: store, logger });
    expect(first).toMatchObject({ found: 8, copied: 7, present: 0, kept: 0, skipped: 1 });
    expect((await store.list("")).map((b) => [b.key, b.contentType])).toEqual([
      ["images/.complete-123456789abc", "application/octet-stream"],
      ["images/carousel/reel.mp4", "video/mp4"],
      ["images/look-book/look-book.pdf", "application/pdf"],
      ["images/products/table.jpg", "image/jpeg"],
      ["labels/LR123ABC.pdf", "application/pdf"],
      ["uploads/contact/9f1c/1.jpg", "image/jpeg"],
      ["uploads/custom/77aa/1.heic", "image/heic"],
    ]);
    expect((await store.get("images/products/table.jpg"))!.bytes.equals(photo)).toBe(true);
    // Nothing is deleted from disk.
    expect(existsSync(path.join(dataDir, "images", "products", "table.jpg"))).toBe(true);

    const { calls, spied } = counted(store);
    const second = await moveFilesIn({ dataDir, files: spied, logger });
    expect(second).toMatchObject({ found: 8, copied: 0, present: 7, skipped: 1 });
    expect(calls).toEqual({ list: 1, get: 0, head: 0, read: 0, put: 0 });
  });

  it("copies a file changed on disk since, and keeps one replaced in the store since", async () => {
    const store = new CachedBlobStore(new DatabaseBlobStore(database));
    const later = Date.now() / 1000 + 3600;
    write("images/products/table.jpg", await solid("#112233", 200, 150));
    utimesSync(path.join(dataDir, "images", "products", "table.jpg"), later, later);
    await store.put("labels/LR123ABC.pdf", Buffer.from("%PDF-1.4 a label, printed again"), "application/pdf");
    const again = await moveFilesIn({ dataDir, files: store, logger });
    expect(again).toMatchObject({ copied: 1, kept: 1, present: 5 });
    expect((await store.get("labels/LR123ABC.pdf"))!.bytes.toString()).toBe("%PDF-1.4 a label, printed again");
    expect((await store.get("images/products/table.jpg"))!.size).toBe(
      readFileSync(path.join(dataDir, "images", "products", "table.jpg")).length,
    );
  });
});
