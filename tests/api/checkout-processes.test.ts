import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { content } from "../../seed/content/index.ts";
import { seedDatabase } from "../../seed/seed.ts";
import type { Database } from "../../server/db/client.ts";
import { orders, products } from "../../server/db/schema.ts";
import { startAppProcesses } from "../support/app-processes.ts";
import { BUYER_ADDRESS, paymentRequest, type QuotedRate } from "../support/payment-request.ts";
import { openTestDatabase } from "../support/test-app.ts";

/** Two app processes sharing one PostgreSQL: stock and idempotency must hold across them. */
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))("checkout across two app processes on PostgreSQL", () => {
  let database: Database;
  let dispose: () => Promise<void>;
  let dataDir: string;
  let ports: number[] = [];
  let stopProcesses = async () => {};

  beforeAll(async () => {
    const opened = await openTestDatabase("postgres");
    database = opened.database;
    dispose = opened.dispose;
    await database.migrate();
    await seedDatabase(database.db, content);
    dataDir = mkdtempSync(path.join(tmpdir(), "heartwood-procs-"));
    ({ ports, stop: stopProcesses } = await startAppProcesses(2, {
      DATABASE_URL: opened.url!,
      DATA_DIR: dataDir,
      FORM_RATE_LIMIT: "1000/60",
    }));
  }, 60_000);

  afterAll(async () => {
    await stopProcesses();
    await dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const post = (port: number, p: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`http://127.0.0.1:${port}${p}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });

  it("serves browsing, enquiries and sign-ups from both processes into one database", async () => {
    const reads = [
      "/api/Products",
      "/api/Slabs",
      "/api/Website/search?query=walnut",
      "/api/HomePage?takeProducts=10",
      "/healthz",
    ];
    const results = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const port = ports[i % 2]!;
        const read = await fetch(`http://127.0.0.1:${port}${reads[i % reads.length]}`);
        const sub = await post(port, "/api/website/subscribe", { email: `reader${i}@example.com` });
        const form = new FormData();
        for (const [k, v] of Object.entries({
          firstName: "Ada",
          lastName: `Reader ${i}`,
          email: `reader${i}@example.com`,
          enquiryType: "General Inquiry",
          details: "A question about delivery.",
        }))
          form.append(k, v);
        const enquiry = await fetch(`http://127.0.0.1:${port}/api/website/contact`, { method: "POST", body: form });
        return [read.status, sub.status, enquiry.status];
      }),
    );
    expect(results.flat().every((s) => s === 200 || s === 204)).toBe(true);
    const count = async (table: string) =>
      Number(
        (
          (await database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
            rows: { n: number }[];
          }
        ).rows[0]!.n,
      );
    expect(await count("subscriptions")).toBe(40);
    expect(await count("enquiries")).toBe(40);
    expect(await count("mail_outbox")).toBeGreaterThanOrEqual(40);
  }, 60_000);

  it("sells exactly the five in stock to fifty concurrent buyers, and both processes see it", async () => {
    const [piece] = await database.db.select().from(products).where(eq(products.customShipping, false)).limit(1);
    await database.db.update(products).set({ stock: 5 }).where(eq(products.id, piece!.id));
    // Both processes answer the catalog from memory; each must see the new stock and, later, the sale.
    for (const port of ports) await fetch(`http://127.0.0.1:${port}/api/Products/${piece!.id}`);

    const line = { id: piece!.id, quantity: 1 };
    const quote = (await (
      await post(ports[0]!, "/api/shipping/rates", { ...BUYER_ADDRESS, products: [line] })
    ).json()) as {
      rates: QuotedRate[];
    };
    const rate = quote.rates[0]!;
    const unit = piece!.salePrice ?? piece!.price;
    const body = paymentRequest({ id: piece!.id, title: piece!.title, unit, rate });

    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post(ports[i % 2]!, "/api/payment/process-payment", body, {
          "Idempotency-Key": `race-${i}-${Date.now()}`,
        }).then(async (r) => ({
          status: r.status,
          json: (await r.json()) as { status?: string; error?: { code: string; message: string } },
        })),
      ),
    );
    const approved = answers.filter((a) => a.status === 200 && a.json.status === "approved");
    const refused = answers.filter((a) => a.status === 409);
    expect(approved).toHaveLength(5);
    expect(refused).toHaveLength(45);
    // Refused once the units are sold (or, past the wait, while other buyers' payments still hold them).
    for (const r of refused) {
      expect(["sold_out", "being_paid_for"]).toContain(r.json.error?.code);
      expect(r.json.error?.message).toMatch(/sold out|paying for/);
    }
    // Whether a refusal in the race read 'being paid for' or 'sold out' depends on its timing; a buyer
    // after it, on either process, is told the piece is sold out.
    for (const port of ports) {
      const late = await post(port, "/api/payment/process-payment", body, {
        "Idempotency-Key": `late-${port}-${Date.now()}`,
      });
      expect(late.status).toBe(409);
      expect(((await late.json()) as { error?: { code: string } }).error?.code).toBe("sold_out");
    }
    const paid = await database.db.select().from(orders).where(eq(orders.status, "paid"));
    expect(paid).toHaveLength(5);
    expect(await database.db.select().from(orders).where(eq(orders.status, "pending"))).toHaveLength(0);
    const [after] = await database.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, piece!.id));
    expect(after!.stock).toBe(0);

    // The change reached both processes' cached catalog answers.
    for (const port of ports) {
      await expect
        .poll(
          async () =>
            ((await (await fetch(`http://127.0.0.1:${port}/api/Products/${piece!.id}`)).json()) as { stock: number })
              .stock,
        )
        .toBe(0);
    }
  }, 120_000);
  it("takes and gives back stock without deadlocks: 40 payments of [X, Y] and [Y, X] across both processes, some declined", async () => {
    const pieces = await database.db.select().from(products).where(eq(products.customShipping, false)).limit(6);
    const [x, y] = pieces.filter((p) => p.type !== "Divergence").slice(2, 4);
    const initial = 15;
    await database.db.update(products).set({ stock: initial }).where(sql`${products.id} in (${x!.id}, ${y!.id})`);
    const unit = (p: typeof x) => p!.salePrice ?? p!.price;
    const lines = (first: typeof x, second: typeof x) =>
      [first, second].map((p) => ({ id: p!.id, quantity: 1, title: p!.title, price: unit(p), total: unit(p) }));
    const quoteFor = async (ls: ReturnType<typeof lines>) =>
      (
        (await (await post(ports[0]!, "/api/shipping/rates", { ...BUYER_ADDRESS, products: ls })).json()) as {
          rates: QuotedRate[];
        }
      ).rates[0]!;
    const xy = lines(x, y);
    const yx = lines(y, x);
    const rateXY = await quoteFor(xy);
    const rateYX = await quoteFor(yx);
    const bodyFor = (ls: typeof xy, rate: typeof rateXY, declined: boolean) => {
      const base = paymentRequest({ id: x!.id, title: x!.title, unit: unit(x), rate });
      const subtotal = Math.round((unit(x) + unit(y)) * 100) / 100;
      return {
        ...base,
        account: declined ? "4387751111111038" : base.account,
        products: ls,
        // The pair's goods, the rate's shipping and the rate's sales tax (the buyer is in PA).
        amount: Math.round((subtotal + Number(rate.amount) + (rate.tax ?? 0)) * 100) / 100,
      };
    };

    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => {
        const body = i % 2 === 0 ? bodyFor(xy, rateXY, i % 3 === 0) : bodyFor(yx, rateYX, i % 3 === 0);
        return post(ports[i % 2]!, "/api/payment/process-payment", body, {
          "Idempotency-Key": `order-${i}-${Date.now()}`,
        }).then(async (r) => ({
          status: r.status,
          json: (await r.json()) as { status?: string; error?: { code: string } },
        }));
      }),
    );
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    const approved = answers.filter((a) => a.json.status === "approved").length;
    expect(approved).toBeGreaterThan(0);
    for (const a of answers.filter((a) => a.status === 409))
      expect(["sold_out", "being_paid_for"]).toContain(a.json.error?.code);

    const sold = async (id: number) =>
      Number(
        (
          (await database.db.execute(
            sql`select coalesce(sum(l.quantity), 0)::int as n from order_lines l join orders o on o.id = l.order_id where o.status = 'paid' and l.item_id = ${id} and l.kind = 'product'`,
          )) as unknown as { rows: { n: number }[] }
        ).rows[0]!.n,
      );
    for (const p of [x!, y!]) {
      const [row] = await database.db.select({ stock: products.stock }).from(products).where(eq(products.id, p.id));
      expect(row!.stock + (await sold(p.id))).toBe(initial);
    }
    expect(await database.db.select().from(orders).where(eq(orders.status, "pending"))).toHaveLength(0);
    const pendingKeys = await database.db.execute(sql`select key from payment_attempts where status = 'pending'`);
    expect((pendingKeys as unknown as { rows: unknown[] }).rows).toHaveLength(0);
  }, 120_000);
});
