/**
 * Backups that restore (docs/backups.md): the drill, on each database. A shop with orders made
 * through the checkout, an order's link, a quote, a staff member and enquiry photos runs as the
 * real server (server/main.ts); `npm run backup` is taken while payments run against it (on PGlite
 * through the shop's socket, on PostgreSQL in one snapshot); `npm run restore` brings it into an
 * empty place; the shop on it opens the same order page with its link, serves the same bytes,
 * signs the staff member in, and its numbers agree with themselves and with the shop's. Also:
 * a non-empty target is refused without --replace; a cut-off, altered or newer file is refused
 * leaving the target empty; a PGlite backup restores into PostgreSQL and back, row for row.
 */
import { type ChildProcess, execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { content } from "../../seed/content/index.ts";
import { prepareDatabase } from "../../server/bootstrap.ts";
import { type Database, openDatabase } from "../../server/db/client.ts";
import { enquiries, orderPayments, orders, quotes, testimonials } from "../../server/db/schema.ts";
import { imagesMarker } from "../../server/images/prepare-images.ts";
import { createLogger } from "../../server/logger.ts";
import { hashOf, newOrderLink, newToken } from "../../server/orders/links.ts";
import { startAppProcesses } from "../support/app-processes.ts";
import { contactFields, form } from "../support/enquiry-form.ts";
import { startMainProcess } from "../support/main-process.ts";
import {
  BUYER_ADDRESS,
  isShippable,
  type ListedPiece,
  paymentRequest,
  type QuotedRate,
} from "../support/payment-request.ts";
import { devSiteForFile, pageSender, type Send, signIn, staffMember } from "../support/studio.ts";
import {
  createTestApp,
  type DbKind,
  dbKinds,
  GENEROUS_CHECKOUT_LIMITS,
  openTestDatabase,
  type TestApp,
} from "../support/test-app.ts";

const siteBuild = devSiteForFile();

type Run = { code: number; stdout: string; stderr: string };

/** `npm run backup` / `npm run restore`, as the scripts run (tsx scripts/<name>.ts). */
function script(name: "backup" | "restore", args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", path.resolve(`scripts/${name}.ts`), ...args],
      { env, timeout: 120_000, maxBuffer: 16 * 1024 * 1024 },
      (err, stdout, stderr) => {
        const code = err ? ((err as { code?: number }).code ?? 1) : 0;
        resolve({ code: typeof code === "number" ? code : 1, stdout, stderr });
      },
    );
  });
}

const startServer = (env: Record<string, string>) => startMainProcess(env, 90_000);

const stopped = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });

/** Buys `piece` through the checkout API as the page does: its first rate, then the payment. */
async function buy(send: (p: string, init?: RequestInit) => Promise<Response>, piece: ListedPiece) {
  const quoted = await send("/api/shipping/rates", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...BUYER_ADDRESS, products: [{ id: piece.id, quantity: 1 }] }),
  });
  const rate = ((await quoted.json()) as { rates: QuotedRate[] }).rates[0]!;
  const res = await send("/api/payment/process-payment", {
    method: "POST",
    headers: { "content-type": "application/json", "Idempotency-Key": `drill-${newToken()}` },
    body: JSON.stringify(
      paymentRequest({ id: piece.id, title: piece.title, unit: piece.salePrice ?? piece.price, rate }),
    ),
  });
  return { status: res.status, answer: (await res.json()) as { orderId?: string } };
}

const shippable = async (send: (p: string) => Promise<Response>) =>
  ((await (await send("/api/Products")).json()) as ListedPiece[]).filter(isShippable);

const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#8a5a36" } })
  .jpeg()
  .toBuffer();

/** A file larger than a slice (1 MB) whose bytes do not compress: a video's worth of the file store. */
const bigFile = randomBytes(2_600_000);
const BIG_KEY = "images/drill/reel.bin";

type Place = { dataDir: string; env: Record<string, string>; databaseUrl?: string; dispose: () => Promise<void> };

/** An empty place to restore into: a new data folder, and on PostgreSQL a new empty database. */
async function emptyPlace(kind: DbKind): Promise<Place> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "hw-restore-"));
  const env = baseEnv(dataDir);
  if (kind === "pglite")
    return { dataDir, env, dispose: async () => rmSync(dataDir, { recursive: true, force: true }) };
  const opened = await openTestDatabase("postgres", "empty");
  await opened.database.close();
  env.DATABASE_URL = opened.url!;
  return {
    dataDir,
    env,
    databaseUrl: opened.url,
    dispose: async () => {
      await opened.dispose().catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function baseEnv(dataDir: string): Record<string, string> {
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    ...GENEROUS_CHECKOUT_LIMITS,
    NODE_ENV: "test",
    LOG_LEVEL: "info",
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    PUBLIC_URL: "https://shop.example.com",
  };
  delete env.DATABASE_URL;
  return env;
}

/** A seeded shop in a data folder of its own (PGlite there, or a new PostgreSQL database). */
async function seededPlace(kind: DbKind): Promise<Place & { open: () => Promise<Database> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "hw-backup-"));
  const env = baseEnv(dataDir);
  if (kind === "pglite") {
    const seeded = await openTestDatabase("pglite", "seeded");
    const copy = await seeded.database.dump!();
    await seeded.dispose();
    const dbDir = path.join(dataDir, "db");
    const first = await openDatabase({ kind: "pglite", dataDir: dbDir, from: copy });
    await first.close();
    return {
      dataDir,
      env,
      open: () => openDatabase({ kind: "pglite", dataDir: dbDir }),
      dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const seeded = await openTestDatabase("postgres", "seeded");
  await seeded.database.close();
  env.DATABASE_URL = seeded.url!;
  return {
    dataDir,
    env,
    databaseUrl: seeded.url,
    open: () => openDatabase({ kind: "postgres", url: seeded.url!, max: 4 }),
    dispose: async () => {
      await seeded.dispose().catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The place's database opened by this process (the shop on it stopped). */
const openPlace = (kind: DbKind, place: Place) =>
  kind === "pglite"
    ? openDatabase({ kind: "pglite", dataDir: path.join(place.dataDir, "db") })
    : openDatabase({ kind: "postgres", url: place.databaseUrl!, max: 4 });

const count = async (database: Database, table: string) =>
  Number(
    (
      (await database.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]!.n,
  );

/** Whether the place holds a database with any table (PGlite: whether its folder exists at all). */
async function placeIsEmpty(kind: DbKind, place: Place): Promise<boolean> {
  if (kind === "pglite") return !existsSync(path.join(place.dataDir, "db"));
  const database = await openPlace(kind, place);
  try {
    const r = (await database.db.execute(
      sql`select count(*)::int as n from pg_tables where schemaname = 'public'`,
    )) as unknown as { rows: { n: number }[] };
    return r.rows[0]!.n === 0;
  } finally {
    await database.close();
  }
}

/** The file's lines, and the file written again from lines (to make damaged ones). */
const linesOf = (file: string) => gunzipSync(readFileSync(file)).toString("utf8").split("\n");
const writeLines = (file: string, lines: string[]) => writeFileSync(file, gzipSync(Buffer.from(lines.join("\n"))));

describe.each(dbKinds)("backups on %s", (kind) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  it("takes a backup while payments run and restores it into an empty place where the shop opens as it was", async () => {
    const source = await seededPlace(kind);
    cleanups.push(source.dispose);
    // main.ts serves a built site; the drill's pages are checked in-process, so an empty module stands in.
    const buildDir = path.join(source.dataDir, "site-build");
    mkdirSync(path.join(buildDir, "server"), { recursive: true });
    writeFileSync(path.join(buildDir, "server", "index.js"), "export const routes = {};\n");
    mkdirSync(path.join(source.dataDir, "images"), { recursive: true });
    writeFileSync(imagesMarker(source.dataDir, content), "");

    // The shop before: a staff member, two orders through the checkout, an order's link, a quote, photos.
    let database = await source.open();
    const before = await createTestApp(kind, { database, env: GENEROUS_CHECKOUT_LIMITS });
    await staffMember(before.deps, "owner@studio.test", "owner");
    const pieces = await shippable(before.request);
    expect(pieces.length).toBeGreaterThanOrEqual(9);
    const first = await buy(before.request, pieces[0]!);
    const second = await buy(before.request, pieces[1]!);
    expect([first.status, second.status]).toEqual([200, 200]);
    const [firstOrder] = await database.db.select().from(orders).where(eq(orders.orderRef, first.answer.orderId!));
    const orderToken = await database.db.transaction((tx) => newOrderLink(tx, firstOrder!.id));
    const photos = form(contactFields, [{ name: "image1", bytes: jpeg, filename: "table.jpg" }]);
    expect((await before.request("/api/website/contact", { method: "POST", body: photos })).status).toBe(204);
    const [enquiry] = await database.db.select().from(enquiries).orderBy(sql`id desc`).limit(1);
    await before.deps.files.put(BIG_KEY, bigFile, "video/mp4");
    const quoteToken = newToken();
    await database.db.insert(quotes).values({
      tokenHash: hashOf(quoteToken),
      enquiryId: enquiry!.id,
      name: "Ada Lovelace",
      email: "ada@example.com",
      lines: [{ title: "Walnut dining table", description: "Bookmatched top", price: 7200, quantity: 1 }],
      total: 7200,
      buildWeeksMin: 10,
      buildWeeksMax: 14,
      depositPercent: 40,
      validUntil: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
    });
    await before.close();
    await database.close();

    // Four pieces with stock enough for buyers to go on paying for them all through the backup.
    const busy = pieces.slice(2, 6);
    database = await source.open();
    for (const piece of busy) await database.db.execute(sql`update products set stock = 1000 where id = ${piece.id}`);
    await database.close();

    // The real server on it, and the backup taken while buyers pay, from its start to its end.
    const server = await startServer({ ...source.env, APP_BUILD_DIR: buildDir });
    cleanups.push(() => {
      server.child.kill("SIGKILL");
    });
    const shop = (p: string, init?: RequestInit) => fetch(`http://127.0.0.1:${server.port}${p}`, init);
    const file = path.join(source.dataDir, "backups", "drill.hwbak");
    mkdirSync(path.dirname(file));
    let backingUp = true;
    const answered: { status: number; at: number }[] = [];
    const buyer = async (piece: ListedPiece) => {
      while (backingUp) {
        const { status } = await buy(shop, piece);
        answered.push({ status, at: performance.now() });
      }
    };
    const buyers = busy.map(buyer);
    // Payments under way before the backup starts, and going on until it has ended.
    while (answered.length < busy.length) await new Promise((r) => setTimeout(r, 20));
    const backupStarted = performance.now();
    const backedUp = await script("backup", [file], source.env);
    const backupEnded = performance.now();
    backingUp = false;
    await Promise.all(buyers);
    expect(backedUp.stderr).toBe("");
    expect(backedUp.code).toBe(0);
    expect(backedUp.stdout).toMatch(/^Backup written to .*drill\.hwbak\n\d+ tables, \d+ rows, \d+ files/);
    expect(answered.filter((a) => a.status !== 200)).toEqual([]);
    const during = answered.filter((a) => a.at > backupStarted && a.at < backupEnded).length;
    expect(during).toBeGreaterThanOrEqual(busy.length);
    expect(readdirSync(path.dirname(file))).toEqual(["drill.hwbak"]);
    if (kind === "pglite") expect(server.output.join("\n")).toContain('"msg":"Backup written"');
    await stopped(server.child);

    // The shop as it stood after the payments, to compare with.
    database = await source.open();
    const sourceOrders = await database.db.select().from(orders);
    const sourceFiles = (await database.db.execute(
      sql`select key, sha256, size from blobs order by key`,
    )) as unknown as { rows: unknown[] };
    await database.close();

    // Restored into an empty place.
    const target = await emptyPlace(kind);
    cleanups.push(target.dispose);
    const restored = await script("restore", [file], target.env);
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
    expect(restored.stdout).toMatch(/Restored into .*\n\d+ tables, \d+ rows, \d+ files \(\d+\.\d MB\) in/);

    // The shop started on it: not seeded again, the same order page, photos, staff and numbers.
    const after = await openPlace(kind, target);
    expect(await prepareDatabase(after, content, createLogger("silent"))).toBe(false);
    const t: TestApp = await createTestApp(kind, { database: after, env: GENEROUS_CHECKOUT_LIMITS });
    cleanups.push(async () => {
      await t.close();
      await after.close();
    });
    const send: Send = pageSender(t, siteBuild());
    const orderPage = await send(`/orders/${orderToken}`);
    expect(orderPage.status).toBe(200);
    expect(await orderPage.text()).toContain(first.answer.orderId!);
    expect((await send(`/quotes/${quoteToken}`)).status).toBe(200);
    const session = await signIn(send, "owner@studio.test");
    const photo = await send(`/studio/enquiries/${enquiry!.id}/photos/1`, { headers: { cookie: session.cookie } });
    expect(photo.status).toBe(200);
    expect(Buffer.from(await photo.arrayBuffer()).equals(jpeg)).toBe(true);
    const reel = await send(`/${BIG_KEY}`);
    expect(reel.status).toBe(200);
    expect(Buffer.from(await reel.arrayBuffer()).equals(bigFile)).toBe(true);
    // Files written after the snapshot (the later orders' labels) are not in it; every one in it is the shop's.
    const restoredFiles = (
      (await after.db.execute(sql`select key, sha256, size from blobs order by key`)) as unknown as { rows: unknown[] }
    ).rows;
    expect(restoredFiles.length).toBeGreaterThanOrEqual(2);
    expect(sourceFiles.rows).toEqual(expect.arrayContaining(restoredFiles));

    // Every order restored is the shop's, whole: its lines, and payments that add up to what it was paid.
    const restoredOrders = await after.db.select().from(orders);
    expect(restoredOrders.length).toBeGreaterThanOrEqual(2);
    expect(restoredOrders.length).toBeLessThanOrEqual(sourceOrders.length);
    const bySource = new Map(sourceOrders.map((o) => [o.orderRef, o]));
    for (const o of restoredOrders) {
      const was = bySource.get(o.orderRef)!;
      expect(was, o.orderRef ?? "").toBeDefined();
      expect([o.total, o.subtotal, o.shippingTotal, o.tax]).toEqual([
        was.total,
        was.subtotal,
        was.shippingTotal,
        was.tax,
      ]);
      const lines = (await after.db.execute(
        sql`select count(*)::int as n from order_lines where order_id = ${o.id}`,
      )) as unknown as { rows: { n: number }[] };
      expect(lines.rows[0]!.n).toBeGreaterThanOrEqual(1);
      if (o.status === "paid") {
        const payments = await after.db.select().from(orderPayments).where(eq(orderPayments.orderId, o.id));
        const approved = payments.filter((p) => p.status === "approved").reduce((s, p) => s + Number(p.amount), 0);
        expect(approved).toBeCloseTo(Number(o.paidTotal), 2);
        expect(Number(o.paidTotal)).toBeCloseTo(Number(was.paidTotal), 2);
      }
    }
    expect(restoredOrders.map((o) => o.orderRef)).toEqual(
      expect.arrayContaining([first.answer.orderId, second.answer.orderId]),
    );

    // New ids carry on after the restored ones: a new order is taken and numbered past them.
    const next = await buy(t.request, pieces[8]!);
    expect(next.status).toBe(200);
    const [newest] = await after.db.select().from(orders).where(eq(orders.orderRef, next.answer.orderId!));
    expect(newest!.id).toBeGreaterThan(Math.max(...restoredOrders.map((o) => o.id)));
  }, 300_000);

  it("refuses a target that holds data unless told --replace, which empties it first", async () => {
    const source = await seededPlace(kind);
    cleanups.push(source.dispose);
    let database = await source.open();
    await database.db.insert(testimonials).values({ message: "Backed up", rating: 5, author: "The drill" });
    await database.close();
    const file = path.join(source.dataDir, "shop.hwbak");
    // No shop runs: the script opens the database itself.
    const backedUp = await script("backup", [file], source.env);
    expect(backedUp.code).toBe(0);

    const target = await seededPlace(kind);
    cleanups.push(target.dispose);
    database = await target.open();
    await database.db.insert(testimonials).values({ message: "Only here", rating: 4, author: "The target" });
    const targetCount = await count(database, "testimonials");
    await database.close();

    const refused = await script("restore", [file], target.env);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim().split("\n")).toHaveLength(1);
    expect(refused.stderr).toContain("The target already holds data");
    expect(refused.stderr).toContain("--replace");
    database = await target.open();
    expect(await count(database, "testimonials")).toBe(targetCount);
    await database.close();

    const replaced = await script("restore", [file, "--replace"], target.env);
    expect(replaced.stderr).toBe("");
    expect(replaced.code).toBe(0);
    database = await target.open();
    const authors = (await database.db.select().from(testimonials)).map((r) => r.author);
    expect(authors).toContain("The drill");
    expect(authors).not.toContain("The target");
    await database.close();
  }, 120_000);

  it("refuses a cut-off, altered or newer file before writing anything, leaving the target empty", async () => {
    const source = await seededPlace(kind);
    cleanups.push(source.dispose);
    const database = await source.open();
    await database.db.execute(sql`insert into blobs (key, content_type, size, sha256, data)
      values ('images/drill/a.bin', 'video/mp4', ${bigFile.byteLength}, 'x', decode(${bigFile.toString("base64")}, 'base64'))`);
    await database.close();
    const file = path.join(source.dataDir, "shop.hwbak");
    expect((await script("backup", [file], source.env)).code).toBe(0);

    const whole = readFileSync(file);
    const lines = linesOf(file);
    const cases: [string, () => void, RegExp][] = [
      [
        "cut off",
        () => writeFileSync(`${file}.cut`, whole.subarray(0, Math.floor(whole.byteLength * 0.7))),
        /damaged or incomplete/,
      ],
      [
        "without its last lines",
        () => writeLines(`${file}.cut`, lines.slice(0, -3)),
        /incomplete: it ends before its last line/,
      ],
      [
        "a row taken out",
        () =>
          writeLines(
            `${file}.cut`,
            lines.filter((_, i) => i !== lines.findIndex((x) => x.startsWith('{"id": ') && x.includes("sort_order"))),
          ),
        /damaged/,
      ],
      [
        "newer",
        () => {
          const header = JSON.parse(lines[0]!) as { schema: { migrations: number } };
          header.schema.migrations += 1;
          writeLines(`${file}.cut`, [JSON.stringify(header), ...lines.slice(1)]);
        },
        /newer version of the shop/,
      ],
    ];
    for (const [what, make, message] of cases) {
      make();
      const target = await emptyPlace(kind);
      cleanups.push(target.dispose);
      const refused = await script("restore", [`${file}.cut`], target.env);
      expect(refused.code, what).toBe(1);
      expect(refused.stderr, what).toMatch(message);
      expect(refused.stderr.trim().split("\n"), what).toHaveLength(1);
      expect(await placeIsEmpty(kind, target), what).toBe(true);
    }
  }, 180_000);
});

describe.skipIf(!dbKinds.includes("postgres"))("backups between databases", () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  /** The rows of a backup, without its header and trailer (which say when and from where). */
  const rowsOf = (file: string) => linesOf(file).filter((l) => !/^\{"hwbak":"(heartwood-backup|end)"/.test(l));

  it("refuses to restore into a PostgreSQL database a shop is serving from, and restores once it has stopped", async () => {
    const source = await seededPlace("postgres");
    cleanups.push(source.dispose);
    const file = path.join(source.dataDir, "shop.hwbak");
    expect((await script("backup", [file], source.env)).code).toBe(0);

    const target = await seededPlace("postgres");
    cleanups.push(target.dispose);
    // An app process serving from it, as a shop's does (its lease renewed every few seconds).
    const serving = await startAppProcesses(1, { DATABASE_URL: target.databaseUrl!, DATA_DIR: target.dataDir });
    cleanups.push(serving.stop);
    const refused = await script("restore", [file, "--replace"], target.env);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim().split("\n")).toHaveLength(1);
    expect(refused.stderr).toContain("stop every process");
    // A clean stop gives its lease up: the restore goes ahead.
    await serving.stop();
    const restored = await script("restore", [file, "--replace"], target.env);
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
  }, 180_000);

  it("restores a PGlite backup into PostgreSQL and that one's back into PGlite, row for row and byte for byte", async () => {
    const source = await seededPlace("pglite");
    cleanups.push(source.dispose);
    const database = await source.open();
    const app = await createTestApp("pglite", { database });
    await staffMember(app.deps, "owner@studio.test", "owner");
    await app.deps.files.put(BIG_KEY, bigFile, "video/mp4");
    await app.deps.files.put("images/drill/photo.jpg", jpeg, "image/jpeg");
    await app.close();
    await database.close();
    const fromPglite = path.join(source.dataDir, "pglite.hwbak");
    expect((await script("backup", [fromPglite], source.env)).code).toBe(0);

    const postgres = await emptyPlace("postgres");
    cleanups.push(postgres.dispose);
    const intoPostgres = await script("restore", [fromPglite], postgres.env);
    expect(intoPostgres.stderr).toBe("");
    expect(intoPostgres.code).toBe(0);
    const fromPostgres = path.join(source.dataDir, "postgres.hwbak");
    expect((await script("backup", [fromPostgres], postgres.env)).code).toBe(0);
    expect(rowsOf(fromPostgres)).toEqual(rowsOf(fromPglite));

    const pglite = await emptyPlace("pglite");
    cleanups.push(pglite.dispose);
    expect((await script("restore", [fromPostgres], pglite.env)).code).toBe(0);
    const back = await openPlace("pglite", pglite);
    cleanups.push(() => back.close());
    const t = await createTestApp("pglite", { database: back });
    cleanups.push(() => t.close());
    expect((await t.deps.files.get(BIG_KEY))!.bytes.equals(bigFile)).toBe(true);
    expect((await t.deps.files.get("images/drill/photo.jpg"))!.bytes.equals(jpeg)).toBe(true);
  }, 180_000);
});
