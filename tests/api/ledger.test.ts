/**
 * An order's money is its ledger (domain/ledger.ts): after a checkout with a deposit, the balance
 * paid from the order's page, a charge the studio added, a payment taken in person and a partial
 * refund, the studio's order page, the buyer's page, the CSV row and Today's takings all show the
 * ledger's figures to the cent. And an order written by the previous release (its checkout's
 * charge on the order row only, its refunds of it pointing nowhere) reads the same paid, given
 * back and due once the ledger's migration has run.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decimalText, formatCents, parseDollars, toCents } from "../../domain/money.ts";
import { orderPayments, orderRefunds, orders } from "../../server/db/schema.ts";
import { moneyOf } from "../../server/orders/ledger.ts";
import { newOrderLink } from "../../server/orders/links.ts";
import { authRequest } from "../support/auth-request.ts";
import { buyDivergenceTable } from "../support/buy.ts";
import { countingApp, type countingGateway } from "../support/counting-gateway.ts";
import { asStaff, devSiteForFile, formBody, newKey, type Send, textOf } from "../support/studio.ts";
import { type DbKind, dbKinds, openTestDatabase, type TestApp } from "../support/test-app.ts";

const siteBuild = devSiteForFile();

describe.each(dbKinds)("the ledger on %s", (kind: DbKind) => {
  let t: TestApp;
  let send: Send;
  let session: { cookie: string; csrf: string };
  let gw: ReturnType<typeof countingGateway>;
  const db = () => t.deps.database.db;

  beforeAll(async () => {
    ({ t, send, session, gw } = await countingApp(kind, siteBuild()));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const studio = (pathAndQuery: string, fields?: Record<string, string>) =>
    asStaff(send, session, pathAndQuery, fields);

  /** This week's takings as Today shows them, in cents. */
  const weekTakings = async () => {
    const page = await textOf(await studio("/studio"));
    const shown = /This week: <strong>([^<]+)<\/strong>/.exec(page)?.[1];
    expect(shown).toBeDefined();
    return parseDollars(shown!.replace(/^-/, ""))! * (shown!.startsWith("-") ? -1 : 1);
  };

  it("shows the same paid, given back and due on every screen after a mix of payments and a refund", async () => {
    const takenBefore = await weekTakings();
    const email = `ledger-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const bought = await buyDivergenceTable(t, { email, payNow: "deposit" });
    expect(bought.res.status).toBe(200);
    const [order] = await db().select().from(orders).where(eq(orders.orderRef, bought.ref));
    const id = order!.id;
    const total = toCents(order!.total);
    const deposit = toCents(bought.deposit!);
    expect(deposit).toBeLessThan(total);
    const token = await newOrderLink(db(), id);

    // The balance of the order, paid from its page.
    const balance = await send(`/orders/${token}`, {
      method: "POST",
      body: formBody({
        account: "4111 1111 1111 1111",
        expiry: "12/30",
        cvv2: "123",
        name: "Ada Lovelace",
        amount: decimalText(total - deposit),
        key: newKey(),
      }),
    });
    expect(balance.status).toBe(200);
    expect(gw.charged.at(-1)!.amount).toBe(decimalText(total - deposit));

    // A delivery the studio added, part of it paid in cash at the studio.
    expect(
      (await studio(`/studio/orders/${id}?intent=charge`, { label: "White-glove delivery", chargeAmount: "150.25" }))
        .status,
    ).toBe(200);
    const cash = await studio(`/studio/orders/${id}?intent=in-person`, {
      paidMethod: "cash",
      paidAmount: "100.10",
      paidReference: "",
      key: newKey(),
    });
    expect(cash.status).toBe(200);
    expect(await textOf(cash)).toContain("$50.15 is still due");

    // Part of the deposit given back to the card.
    const refund = await studio(`/studio/orders/${id}?intent=refund`, {
      kind: "refund",
      amount: "25.55",
      payment: "checkout",
      confirm: "1",
    });
    expect(refund.status).toBe(200);

    // The ledger: each movement a row.
    const payments = await db().select().from(orderPayments).where(eq(orderPayments.orderId, id));
    expect(payments.map((p) => [p.source, p.method, toCents(p.amount)]).sort()).toEqual(
      [
        ["checkout", "card", deposit],
        ["in_person", "cash", 100_10],
        ["order_page", "card", total - deposit],
      ].sort(),
    );
    const money = await moneyOf(db(), order!);
    expect(money).toMatchObject({
      comesTo: total + 150_25,
      paid: total + 100_10,
      refunded: 25_55,
      net: total + 100_10 - 25_55,
      due: 50_15,
      byMethod: { card: total, cash: 100_10 },
    });
    // The old running totals are still written beside it, for the previous release.
    const [mirror] = await db().select().from(orders).where(eq(orders.id, id));
    expect([mirror!.paidTotal, mirror!.refundedTotal, mirror!.chargesTotal].map(toCents)).toEqual([
      money.paid,
      money.refunded,
      money.charges,
    ]);

    // The studio's order page.
    const page = await textOf(await studio(`/studio/orders/${id}`));
    expect(page).toContain(`In all: ${formatCents(money.paid)} paid of ${formatCents(money.comesTo)}`);
    expect(page).toContain(`Given back: ${formatCents(money.refunded)}`);
    expect(page).toContain(`${formatCents(money.due)} due from the buyer`);

    // The buyer's page: its due, and the form asks for exactly that.
    const buyer = await textOf(await send(`/orders/${token}`));
    expect(buyer).toContain(`${formatCents(money.due)} due`);
    expect(buyer).toContain(`name="amount" value="${decimalText(money.due)}"`);
    expect(buyer).toContain(`−${formatCents(money.refunded)}`);

    // The CSV's row: paid, refunded and due.
    const csv = (await (await studio("/studio/orders.csv")).text()).split("\r\n");
    const columns = csv[0]!.split(",");
    const row = csv
      .find((l) => l.startsWith(`"${bought.ref}"`))!
      .split(",")
      .map((c) => c.replace(/"/g, ""));
    const cell = (name: string) => row[columns.indexOf(name)];
    expect([cell("paid"), cell("refunded"), cell("due")]).toEqual([
      decimalText(money.paid),
      decimalText(money.refunded),
      decimalText(money.due),
    ]);

    // Today's takings: what was paid less what was given back, this week.
    expect((await weekTakings()) - takenBefore).toBe(money.net);
  });

  it("reads an order the previous release made paid during an upgrade, and gives back of its charge", async () => {
    // The previous release's checkout: the charge on the order row only, no ledger row for it.
    const ref = `HW-${Math.random().toString(36).slice(2, 10).toUpperCase()}`;
    const auth = await t.deps.gateway.auth(authRequest({ amount: "480.50", orderid: ref }));
    const [order] = await db()
      .insert(orders)
      .values({
        orderRef: ref,
        status: "paid",
        email: "upgrade@example.com",
        deliveryName: "Ada Buyer",
        address: { address: "12 Mill Road", city: "Lancaster", region: "PA", postal: "17602", country: "US" },
        subtotal: 600,
        shippingTotal: 0,
        total: 600,
        deposit: 480.5,
        paidTotal: 480.5,
        cardBrand: "visa",
        cardLast4: "1111",
        paymentRef: auth.retref,
        paidAt: new Date(),
      })
      .returning();
    expect(await moneyOf(db(), order!)).toMatchObject({ paid: 480_50, due: 119_50, refunded: 0 });
    const page = await textOf(await studio(`/studio/orders/${order!.id}`));
    expect(page).toContain("119.50 due from the buyer");

    const refund = await studio(`/studio/orders/${order!.id}?intent=refund`, {
      kind: "refund",
      amount: "80.50",
      payment: "checkout",
      confirm: "1",
    });
    expect(refund.status).toBe(200);
    const rows = await db().select().from(orderPayments).where(eq(orderPayments.orderId, order!.id));
    expect(rows.map((p) => [p.source, toCents(p.amount), toCents(p.refunded)])).toEqual([["checkout", 480_50, 80_50]]);
    expect(await moneyOf(db(), order!)).toMatchObject({ paid: 480_50, refunded: 80_50, due: 119_50 });
    const tooMuch = await studio(`/studio/orders/${order!.id}?intent=refund`, {
      kind: "refund",
      amount: "400.01",
      payment: "checkout",
      confirm: "1",
    });
    expect(tooMuch.status).toBe(400);
  });

  it("reads an order written by the previous release the same once migrated", async () => {
    const { database, dispose } = await openTestDatabase(kind, "empty");
    const real = path.resolve("server/db/migrations");
    const before = mkdtempSync(path.join(tmpdir(), "heartwood-migrations-"));
    cpSync(real, before, { recursive: true });
    const journalFile = path.join(before, "meta", "_journal.json");
    const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
    const upTo = journal.entries.findIndex((e) => e.tag.endsWith("_ledger"));
    expect(upTo).toBeGreaterThan(0);
    writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }));
    const dir = process.env.MIGRATIONS_DIR;
    try {
      process.env.MIGRATIONS_DIR = before;
      await database.migrate();
      const old = database.db;
      // As the previous release wrote them: the checkout's deposit on the order row, then a
      // delivery charge, a balance by card, a payment in cash, a refund of the deposit (its
      // payment_id null) and one of the card balance, and a refused refund.
      const [o] = (
        (await old.execute(sql`
          insert into orders (order_ref, status, email, delivery_name, address, subtotal, shipping_total, total,
                              payment_ref, deposit, paid_total, refunded_total, charges_total, paid_at)
          values ('HWOLD1', 'ready', 'old@example.com', 'Ada', '{}'::jsonb, 3000, 200, 3200,
                  'RET-CHECKOUT', 1000, 2350.10, 75.55, 150.10, now())
          returning id`)) as unknown as { rows: { id: number }[] }
      ).rows;
      const orderId = Number(o!.id);
      await old.execute(
        sql`insert into order_charges (order_id, label, amount) values (${orderId}, 'Delivery', 150.10)`,
      );
      const [balance] = (
        (await old.execute(sql`
          insert into order_payments (order_id, key, ref, amount, status, retref, refunded, method, settled_at)
          values (${orderId}, 'old-key-1', 'BOLD1', 1250, 'approved', 'RET-BAL', 50, 'card', now())
          returning id`)) as unknown as { rows: { id: number }[] }
      ).rows;
      await old.execute(sql`
        insert into order_payments (order_id, key, ref, amount, status, method, reference, settled_at)
        values (${orderId}, 'old-key-2', 'POLD1', 100.10, 'approved', 'cash', null, now()),
               (${orderId}, 'old-key-3', 'BOLD2', 99, 'declined', 'card', null, now())`);
      await old.execute(sql`
        insert into order_refunds (order_id, payment_id, kind, amount, respstat)
        values (${orderId}, null, 'refund', 25.55, 'A'),
               (${orderId}, ${Number(balance!.id)}, 'refund', 50, 'A'),
               (${orderId}, null, 'refund', 10, 'C')`);
      // What the previous release showed: its running totals.
      const [was] = await old.select().from(orders).where(eq(orders.id, orderId));
      const shown = {
        paid: toCents(was!.paidTotal),
        refunded: toCents(was!.refundedTotal),
        due: Math.max(0, toCents(was!.total) + toCents(was!.chargesTotal) - toCents(was!.paidTotal)),
      };

      process.env.MIGRATIONS_DIR = real;
      await database.migrate();
      const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId));
      const money = await moneyOf(database.db, order!);
      expect({ paid: money.paid, refunded: money.refunded, due: money.due }).toEqual(shown);
      expect(money).toMatchObject({ paid: 2350_10, refunded: 75_55, due: 1000_00 });
      // The checkout's charge is a payment of its own now, and its refunds point at it.
      const checkout = money.payments.find((p) => p.source === "checkout")!;
      expect(checkout).toMatchObject({ amount: 1000_00, refunded: 25_55, refundable: 974_45 });
      const [row] = await database.db.select().from(orderPayments).where(eq(orderPayments.id, checkout.id));
      expect(row).toMatchObject({ retref: "RET-CHECKOUT", ref: "HWOLD1", status: "approved" });
      const refunds = await database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
      expect(refunds.filter((r) => r.paymentId === null)).toEqual([]);
      expect(money.payments.find((p) => p.method === "cash")?.source).toBe("in_person");
      const all = await database.db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId));
      expect(all).toHaveLength(4);
    } finally {
      process.env.MIGRATIONS_DIR = dir;
      if (dir === undefined) delete process.env.MIGRATIONS_DIR;
      await dispose();
    }
  }, 120_000);
});
