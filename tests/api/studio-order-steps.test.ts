import { and, eq, gt, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, orderLines, orderPayments, orderRefunds, orders, products } from "../../server/db/schema.ts";
import { newOrderLink } from "../../server/orders/links.ts";
import { devSiteForFile, paidOrder, readable, type Send, signedInApp, signIn, staffMember } from "../support/studio.ts";
import { dbKinds, type TestApp } from "../support/test-app.ts";

// The order page's work as the studio does it: status one step at a time (a step back or a
// skip asked first), mails that fit the order, refunds asked first and told to the buyer with
// pieces put back in stock, and internal notes. Posted as the page's own forms post them.

const siteBuild = devSiteForFile();

describe.each(dbKinds)("the studio's order page on %s", (kind) => {
  let t: TestApp;
  let send: Send;
  let owner: { cookie: string; csrf: string };
  let staff: { cookie: string; csrf: string };
  const db = () => t.deps.database.db;

  beforeAll(async () => {
    ({ t, send, session: owner } = await signedInApp(kind, siteBuild()));
    await staffMember(t.deps, "hand@studio.test", "staff");
    staff = await signIn(send, "hand@studio.test", undefined, "198.51.100.9");
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const act = (id: number, intent: string, fields: Record<string, string | string[]>, who = owner) => {
    const body = new URLSearchParams({ csrf: who.csrf });
    for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) body.append(k, one);
    return send(`/studio/orders/${id}?intent=${intent}`, { method: "POST", body, headers: { cookie: who.cookie } });
  };
  const orderRow = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
  const mailsTo = async (email: string) => (await t.sentMails()).filter((m) => m.to === email);
  const lastAudit = async (ref: string, action: string) =>
    (
      await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, ref), eq(auditLog.action, action)))
    ).at(-1);
  const email = () => `buyer-${Math.random().toString(36).slice(2, 8)}@example.com`;

  /** A paid order a carrier ships: a bought rate and label. */
  async function carrierOrder() {
    const to = email();
    const order = await paidOrder(t.deps, { email: to });
    await db()
      .update(orders)
      .set({
        shipping: {
          rate: {
            object_id: "rate_usps_ground",
            amount: "12.00",
            currency: "USD",
            provider: "USPS",
            servicelevel: { name: "Ground", token: "usps_ground" },
            estimated_days: 5,
            duration_terms: "",
            carrier_account: "",
          },
          specialized: [],
        },
        label: {
          status: "SUCCESS",
          label_url: "/shipping/labels/x.pdf",
          tracking_number: "9400111899223856925107",
          tracking_url_provider: "",
          messages: [],
        },
      })
      .where(eq(orders.id, order.id));
    return { ...order, email: to };
  }

  it("moves an order one step forward at once, mailing the buyer once; the same step again changes nothing", async () => {
    const order = await paidOrder(t.deps, { email: email() });
    const first = await act(order.id, "status", { step: "in_production" });
    expect(first.status).toBe(200);
    expect(readable(await first.text())).toContain("Status saved. The buyer is mailed.");
    const again = await act(order.id, "status", { step: "in_production" });
    expect(readable(await again.text())).toContain("Nothing changed");
    expect((await orderRow(order.id)).status).toBe("in_production");
    const mails = await mailsTo(order.email);
    expect(mails.map((m) => m.kind)).toEqual(["order-in-production"]);
    const entries = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.orderRef), eq(auditLog.action, "order.status")));
    expect(entries).toHaveLength(1);
    expect(entries[0]!.before).toEqual({ status: "paid", carrier: null, trackingNumber: null });
    expect(entries[0]!.after).toEqual({ status: "in_production", carrier: null, trackingNumber: null, mailed: true });
  });

  it("asks before a step back, changes nothing until confirmed, and then mails nothing", async () => {
    const order = await paidOrder(t.deps, { email: email() });
    await act(order.id, "status", { step: "in_production" });
    await act(order.id, "status", { step: "ready" });
    const asked = await act(order.id, "status", { step: "in_production" });
    expect(asked.status).toBe(200);
    const page = await asked.text();
    expect(readable(page)).toContain(`Move order ${order.orderRef} back to In production? The buyer is not mailed.`);
    expect(page).toMatch(/name="confirm" value="1"/);
    expect(page).toContain(`href="/studio/orders/${order.id}"`);
    expect((await orderRow(order.id)).status).toBe("ready");

    const sure = await act(order.id, "status", { step: "in_production", confirm: "1" });
    expect(readable(await sure.text())).toContain("The buyer is not mailed.");
    expect((await orderRow(order.id)).status).toBe("in_production");
    expect((await mailsTo(order.email)).map((m) => m.kind)).toEqual(["order-in-production", "order-ready"]);
    expect((await lastAudit(order.orderRef, "order.status"))!.after).toMatchObject({
      status: "in_production",
      mailed: false,
    });
  });

  it("asks before a skip, naming the mail the buyer gets, and ships once with the tracking the owner typed", async () => {
    const order = await carrierOrder();
    const fields = { step: "shipped", carrier: "USPS", trackingNumber: "9400111899223856925107" };
    const asked = await act(order.id, "status", fields);
    expect(readable(await asked.text())).toContain(
      `Skip order ${order.orderRef} from Paid to Shipped? The buyer will get the 'Your order has shipped' mail.`,
    );
    expect((await orderRow(order.id)).status).toBe("paid");
    expect(await mailsTo(order.email)).toHaveLength(0);

    expect((await act(order.id, "status", { ...fields, confirm: "1" })).status).toBe(200);
    // Save pressed twice: nothing more.
    expect((await act(order.id, "status", { ...fields, confirm: "1" })).status).toBe(200);
    expect((await act(order.id, "status", { step: "shipped" })).status).toBe(200);
    const shipped = await mailsTo(order.email);
    expect(shipped.map((m) => m.kind)).toEqual(["order-shipped"]);
    expect(shipped[0]!.text).toContain("Tracking number (USPS): 9400111899223856925107");
    expect(await orderRow(order.id)).toMatchObject({ status: "shipped", carrier: "USPS" });

    // A different number is a correction, asked first and mailed on its own.
    const fix = { step: "shipped", carrier: "UPS", trackingNumber: "1Z999AA10123456784" };
    expect(readable(await (await act(order.id, "status", fix)).text())).toContain(
      `Change the tracking of order ${order.orderRef} to UPS 1Z999AA10123456784?`,
    );
    expect((await orderRow(order.id)).trackingNumber).toBe("9400111899223856925107");
    await act(order.id, "status", { ...fix, confirm: "1" });
    expect(await orderRow(order.id)).toMatchObject({ carrier: "UPS", trackingNumber: "1Z999AA10123456784" });
    expect((await mailsTo(order.email)).map((m) => m.kind)).toEqual(["order-shipped", "order-tracking"]);
  });

  it("needs a carrier and a tracking number to ship by carrier, keeping what was typed", async () => {
    const order = await carrierOrder();
    await act(order.id, "status", { step: "in_production" });
    await act(order.id, "status", { step: "ready" });
    const missing = await act(order.id, "status", { step: "shipped", carrier: "USPS", trackingNumber: "" });
    expect(missing.status).toBe(400);
    const html = await missing.text();
    expect(html).toContain("Enter the tracking number");
    expect(html).toMatch(/name="carrier"[^>]*value="USPS"|value="USPS"[^>]*name="carrier"/);
    const noCarrier = await act(order.id, "status", { step: "shipped", carrier: "", trackingNumber: "9400 1111" });
    expect(noCarrier.status).toBe(400);
    expect(await noCarrier.text()).toContain("Enter the carrier.");
    expect((await orderRow(order.id)).status).toBe("ready");
  });

  it("suggests the label's tracking beside empty fields, and fills them only when asked", async () => {
    const order = await carrierOrder();
    const page = await (await send(`/studio/orders/${order.id}`, { headers: { cookie: owner.cookie } })).text();
    expect(readable(page)).toContain("From the label: USPS 9400111899223856925107");
    expect(page).not.toMatch(/name="trackingNumber"[^>]*value="9400/);
    const used = await (
      await send(`/studio/orders/${order.id}?use=label`, { headers: { cookie: owner.cookie } })
    ).text();
    expect(used).toMatch(/name="trackingNumber"[^>]*value="9400111899223856925107"/);
  });

  it("ships an order the studio delivers itself without tracking, and its mails promise none", async () => {
    const order = await paidOrder(t.deps, { email: email() });
    await db()
      .update(orders)
      .set({ shipping: { rate: null, specialized: [{ id: 1, title: "Walnut bench" }] }, shipWindow: null })
      .where(eq(orders.id, order.id));
    const page = await (await send(`/studio/orders/${order.id}`, { headers: { cookie: owner.cookie } })).text();
    expect(readable(page)).toContain(
      "Carrier and tracking number are not needed: the studio delivers this order itself.",
    );
    await act(order.id, "status", { step: "in_production" });
    await act(order.id, "status", { step: "ready" });
    expect((await act(order.id, "status", { step: "shipped" })).status).toBe(200);
    const mails = await mailsTo(order.email);
    expect(mails.map((m) => m.kind)).toEqual(["order-in-production", "order-ready", "order-shipped"]);
    const [, ready, shipped] = mails;
    expect(ready!.text).toContain("we deliver it ourselves");
    expect(ready!.text).not.toMatch(/tracking|Expected to leave/i);
    expect(shipped!.text).toContain("on its way with the studio's own delivery");
    expect(shipped!.text + shipped!.html).not.toMatch(/tracking/i);
  });

  it("says in the ready mail what happens next, with no window to leave in", async () => {
    const order = await carrierOrder();
    await db()
      .update(orders)
      .set({ shipWindow: { from: "2026-12-01", to: "2026-12-15" } })
      .where(eq(orders.id, order.id));
    await act(order.id, "status", { step: "in_production" });
    await act(order.id, "status", { step: "ready" });
    const ready = (await mailsTo(order.email)).find((m) => m.kind === "order-ready")!;
    expect(ready.text).toContain("hand it to the carrier");
    expect(ready.text).not.toContain("Expected to leave");
  });

  it("puts the sales tax on a line of its own in a step's mail, and what of it was given back", async () => {
    const to = email();
    const order = await paidOrder(t.deps, { email: to, total: 530 });
    await db()
      .update(orders)
      .set({ subtotal: 500, tax: 30, taxRule: { state: "PA", rate: 6, delivery: true } })
      .where(eq(orders.id, order.id));
    await db().update(orderPayments).set({ tax: 30 }).where(eq(orderPayments.orderId, order.id));
    const refund = await act(order.id, "refund", { kind: "refund", amount: "53.00", confirm: "1" });
    expect(readable(await refund.text())).toContain(
      "Refunded $53.00 to Visa ending 1111. It includes $3.00 sales tax.",
    );
    await act(order.id, "status", { step: "in_production" });
    const mail = readable((await mailsTo(to)).find((m) => m.kind === "order-in-production")!.html ?? "");
    expect(mail).toMatch(/Sales tax \(PA 6%\) \$30/);
    expect(mail).toMatch(/Total \(USD\) \$530/);
    expect(mail).toMatch(/Given back \(\$3 of it sales tax\) \$53/);
    expect(mail).not.toContain("tax included");
    const back = (await mailsTo(to)).find((m) => m.kind === "order-refund")!;
    expect(back.text).toContain(`for your order ${order.orderRef}. Of that, $3.00 is sales tax.`);
  });

  it("asks before a refund, then refunds, tells the buyer, and puts the chosen piece back in stock once", async () => {
    const order = await paidOrder(t.deps, { email: email(), total: 300 });
    const [piece] = await db()
      .select()
      .from(products)
      .where(and(gt(products.stock, 0), isNull(products.parentId)))
      .limit(1);
    await db()
      .update(orderLines)
      .set({ itemId: piece!.id, title: piece!.title })
      .where(eq(orderLines.orderId, order.id));
    const [builtLine] = await db()
      .insert(orderLines)
      .values({
        orderId: order.id,
        kind: "divergence",
        itemId: 0,
        title: "Divergence table, built to order",
        unitPrice: 0,
        quantity: 1,
        total: 0,
        details: { builtToOrder: true, sizeId: 1 },
      })
      .returning();
    const [line] = await db()
      .select()
      .from(orderLines)
      .where(and(eq(orderLines.orderId, order.id), eq(orderLines.kind, "product")));

    const asked = await act(order.id, "refund", { kind: "refund", amount: "50.00", payment: "checkout" });
    expect(asked.status).toBe(200);
    const page = await asked.text();
    expect(readable(page)).toContain("Refund $50.00 to Visa ending 1111?");
    expect(readable(page)).toContain("Put the piece back in stock");
    expect(page).toContain(`name="restock" value="${line!.id}"`);
    expect(page).not.toContain(`name="restock" value="${builtLine!.id}"`);
    expect((await orderRow(order.id)).refundedTotal).toBe(0);
    expect(await db().select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id))).toHaveLength(0);

    const done = await act(order.id, "refund", {
      kind: "refund",
      amount: "50.00",
      payment: "checkout",
      confirm: "1",
      restock: [String(line!.id), String(builtLine!.id)],
    });
    expect(done.status).toBe(200);
    const after = readable(await done.text());
    expect(after).toContain("Refunded $50.00 to Visa ending 1111.");
    expect(after).not.toContain("Done:");
    expect(after).toContain("Refunded $50.00 to Visa ending 1111 ·");
    expect((await orderRow(order.id)).refundedTotal).toBe(50);
    const stockOf = async () => (await db().select().from(products).where(eq(products.id, piece!.id)))[0]!.stock;
    expect(await stockOf()).toBe(piece!.stock + 1);
    const mail = (await mailsTo(order.email)).find((m) => m.kind === "order-refund")!;
    expect(mail.text).toContain(
      "We have refunded $50.00 to your Visa ending 1111 for your order " +
        `${order.orderRef}. It can take a few days to show on your statement.`,
    );
    expect(mail.text).toMatch(/\/orders\/[A-Za-z0-9_-]{20,}/);
    expect((await lastAudit(order.orderRef, "order.refund"))!.after).toMatchObject({
      refundedTotal: 50,
      amount: "50.00",
      card: "Visa ending 1111",
      accepted: true,
      restocked: [piece!.title],
    });

    // The piece is back already: not offered again, and not given back twice.
    const again = await (await act(order.id, "refund", { kind: "refund", amount: "10.00" })).text();
    expect(again).not.toContain(`name="restock" value="${line!.id}"`);
    await act(order.id, "refund", { kind: "refund", amount: "10.00", confirm: "1", restock: String(line!.id) });
    expect(await stockOf()).toBe(piece!.stock + 1);
    expect((await orderRow(order.id)).refundedTotal).toBe(60);
    expect((await lastAudit(order.orderRef, "order.refund"))!.after).toMatchObject({ restocked: [] });
  });

  it("asks before a void in the same words, and a refused one says so plainly and gives nothing back", async () => {
    const order = await paidOrder(t.deps, { email: email() });
    expect(readable(await (await act(order.id, "refund", { kind: "void", amount: "" })).text())).toContain(
      "Void the whole $249.00 charge to Visa ending 1111?",
    );
    // Voided behind the page's back: the gateway refuses a refund of it.
    await t.deps.gateway.voidAmount(order.paymentRef!);
    const refused = await act(order.id, "refund", { kind: "refund", amount: "20.00", confirm: "1" });
    expect(refused.status).toBe(409);
    const text = readable(await refused.text());
    expect(text).toContain("The card gateway refused the refund, so nothing was given back.");
    expect(text).toContain("Refund of $20.00 refused by the card gateway ·");
    expect(text).not.toMatch(/respstat|Txn voided/);
    expect((await orderRow(order.id)).refundedTotal).toBe(0);
    expect((await mailsTo(order.email)).filter((m) => m.kind === "order-refund")).toHaveLength(0);
    expect((await lastAudit(order.orderRef, "order.refund"))!.after).toMatchObject({ accepted: false, restocked: [] });
  });

  it("keeps refunds for owners", async () => {
    const order = await paidOrder(t.deps);
    const res = await act(order.id, "refund", { kind: "refund", amount: "5.00", confirm: "1" }, staff);
    expect(res.status).toBe(403);
    expect((await orderRow(order.id)).refundedTotal).toBe(0);
  });

  it("keeps internal notes: added by staff, listed with who and when, never on the buyer's page", async () => {
    const order = await paidOrder(t.deps, { email: email() });
    const empty = await act(order.id, "note", { note: "   " }, staff);
    expect(empty.status).toBe(400);
    const refusedPage = await empty.text();
    expect(refusedPage).toContain("Write the note first.");
    expect(refusedPage).toMatch(/id="order-note"[^>]*aria-invalid="true"/);
    const long = await act(order.id, "note", { note: "x".repeat(5001) }, staff);
    expect(long.status).toBe(400);

    const added = await act(order.id, "note", { note: "Buyer asked for a Saturday delivery." }, staff);
    expect(added.status).toBe(200);
    const page = readable(await added.text());
    expect(page).toContain("Buyer asked for a Saturday delivery.");
    expect(page).toContain("hand@studio.test");
    expect((await orderRow(order.id)).notes).toHaveLength(1);
    expect((await lastAudit(order.orderRef, "order.note"))!.after).toEqual({
      text: "Buyer asked for a Saturday delivery.",
    });
    const token = await newOrderLink(db(), order.id);
    const buyer = await (await send(`/orders/${token}`)).text();
    expect(buyer).toContain(order.orderRef);
    expect(buyer).not.toContain("Saturday delivery");
    expect((await mailsTo(order.email)).some((m) => m.text.includes("Saturday"))).toBe(false);
  });
});
