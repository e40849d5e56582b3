/**
 * An order's money is its ledger (domain/ledger.ts): after a checkout with a deposit, the balance
 * paid from the order's page, a charge the studio added, a payment taken in person and a partial
 * refund, the studio's order page, the buyer's page, the CSV row and Today's takings all show the
 * ledger's figures to the cent. And an order written by the previous release (its checkout's
 * charge on the order row only, its refunds of it pointing nowhere) reads the same paid, given
 * back and due once the ledger's migration has run. Sales tax is given back with refunds in its
 * share of each payment's tax, to the cent, and every screen says it.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refundTaxOf } from "../../domain/ledger.ts";
import { decimalText, formatCents, parseDollars, toCents } from "../../domain/money.ts";
import { orderCharges, orderLines, orderPayments, orderRefunds, orders } from "../../server/db/schema.ts";
import { moneyOf } from "../../server/orders/ledger.ts";
import { newOrderLink } from "../../server/orders/links.ts";
import { refundTax } from "../../server/studio/order-refunds.ts";
import { authRequest } from "../support/auth-request.ts";
import { buyDivergenceTable, orderPagePayment } from "../support/buy.ts";
import { countingApp, type countingGateway } from "../support/counting-gateway.ts";
import { asStaff, devSiteForFile, newKey, type Send, textOf } from "../support/studio.ts";
import { type DbKind, dbKinds, openTestDatabase, type TestApp } from "../support/test-app.ts";

const siteBuild = devSiteForFile();

describe("a refund's sales tax", () => {
  it("is its share of its payment's tax: $530 of $1,060 paid with $60 tax gives back $30", () => {
    const payment = {
      id: 1,
      amount: 1060_00,
      tax: 60_00,
      refundable: 1060_00,
      refunded: 0,
      method: "card",
      source: "checkout",
    };
    expect(refundTax(payment, 530_00, [])).toBe(30_00);
    expect(refundTaxOf(payment, 530_00)).toBe(30_00);
    // The rest of the payment gives back the rest of its tax, whatever was given back before.
    const rows = [{ paymentId: 1, respstat: "A", tax: 30 }];
    expect(refundTax({ ...payment, refundable: 530_00 }, 530_00, rows)).toBe(30_00);
    // Never more than its tax: a refused refund held nothing back.
    expect(refundTax(payment, 1060_00, [{ paymentId: 1, respstat: "C", tax: 60 }])).toBe(60_00);
    expect(refundTax({ ...payment, tax: 0 }, 530_00, [])).toBe(0);
  });
});

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

  /** A signed amount as a page shows it ("-$5.50" too), in cents. */
  const signedCents = (shown: string) => parseDollars(shown.replace(/^-/, ""))! * (shown.startsWith("-") ? -1 : 1);

  /** This week's takings as Today shows them, in cents, and the sales tax it says is in them. */
  const weekFigures = async () => {
    const page = await textOf(await studio("/studio"));
    const week = /This week: <strong>([^<]+)<\/strong>([^<]*)(?:<span[^>]*>, of which sales tax ([^<]+)<\/span>)?/.exec(
      page,
    );
    expect(week).not.toBeNull();
    return { total: signedCents(week![1]!), tax: week![3] ? signedCents(week![3]) : 0 };
  };
  const weekTakings = async () => (await weekFigures()).total;

  /** The CSV's row of an order (its first line's), by column name. */
  const csvRow = async (ref: string) => {
    const csv = (await (await studio("/studio/orders.csv")).text()).split("\r\n");
    const columns = csv[0]!.split(",");
    const row = csv
      .find((l) => l.startsWith(`"${ref}"`))!
      .split(",")
      .map((c) => c.replace(/"/g, ""));
    return (name: string) => {
      expect(columns).toContain(name);
      return row[columns.indexOf(name)];
    };
  };

  /**
   * An order delivered to Pennsylvania, paid in full at the checkout: `goods` and its sales tax at
   * 6 %, delivery free, as the checkout writes it (the order's tax and rule, its payment's tax).
   */
  async function paidInPennsylvania(goods: number, tax: number, email = "pa-buyer@example.com") {
    const ref = `HW-${Math.random().toString(36).slice(2, 10).toUpperCase()}`;
    const total = (toCents(goods) + toCents(tax)) / 100;
    const auth = await t.deps.gateway.auth(authRequest({ amount: total.toFixed(2), orderid: ref }));
    const [order] = await db()
      .insert(orders)
      .values({
        orderRef: ref,
        status: "paid",
        email,
        deliveryName: "Ada Buyer",
        address: { address: "12 Mill Road", city: "Lancaster", region: "PA", postal: "17602", country: "US" },
        subtotal: goods,
        shippingTotal: 0,
        tax,
        taxRule: { state: "PA", rate: 6, delivery: true },
        total,
        paidTotal: total,
        cardBrand: "visa",
        cardLast4: "1111",
        paymentRef: auth.retref,
        paidAt: new Date(),
      })
      .returning();
    await db()
      .insert(orderPayments)
      .values({
        orderId: order!.id,
        key: `checkout-${ref}`,
        ref,
        amount: total,
        tax,
        status: "approved",
        retref: auth.retref,
        method: "card",
        source: "checkout",
        settledAt: order!.paidAt,
      });
    await db().insert(orderLines).values({
      orderId: order!.id,
      kind: "product",
      itemId: 1,
      title: "Walnut bench",
      unitPrice: goods,
      quantity: 1,
      total: goods,
    });
    return order!;
  }

  const refund = (id: number, amount: string, confirm = true) =>
    studio(`/studio/orders/${id}?intent=refund`, {
      kind: "refund",
      amount,
      payment: "checkout",
      ...(confirm ? { confirm: "1" } : {}),
    });
  const taxesGivenBack = async (id: number) =>
    (await db().select().from(orderRefunds).where(eq(orderRefunds.orderId, id)))
      .sort((a, b) => a.id - b.id)
      .map((r) => toCents(r.tax));

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
      body: orderPagePayment(decimalText(total - deposit)),
    });
    expect(balance.status).toBe(200);
    expect(gw.charged.at(-1)!.amount).toBe(decimalText(total - deposit));

    // A delivery the studio added (its sales tax in it, as the order's delivery is taxed), part of
    // it paid in cash at the studio.
    expect(
      (await studio(`/studio/orders/${id}?intent=charge`, { label: "White-glove delivery", chargeAmount: "150.25" }))
        .status,
    ).toBe(200);
    const [charge] = await db().select().from(orderCharges).where(eq(orderCharges.orderId, id));
    const charged = toCents(charge!.amount);
    expect(charged).toBe(150_25 + toCents(charge!.tax));
    const cash = await studio(`/studio/orders/${id}?intent=in-person`, {
      paidMethod: "cash",
      paidAmount: "100.10",
      paidReference: "",
      key: newKey(),
    });
    expect(cash.status).toBe(200);
    expect(await textOf(cash)).toContain(`${formatCents(charged - 100_10)} is still due`);

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
      comesTo: total + charged,
      paid: total + 100_10,
      refunded: 25_55,
      net: total + 100_10 - 25_55,
      due: charged - 100_10,
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
    // The sums under the pieces: the order's sales tax, the charge with its own, and all of it.
    expect(page).toMatch(/<dt>Sales tax \(PA 6%\)<\/dt><dd>\$[\d,.]+<\/dd>/);
    expect(page).toContain(
      `<dt>In all<span class="studio-sums__note">with ${formatCents(money.tax.comesTo)} sales tax`,
    );
    expect(page).toContain(`<dd>${formatCents(money.comesTo)}</dd>`);
    if (charge!.tax > 0) expect(page).toContain(`with ${formatCents(toCents(charge!.tax))} sales tax`);

    // The buyer's page: its due, and the form asks for exactly that.
    const buyer = await textOf(await send(`/orders/${token}`));
    expect(buyer).toContain(`${formatCents(money.due)} due`);
    expect(buyer).toContain(`name="amount" value="${decimalText(money.due)}"`);
    expect(buyer).toContain(`−${formatCents(money.refunded)}`);

    // The CSV's row: paid, refunded and due, and the sales tax (the buyer is in Pennsylvania).
    const cell = await csvRow(bought.ref);
    expect([cell("paid"), cell("refunded"), cell("due")]).toEqual([
      decimalText(money.paid),
      decimalText(money.refunded),
      decimalText(money.due),
    ]);
    expect(money.tax.comesTo).toBeGreaterThan(0);
    expect(money.tax.refunded).toBeGreaterThan(0);
    expect([cell("tax"), cell("tax_refunded")]).toEqual([
      decimalText(money.tax.comesTo),
      decimalText(money.tax.refunded),
    ]);

    // Today's takings: what was paid less what was given back, this week.
    expect((await weekTakings()) - takenBefore).toBe(money.net);
  });

  it("gives back half the tax with half of a payment, and the rest of it with the rest, to the cent", async () => {
    const before = await weekFigures();
    // The sandbox declines charges from $1,000 to $1,999.99 (server/payments/sandbox.ts).
    const order = await paidInPennsylvania(2000, 120, "half-back@example.com");

    // Asked first, with the tax in it; then given back, the row keeping its tax.
    const asked = await textOf(await refund(order.id, "1060.00", false));
    expect(asked).toContain("Refund $1,060.00 to Visa ending 1111? It includes $60.00 sales tax.");
    const done = await refund(order.id, "1060.00");
    expect(done.status).toBe(200);
    const page = await textOf(done);
    expect(page).toContain(
      "Refunded $1,060.00 to Visa ending 1111. It includes $60.00 sales tax. The buyer is mailed.",
    );
    expect(await taxesGivenBack(order.id)).toEqual([60_00]);
    const money = await moneyOf(db(), order);
    expect(money).toMatchObject({ paid: 2120_00, refunded: 1060_00, due: 0 });
    expect(money.tax).toEqual({ comesTo: 120_00, paid: 120_00, refunded: 60_00 });

    // The order page: the tax as its own line, the tax given back, the refund's row with its tax.
    const shown = await textOf(await studio(`/studio/orders/${order.id}`));
    expect(shown).toMatch(/<dt>Subtotal<\/dt><dd>\$2,000<\/dd>/);
    expect(shown).toMatch(/<dt>Sales tax \(PA 6%\)<\/dt><dd>\$120<\/dd>/);
    expect(shown).toMatch(/<dt>Total<\/dt><dd>\$2,120<\/dd>/);
    expect(shown).toContain("Given back: $1,060");
    expect(shown).toContain("$60 of it sales tax");
    expect(shown).toContain("Refunded $1,060.00 to Visa ending 1111, $60.00 of it sales tax");

    // The buyer's mail says the tax in it.
    const mail = (await t.sentMails()).find((m) => m.to === "half-back@example.com" && m.kind === "order-refund")!;
    expect(mail.text).toContain(
      `We have refunded $1,060.00 to your Visa ending 1111 for your order ${order.orderRef}. Of that, $60.00 is sales tax.`,
    );

    // The CSV: the tax, what of it was given back, and what is due.
    const cell = await csvRow(order.orderRef);
    expect([cell("tax"), cell("tax_refunded"), cell("total"), cell("refunded"), cell("due")]).toEqual([
      "120.00",
      "60.00",
      "2120.00",
      "1060.00",
      "0.00",
    ]);

    // Today: the takings, and how much of them is sales tax (paid less given back).
    const after = await weekFigures();
    expect(after.total - before.total).toBe(1060_00);
    expect(after.tax - before.tax).toBe(60_00);

    // The rest in odd pieces: the one that clears the payment gives back the rest of its tax.
    for (const part of ["0.01", "176.66", "0.07"]) expect((await refund(order.id, part)).status).toBe(200);
    expect((await refund(order.id, "883.26")).status).toBe(200);
    const taxes = await taxesGivenBack(order.id);
    expect(taxes.reduce((a, b) => a + b, 0)).toBe(120_00);
    expect(taxes[0]).toBe(60_00);
    expect((await moneyOf(db(), order)).tax).toEqual({ comesTo: 120_00, paid: 120_00, refunded: 120_00 });
    const whole = await csvRow(order.orderRef);
    expect([whole("tax_refunded"), whole("refunded")]).toEqual(["120.00", "2120.00"]);
  });

  it("gives back exactly a payment's tax with a void of it, and says so", async () => {
    // 6 % of $333.33 is $19.9998: the order's tax is $20.00.
    const order = await paidInPennsylvania(333.33, 20, "void-back@example.com");
    const asked = await textOf(
      await studio(`/studio/orders/${order.id}?intent=refund`, { kind: "void", amount: "", payment: "checkout" }),
    );
    expect(asked).toContain("Void the whole $353.33 charge to Visa ending 1111? It includes $20.00 sales tax.");
    const voided = await studio(`/studio/orders/${order.id}?intent=refund`, {
      kind: "void",
      amount: "",
      payment: "checkout",
      confirm: "1",
    });
    expect(voided.status).toBe(200);
    expect(await textOf(voided)).toContain(
      "Voided the whole $353.33 charge to Visa ending 1111. It includes $20.00 sales tax.",
    );
    expect(await taxesGivenBack(order.id)).toEqual([20_00]);
    expect((await moneyOf(db(), order)).tax).toEqual({ comesTo: 20_00, paid: 20_00, refunded: 20_00 });
    const mail = (await t.sentMails()).find((m) => m.to === "void-back@example.com" && m.kind === "order-void")!;
    expect(mail.text).toContain("so it will not be taken. Of that, $20.00 is sales tax.");
  });

  it("gives back no tax and says none on an order that paid none", async () => {
    const order = await paidInPennsylvania(200, 0, "no-tax@example.com");
    await db().update(orders).set({ taxRule: null }).where(eq(orders.id, order.id));
    const done = await textOf(await refund(order.id, "50.00"));
    expect(done).toContain("Refunded $50.00 to Visa ending 1111. The buyer is mailed.");
    expect(done).not.toContain("sales tax.");
    expect(await taxesGivenBack(order.id)).toEqual([0]);
    const cell = await csvRow(order.orderRef);
    expect([cell("tax"), cell("tax_refunded"), cell("due")]).toEqual(["0.00", "0.00", "0.00"]);
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
      // What the previous release showed: its running totals (read column by column, as its
      // orders have none of the columns added since, the sales tax's among them).
      const [was] = await old
        .select({
          total: orders.total,
          paidTotal: orders.paidTotal,
          refundedTotal: orders.refundedTotal,
          chargesTotal: orders.chargesTotal,
        })
        .from(orders)
        .where(eq(orders.id, orderId));
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
