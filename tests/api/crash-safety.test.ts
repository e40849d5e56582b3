/**
 * Crash safety: the real server (server/main.ts, as a child process) under concurrent orders,
 * enquiries and subscriptions is killed with SIGKILL mid-flight, then started again on the same
 * data. Everything that was answered as a success must be there afterwards, whole (an order
 * paid with its lines and its two mails, an enquiry with its photo and its mail, a
 * subscription), and no stock may be half-taken: what is on the shelf plus what orders hold
 * equals what was there at the start.
 */
import type { ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { content } from "../../seed/content/index.ts";
import { prepareDatabase } from "../../server/bootstrap.ts";
import { type Database, openDatabase } from "../../server/db/client.ts";
import { products } from "../../server/db/schema.ts";
import { imagesMarker } from "../../server/images/prepare-images.ts";
import { createLogger } from "../../server/logger.ts";
import { type MainProcess, startMainProcess } from "../support/main-process.ts";
import { BUYER_ADDRESS, paymentRequest, type QuotedRate } from "../support/payment-request.ts";
import { dbKinds, GENEROUS_CHECKOUT_LIMITS, openTestDatabase } from "../support/test-app.ts";

const START_STOCK = 500;
const PIECES = 4;
/** Orders answered before the kill is pulled; the load stops at this or after LOAD_MS. */
const TARGET_ORDERS = 30;
const LOAD_MS = 12_000;

const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#8a5a36" } })
  .jpeg()
  .toBuffer();

type Server = MainProcess;

const startServer = (env: Record<string, string>) => startMainProcess(env, 45_000);

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });

async function waitHealthy(port: number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("server never became healthy");
}

type Piece = { id: number; title: string; unit: number };
type AnsweredOrder = { ref: string; pieceId: number; quantity: number };

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

type Answered = { orders: AnsweredOrder[]; enquiries: string[]; subscriptions: string[] };

/**
 * What must hold whatever moment the kill came at: every answered order paid, whole, with its two
 * mails; every answered enquiry with its photo in the file store and (unless spam) its mail; every answered
 * subscription; and per piece, shelf + paid + pending = the starting stock. Returns the pending
 * orders' refs.
 */
async function check(db: Database, answered: Answered, pieces: Piece[]) {
  const orderRows = rowsOf<{ ref: string; status: string; quantity: number; lines: number; mails: number }>(
    await db.db.execute(sql`
      select o.order_ref as ref, o.status,
             coalesce((select sum(quantity) from order_lines l where l.order_id = o.id), 0)::int as quantity,
             (select count(*) from order_lines l where l.order_id = o.id)::int as lines,
             (select count(*) from mail_outbox m where m.subject like '%' || o.order_ref || '%')::int as mails
        from orders o`),
  );
  const byRef = new Map(orderRows.map((o) => [o.ref, o]));
  for (const o of answered.orders) {
    expect(byRef.get(o.ref), `order ${o.ref}`).toMatchObject({ status: "paid", quantity: o.quantity, lines: 1 });
  }
  for (const o of orderRows) {
    expect(["paid", "pending"], `status of order ${o.ref}`).toContain(o.status);
    expect(o.lines, `lines of order ${o.ref}`).toBe(1);
    if (o.status === "paid") expect(o.mails, `mails of order ${o.ref}`).toBe(2);
  }

  const held = rowsOf<{ id: number; stock: number; paid: number; pending: number }>(
    await db.db.execute(sql`
      select p.id, p.stock,
             coalesce(sum(l.quantity) filter (where o.status = 'paid'), 0)::int as paid,
             coalesce(sum(l.quantity) filter (where o.status = 'pending'), 0)::int as pending
        from products p
        left join order_lines l on l.kind = 'product' and l.item_id = p.id
        left join orders o on o.id = l.order_id
       where p.id in (${sql.join(
         pieces.map((p) => sql`${p.id}`),
         sql`, `,
       )})
       group by p.id, p.stock`),
  );
  expect(held).toHaveLength(pieces.length);
  for (const h of held) expect(h.stock + h.paid + h.pending, `stock of piece ${h.id}`).toBe(START_STOCK);

  const enquiryRows = rowsOf<{
    id: number;
    details: string;
    spam: boolean;
    images: { path: string }[];
    mails: number;
    stored: number;
  }>(
    await db.db.execute(sql`
      select e.id, e.fields->>'details' as details, e.spam, e.images,
             (select count(*) from mail_outbox m where m.text like '%(#' || e.id || ')%')::int as mails,
             (select count(*) from blobs b where b.key = e.images->0->>'path')::int as stored
        from enquiries e`),
  );
  const byMarker = new Map(enquiryRows.map((e) => [e.details, e]));
  for (const marker of answered.enquiries) {
    const row = byMarker.get(marker);
    expect(row, `enquiry ${marker}`).toBeDefined();
    expect(row!.images).toHaveLength(1);
    expect(row!.stored, `photo of ${marker}`).toBe(1);
  }
  // A sent mail's body is cleared (only a queued one still names its enquiry): one mail each, counted together.
  for (const e of enquiryRows) if (!e.spam) expect(e.mails, `mail of enquiry ${e.id}`).toBeLessThanOrEqual(1);
  const [studioMails] = rowsOf<{ n: number }>(
    await db.db.execute(sql`select count(*)::int as n from mail_outbox where kind in ('enquiry', 'custom-design')`),
  );
  expect(studioMails!.n, "mails of the enquiries").toBe(enquiryRows.filter((e) => !e.spam).length);

  const emails = new Set(
    rowsOf<{ email: string }>(await db.db.execute(sql`select email from subscriptions`)).map((s) => s.email),
  );
  for (const email of answered.subscriptions) expect(emails.has(email), `subscription ${email}`).toBe(true);

  return { pending: orderRows.filter((o) => o.status === "pending").map((o) => o.ref) };
}

describe.each(dbKinds)("crash safety on %s", (kind) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  it("keeps every answered order, enquiry and subscription through a SIGKILL, and takes no stock by halves", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "heartwood-crash-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));

    // main.ts serves the site from a build; these requests never reach a page, so an empty
    // module stands in for it (a clean checkout has no build).
    const buildDir = path.join(dataDir, "site-build");
    mkdirSync(path.join(buildDir, "server"), { recursive: true });
    writeFileSync(path.join(buildDir, "server", "index.js"), "export const routes = {};\n");
    // The studio's images are not needed either: mark them drawn, as a finished first start does.
    mkdirSync(path.join(dataDir, "images"), { recursive: true });
    writeFileSync(imagesMarker(dataDir, content), "");

    // The database, seeded, with plenty of stock on a few shippable pieces.
    let database: Database;
    let databaseUrl: string | undefined;
    if (kind === "postgres") {
      const opened = await openTestDatabase("postgres");
      cleanups.push(opened.dispose);
      database = opened.database;
      databaseUrl = opened.url;
    } else {
      database = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "db") });
    }
    await prepareDatabase(database, content, createLogger("silent"));
    const candidates = await database.db
      .select()
      .from(products)
      .where(
        and(
          eq(products.customShipping, false),
          eq(products.status, "Active"),
          ne(products.visibility, "Hidden"),
          isNull(products.parentId),
        ),
      )
      .limit(PIECES);
    const pieces: Piece[] = candidates.map((p) => ({ id: p.id, title: p.title, unit: p.salePrice ?? p.price }));
    expect(pieces).toHaveLength(PIECES);
    await database.db
      .update(products)
      .set({ stock: START_STOCK })
      .where(
        inArray(
          products.id,
          pieces.map((p) => p.id),
        ),
      );
    // PGlite belongs to one process: hand it to the server.
    if (kind === "pglite") await database.close();

    const env: Record<string, string> = {
      ...(process.env as Record<string, string>),
      NODE_ENV: "test",
      LOG_LEVEL: "info",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      APP_BUILD_DIR: buildDir,
      FORM_RATE_LIMIT: "1000000/60",
      ...GENEROUS_CHECKOUT_LIMITS,
    };
    delete env.DATABASE_URL;
    if (databaseUrl) env.DATABASE_URL = databaseUrl;

    const first = await startServer(env);
    cleanups.push(() => {
      first.child.kill("SIGKILL");
    });
    await waitHealthy(first.port);
    const base = `http://127.0.0.1:${first.port}`;

    // ---- the load ------------------------------------------------------------------------
    const answered = { orders: [] as AnsweredOrder[], enquiries: [] as string[], subscriptions: [] as string[] };
    const sent = { orders: 0, enquiries: 0, subscriptions: 0 };
    const unexpected: string[] = [];
    let killed = false;
    /** How long answered payments took; and a hook to learn when the next payment is sent. */
    const paymentMs: number[] = [];
    let paymentSent = () => {};
    let serial = 0;
    const json = (p: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${base}${p}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });

    async function order(): Promise<void> {
      const n = ++serial;
      const piece = pieces[n % pieces.length]!;
      const quantity = 1 + (n % 3);
      const line = { id: piece.id, quantity };
      const rates = await json("/api/shipping/rates", { ...BUYER_ADDRESS, products: [line] });
      if (rates.status !== 200) throw new Error(`rates answered ${rates.status}: ${await rates.text()}`);
      const rate = ((await rates.json()) as { rates: QuotedRate[] }).rates[0]!;
      sent.orders++;
      const sentAt = Date.now();
      paymentSent();
      const res = await json(
        "/api/payment/process-payment",
        paymentRequest(
          { id: piece.id, title: piece.title, unit: piece.unit, quantity, rate },
          { email: `buyer-${n}@example.com` },
        ),
        { "Idempotency-Key": `crash-${kind}-${n}-${Date.now()}` },
      );
      const answer = (await res.json()) as { status?: string; orderId?: string };
      if (res.status !== 200 || answer.status !== "approved")
        throw new Error(`payment answered ${res.status}: ${JSON.stringify(answer)}`);
      answered.orders.push({ ref: answer.orderId!, pieceId: piece.id, quantity });
      paymentMs.push(Date.now() - sentAt);
    }

    async function enquiry(): Promise<void> {
      const marker = `crash-${kind}-enquiry-${++serial}`;
      const form = new FormData();
      const fields = {
        firstName: "Ada",
        lastName: "Lovelace",
        email: "ada@example.com",
        enquiryType: "Dining Table",
        details: marker,
        baseType: "Wood base",
        edgeType: "Live edge",
      };
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      form.append("image1", new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), "table.jpg");
      sent.enquiries++;
      const res = await fetch(`${base}/api/website/contact`, {
        method: "POST",
        body: form,
        signal: AbortSignal.timeout(30_000),
      });
      if (res.status !== 204) throw new Error(`contact answered ${res.status}: ${await res.text()}`);
      answered.enquiries.push(marker);
    }

    async function subscription(): Promise<void> {
      const email = `crash-${kind}-${++serial}@example.com`;
      sent.subscriptions++;
      const res = await json("/api/website/subscribe", { email });
      if (res.status !== 204) throw new Error(`subscribe answered ${res.status}: ${await res.text()}`);
      answered.subscriptions.push(email);
    }

    const worker = async (task: () => Promise<void>) => {
      while (!killed) {
        try {
          await task();
        } catch (err) {
          // After the kill, requests in flight fail: that is the point. Before it, nothing may.
          if (!killed) unexpected.push(String(err));
        }
      }
    };
    const started = Date.now();
    // Payments outnumber the rest, so the kill is likely to find one between taking stock and being paid.
    const load = Promise.all([order, order, order, order, order, enquiry, enquiry, subscription].map(worker));
    while (answered.orders.length < TARGET_ORDERS && Date.now() - started < LOAD_MS) {
      await new Promise((r) => setTimeout(r, 20));
    }
    // Pull the plug at an arbitrary moment of a payment (the next one sent), every worker mid-request.
    await new Promise<void>((resolve) => {
      paymentSent = resolve;
    });
    const typical = paymentMs.sort((a, b) => a - b)[Math.floor(paymentMs.length / 2)] ?? 20;
    await new Promise((r) => setTimeout(r, Math.random() * typical));
    killed = true;
    first.child.kill("SIGKILL");
    await load;
    await exited(first.child);
    expect(unexpected).toEqual([]);
    expect(answered.orders.length).toBeGreaterThan(0);
    expect(answered.enquiries.length).toBeGreaterThan(0);
    expect(answered.subscriptions.length).toBeGreaterThan(0);
    let pendingAfterKill = 0;
    const inFlight =
      sent.orders -
      answered.orders.length +
      (sent.enquiries - answered.enquiries.length) +
      (sent.subscriptions - answered.subscriptions.length);

    // On PostgreSQL the database can be read while no server runs: nothing half-written, as the
    // kill left it. (PGlite is read after the restart: the server is the one to recover it.)
    if (kind === "postgres") {
      const left = await check(database, answered, pieces);
      pendingAfterKill = left.pending.length;
    }

    // ---- the restart -----------------------------------------------------------------------
    const logs = async (run: Server, stop: () => Promise<void>) => {
      await waitHealthy(run.port);
      await stop();
      run.child.kill("SIGTERM");
      await exited(run.child);
      expect(run.child.exitCode).toBe(0);
      return run.output
        .filter((line) => line.includes("Released a pending order"))
        .map((line) => (JSON.parse(line) as { orderRef: string }).orderRef);
    };
    const second = await startServer(env);
    cleanups.push(() => {
      second.child.kill("SIGKILL");
    });
    const releasedAtRestart = await logs(second, async () => {
      // It serves as before.
      const rates = await fetch(`http://127.0.0.1:${second.port}/api/shipping/rates`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ ...BUYER_ADDRESS, products: [{ id: pieces[0]!.id, quantity: 1 }] }),
      });
      expect(rates.status).toBe(200);
    });

    // ---- what the database holds ------------------------------------------------------------
    const db = kind === "pglite" ? await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "db") }) : database;
    if (kind === "pglite") cleanups.push(() => db.close());
    let after = await check(db, answered, pieces);
    let released = releasedAtRestart.length;
    for (const ref of releasedAtRestart) expect(answered.orders.map((o) => o.ref)).not.toContain(ref);
    if (kind === "pglite") {
      // One process per PGlite database: whatever was pending at the start was the dead one's.
      expect(after.pending).toEqual([]);
      pendingAfterKill = released;
    } else {
      // Other processes may be mid-payment: only a dead process's orders are settled, once its
      // lease has run out (seconds after the kill). Let it run out now, and start once more.
      expect(released).toBe(0);
      await db.db.execute(sql`update process_leases set expires_at = now() - interval '1 second'`);
      const third = await startServer(env);
      cleanups.push(() => {
        third.child.kill("SIGKILL");
      });
      const releasedLater = await logs(third, async () => undefined);
      expect(releasedLater.sort()).toEqual(after.pending.sort());
      released = releasedLater.length;
      after = await check(db, answered, pieces);
      expect(after.pending).toEqual([]);
    }

    console.log(
      `crash (${kind}): ${answered.orders.length} orders, ${answered.enquiries.length} enquiries, ` +
        `${answered.subscriptions.length} subscriptions answered before SIGKILL, ${inFlight} requests in flight; ` +
        `all present after restart; ${pendingAfterKill} orders left pending by the kill, ${released} released with their stock`,
    );
  }, 120_000);
});
