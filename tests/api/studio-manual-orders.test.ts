/**
 * Orders the studio writes (docs/product.md, "Orders the studio writes"): sold on the phone or in
 * the showroom from catalog items (stock taken as the checkout takes it) and custom lines; the
 * buyer mailed a link and paying the deposit by card on their order's page, or a payment taken
 * in person recorded; either way the order becomes paid once, its money counted once in Today's
 * takings and the CSV. Hostile forms are refused naming the field, a second press makes nothing
 * more, and an unpaid order cancelled gives its stock back.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatPrice } from "../../domain/format.ts";
import { formatCents, toCents } from "../../domain/money.ts";
import { percentOf } from "../../domain/money-shares.ts";
import { auditLog, orderCharges, orderPayments, orders, products } from "../../server/db/schema.ts";
import { ordersCsv } from "../../server/studio/orders-csv.ts";
import { today } from "../../server/studio/today.ts";
import { orderPagePayment } from "../support/buy.ts";
import { countingApp, type countingGateway } from "../support/counting-gateway.ts";
import { devSiteForFile, formBody, newKey, paidOrder, type Send, textOf } from "../support/studio.ts";
import { type DbKind, dbKinds, type TestApp } from "../support/test-app.ts";

const siteBuild = devSiteForFile();
const LINK = /\/orders\/([A-Za-z0-9_-]{43})/;

describe.each(dbKinds)("orders the studio writes on %s", (kind: DbKind) => {
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

  /** A piece for sale with at least `least` in stock (the seed's), its stock set to `stock`. */
  async function piece(stock: number) {
    const [p] = await db()
      .select()
      .from(products)
      .where(
        and(
          eq(products.status, "Active"),
          eq(products.visibility, "Visible"),
          sql`type <> 'Divergence' and parent_id is null and title !~ '["''&<>]'`,
        ),
      )
      .orderBy(sql`random()`)
      .limit(1);
    await db().update(products).set({ stock }).where(eq(products.id, p!.id));
    return { ...p!, stock, price: p!.salePrice ?? p!.price };
  }

  const stockOf = async (id: number) =>
    (await db().select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock;

  const newOrder = (fields: Record<string, string>) =>
    send("/studio/orders/new", {
      method: "POST",
      body: formBody({
        csrf: session.csrf,
        rows: "3",
        name: "Grace Hopper",
        email: "grace@example.com",
        phone: "(215) 555-0134",
        delivery: "studio",
        address: "12 Mill Road",
        city: "Lancaster",
        region: "PA",
        postal: "17602",
        country: "US",
        shipping: "150",
        pay: "link",
        ...fields,
      }),
      headers: { cookie: session.cookie },
    });

  const idOf = (res: Response) => Number(/\/studio\/orders\/(\d+)$/.exec(res.headers.get("location") ?? "")?.[1]);
  const orderOf = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
  const takings = async () => (await today(db())).month.total;

  it("writes an order of a catalog piece and a custom line, takes the piece's stock and mails the buyer a link to pay", async () => {
    const p = await piece(3);
    const email = `phone-${newKey().slice(0, 6)}@example.com`;
    const before = await takings();
    const res = await newOrder({
      key: newKey(),
      email,
      "item-0": String(p.id),
      "quantity-0": "2",
      "description-1": "Claro walnut dining table, 84 in.",
      "price-1": "4800.00",
    });
    expect(res.status).toBe(302);
    const o = await orderOf(idOf(res));
    expect(o).toMatchObject({ status: "awaiting_payment", source: "studio", paidTotal: 0, shippingTotal: 150 });
    // Delivered in PA by the studio: PA's 6 % on the pieces and the delivery, on a line of its own.
    const base = toCents(p.price) * 2 + toCents(4800) + toCents(150);
    expect(o.taxRule).toEqual({ state: "PA", rate: 6, delivery: true });
    expect(toCents(o.tax)).toBe(percentOf(base, 6));
    expect(toCents(o.total)).toBe(base + percentOf(base, 6));
    expect(await stockOf(p.id)).toBe(1);
    const mail = (await t.sentMails()).find((m) => m.to === email)!;
    expect(mail.kind).toBe("order-pay-link");
    expect(mail.text).toMatch(LINK);
    expect(mail.text).toContain(`Sales tax (PA 6%): ${formatCents(percentOf(base, 6))}`);
    expect(mail.text).toContain(`Total (USD): ${formatPrice(o.total)}`);
    expect(mail.text).not.toContain("tax included");
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "order.create"), eq(auditLog.entityId, o.orderRef)));
    expect(entry!.after).toMatchObject({ lines: 2, total: o.total.toFixed(2) });
    // Listed as awaiting payment, and not sold yet: nothing in the takings.
    const listed = await textOf(
      await send("/studio/orders?status=awaiting_payment", { headers: { cookie: session.cookie } }),
    );
    expect(listed).toContain(o.orderRef);
    expect(listed).toContain("Awaiting payment");
    expect(await takings()).toBeCloseTo(before, 2);
  });

  it("makes one order of a form pressed twice, even at once", async () => {
    const k = newKey();
    const fields = { key: k, "description-0": "Oak stool", "price-0": "300" };
    const [a, b] = await Promise.all([newOrder(fields), newOrder(fields)]);
    const c = await newOrder(fields);
    expect([a.status, b.status, c.status]).toEqual([302, 302, 302]);
    expect(new Set([idOf(a), idOf(b), idOf(c)]).size).toBe(1);
    expect((await db().select().from(orders).where(eq(orders.formKey, k))).length).toBe(1);
  });

  it("refuses hostile lines naming the field, and makes nothing", async () => {
    const p = await piece(2);
    const count = async () => (await db().select({ id: orders.id }).from(orders)).length;
    const n = await count();
    const cases: [Record<string, string>, string, string][] = [
      [{ "item-0": "999999" }, "item-0", "not for sale"],
      [{ "item-0": "abc" }, "item-0", "not for sale"],
      [{ "item-0": String(p.id), "quantity-0": "0" }, "quantity-0", "whole number from 1 to 99"],
      [{ "item-0": String(p.id), "quantity-0": "1.5" }, "quantity-0", "whole number"],
      [{ "item-0": String(p.id), "quantity-0": "1000" }, "quantity-0", "whole number"],
      [{ "item-0": String(p.id), "quantity-0": "3" }, "item-0", `only 2 of ${p.title}`],
      [{ "description-0": "Stool", "price-0": "12.345" }, "price-0", "price of one"],
      [{ "description-0": "Stool", "price-0": "-5" }, "price-0", "price of one"],
      [{ "description-0": "Stool", "price-0": "1e3" }, "price-0", "price of one"],
      [{ "description-0": "Stool", "price-0": "0" }, "price-0", "price of one"],
      [{ "price-0": "300" }, "description-0", "describe the piece"],
      [{}, "item-0", "Add a line"],
      [{ "description-0": "Stool", "price-0": "300", email: "nope" }, "email", "e-mail"],
      [{ "description-0": "Stool", "price-0": "300", shipping: "1,50" }, "shipping", "delivery charge"],
      [{ "description-0": "Stool", "price-0": "300", pay: "here", method: "bitcoin", amount: "300" }, "method", "cash"],
      [
        { "description-0": "Stool", "price-0": "300", pay: "here", method: "check", amount: "300" },
        "reference",
        "check's number",
      ],
      [{ "description-0": "Stool", "price-0": "300", pay: "here", method: "cash", amount: "900" }, "amount", "at most"],
    ];
    for (const [fields, field, words] of cases) {
      const res = await newOrder({ key: newKey(), ...fields });
      expect(res.status, JSON.stringify(fields)).toBe(400);
      const page = await textOf(res);
      expect(page, field).toContain(words);
      const control = field === "item-0" || field === "method" ? `order-${field}` : `studio-${field}`;
      expect(page, field).toContain(`id="${control}"`);
    }
    // A hidden piece is no more for sale than a missing one.
    await db().update(products).set({ visibility: "Hidden" }).where(eq(products.id, p.id));
    const hidden = await newOrder({ key: newKey(), "item-0": String(p.id) });
    expect(hidden.status).toBe(400);
    expect(await textOf(hidden)).toContain("Line 1: that item is not for sale");
    await db().update(products).set({ visibility: "Visible", stock: 0 }).where(eq(products.id, p.id));
    const soldOut = await newOrder({ key: newKey(), "item-0": String(p.id) });
    expect(await textOf(soldOut)).toContain(`Line 1: ${p.title} is sold out.`);
    expect(await count()).toBe(n);
    expect(await stockOf(p.id)).toBe(0);
  });

  it("lets the buyer pay the deposit by card on their page; the order is paid and counted once", async () => {
    const email = `deposit-${newKey().slice(0, 6)}@example.com`;
    const res = await newOrder({
      key: newKey(),
      email,
      "description-0": "Claro walnut dining table, 84 in.",
      "price-0": "4800",
    });
    const id = idOf(res);
    const mail = (await t.sentMails()).find((m) => m.to === email && m.kind === "order-pay-link")!;
    const token = LINK.exec(mail.text)![1]!;
    const page = await textOf(await send(`/orders/${token}`));
    expect(page).toContain("Awaiting payment");
    // $4,800 and $150 delivered in PA: $297 of sales tax.
    expect(page).toContain("<dt>Sales tax (PA 6%)</dt><dd>$297</dd>");
    expect(page).toContain("Pay in full, $5,247");
    // The studio's deposit: 50 % of the made-to-order line ($2,400), plus the delivery in full,
    // with their share of the tax ($153); the balance, $2,400, carries the rest ($144).
    expect(page).toContain("Pay a deposit now, $2,703");
    const before = await takings();
    const charges = gw.charged.length;
    const wrong = await send(`/orders/${token}`, {
      method: "POST",
      body: orderPagePayment("1000.00", { name: "Grace Hopper" }),
    });
    expect(wrong.status).toBe(400);
    const paid = await send(`/orders/${token}`, {
      method: "POST",
      body: orderPagePayment("2703.00", { name: "Grace Hopper" }),
    });
    expect(paid.status).toBe(200);
    expect(gw.charged.length).toBe(charges + 1);
    expect(gw.charged.at(-1)!.amount).toBe("2703.00");
    const o = await orderOf(id);
    expect(o.status).toBe("paid");
    expect(o.paidAt).not.toBeNull();
    expect(o.paidTotal).toBe(2703);
    const confirmation = (await t.sentMails()).find((m) => m.to === email && m.kind === "order-confirmation")!;
    expect(confirmation.text).toContain("Deposit paid: $2,703");
    expect(confirmation.text).toContain("Sales tax (PA 6%): $297");
    expect(await takings()).toBeCloseTo(before + 2703, 2);
    const csv = await ordersCsv(db());
    const row = csv.split("\r\n").find((l) => l.includes(o.orderRef))!;
    expect(row).toContain('"paid","Grace Hopper"');
    expect(row).toContain('"5247.00","0.00","2703.00","2544.00"');
    // The balance from the same page carries the rest of the tax: the two make the order's to the cent.
    const balance = await send(`/orders/${token}`, {
      method: "POST",
      body: orderPagePayment("2544.00", { name: "Grace Hopper" }),
    });
    expect(balance.status).toBe(200);
    const taxes = (await db().select().from(orderPayments).where(eq(orderPayments.orderId, id)))
      .filter((p) => p.status === "approved")
      .map((p) => toCents(p.tax));
    expect(taxes).toEqual([15_300, 14_400]);
    expect(taxes[0]! + taxes[1]!).toBe(toCents((await orderOf(id)).tax));
  });

  it("taxes a sale collected at the studio at its own state's rate, and none delivered to a state it does not collect in", async () => {
    const collected = await newOrder({
      key: newKey(),
      delivery: "collect",
      address: "",
      city: "",
      region: "",
      postal: "",
      shipping: "",
      "description-0": "Walnut side table",
      "price-0": "850",
    });
    expect(collected.status).toBe(302);
    expect(await orderOf(idOf(collected))).toMatchObject({
      taxRule: { state: "PA", rate: 6, delivery: true },
      tax: 51,
      total: 901,
    });
    const toNewJersey = await newOrder({
      key: newKey(),
      delivery: "ship",
      address: "9 Ferry Street",
      city: "Lambertville",
      region: "NJ",
      postal: "08530",
      shipping: "120",
      "description-0": "Walnut side table",
      "price-0": "850",
    });
    expect(toNewJersey.status).toBe(302);
    expect(await orderOf(idOf(toNewJersey))).toMatchObject({ taxRule: null, tax: 0, total: 970 });
    // A US delivery says its state, which the tax depends on.
    const noState = await newOrder({ key: newKey(), region: "", "description-0": "Stool", "price-0": "300" });
    expect(noState.status).toBe(400);
    expect(await textOf(noState)).toContain("Enter the state");
  });

  it("records a payment taken in cash as the order is made, and a balance paid by check; neither is offered for a refund", async () => {
    const email = `cash-${newKey().slice(0, 6)}@example.com`;
    const before = await takings();
    const res = await newOrder({
      key: newKey(),
      email,
      delivery: "collect",
      address: "",
      city: "",
      postal: "",
      shipping: "",
      "description-0": "Walnut cutting board",
      "price-0": "120",
      pay: "here",
      method: "cash",
      amount: "127.20",
    });
    expect(res.status).toBe(302);
    const o = await orderOf(idOf(res));
    // Collected at the studio: taxed as sold in the studio's state, PA.
    expect(o).toMatchObject({ status: "paid", paidTotal: 127.2, source: "studio", tax: 7.2, total: 127.2 });
    const [p] = await db().select().from(orderPayments).where(eq(orderPayments.orderId, o.id));
    expect(p).toMatchObject({ method: "cash", amount: 127.2, tax: 7.2, status: "approved" });
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "order.payment"), eq(auditLog.entityId, o.orderRef)));
    expect(entry!.after).toEqual({ method: "cash", amount: "127.20", reference: "" });
    expect((await t.sentMails()).some((m) => m.to === email && m.kind === "order-confirmation")).toBe(true);
    expect(await takings()).toBeCloseTo(before + 127.2, 2);

    // Collected at the studio: the page says so, with no empty address; the ready mail asks to collect it.
    const page = await textOf(await send(`/studio/orders/${o.id}`, { headers: { cookie: session.cookie } }));
    expect(page).toContain("Collected at the studio: $0");
    expect(page).not.toMatch(/<p>,|<br\/>,/);
    for (const step of ["in_production", "ready"]) {
      const moved = await send(`/studio/orders/${o.id}?intent=status`, {
        method: "POST",
        body: formBody({ csrf: session.csrf, step }),
        headers: { cookie: session.cookie },
      });
      expect(moved.status).toBe(200);
    }
    const ready = (await t.sentMails()).filter((m) => m.to === email && m.kind === "order-ready");
    expect(ready.map((m) => m.subject)).toEqual([`Your order is ready to collect (${o.orderRef})`]);
    expect(ready[0]!.text).toContain("ready to collect from the studio");

    // A checkout's order with a delivery charge: its balance paid by check in the showroom.
    const sold = await paidOrder(t.deps, { total: 1000 });
    await db().insert(orderCharges).values({ orderId: sold.id, label: "Delivery", amount: 200 });
    await db().update(orders).set({ chargesTotal: 200 }).where(eq(orders.id, sold.id));
    const post = (fields: Record<string, string>) =>
      send(`/studio/orders/${sold.id}?intent=in-person`, {
        method: "POST",
        body: formBody({ csrf: session.csrf, ...fields }),
        headers: { cookie: session.cookie },
      });
    const k = `in-person-order-${sold.id}-paid-100000`;
    const noNumber = await post({ key: k, paidMethod: "check", paidAmount: "200.00", paidReference: "" });
    expect(noNumber.status).toBe(400);
    expect(await textOf(noNumber)).toContain("Enter the check&#x27;s number.");
    const tooMuch = await post({ key: k, paidMethod: "check", paidAmount: "200.01", paidReference: "1042" });
    expect(tooMuch.status).toBe(400);
    const ok = await post({ key: k, paidMethod: "check", paidAmount: "200.00", paidReference: "1042" });
    expect(ok.status).toBe(200);
    expect(await textOf(ok)).toContain("Recorded $200 paid by check.");
    const again = await post({ key: k, paidMethod: "check", paidAmount: "200.00", paidReference: "1042" });
    expect(await textOf(again)).toContain("recorded already");
    expect((await orderOf(sold.id)).paidTotal).toBe(1200);
    expect(await takings()).toBeCloseTo(before + 127.2 + 1000 + 200, 2);
    // The refund form offers the card payments only.
    const orderPage = await textOf(await send(`/studio/orders/${sold.id}`, { headers: { cookie: session.cookie } }));
    expect(orderPage).not.toMatch(/<option value="\d+">[^<]*\$200\.00/);
  });

  it("cancels an unpaid order, asked first, and gives its stock back", async () => {
    const p = await piece(4);
    const res = await newOrder({ key: newKey(), "item-0": String(p.id), "quantity-0": "3" });
    const id = idOf(res);
    expect(await stockOf(p.id)).toBe(1);
    const asked = await textOf(await send(`/studio/orders/${id}/cancel`, { headers: { cookie: session.cookie } }));
    expect(asked).toContain("Cancel this order");
    expect(asked).toContain(`3 × ${p.title}`);
    const done = await send(`/studio/orders/${id}/cancel`, {
      method: "POST",
      body: formBody({ csrf: session.csrf }),
      headers: { cookie: session.cookie },
    });
    expect(done.status).toBe(302);
    expect((await orderOf(id)).status).toBe("cancelled");
    expect(await stockOf(p.id)).toBe(4);
    const twice = await send(`/studio/orders/${id}/cancel`, {
      method: "POST",
      body: formBody({ csrf: session.csrf }),
      headers: { cookie: session.cookie },
    });
    expect(twice.status).toBe(400);
    expect(await stockOf(p.id)).toBe(4);
  });
});
