import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, orderPayments, orderRefunds, orders } from "../../server/db/schema.ts";
import type { PaymentGateway } from "../../server/payments/gateway.ts";
import { createSandboxGateway } from "../../server/payments/sandbox.ts";
import { settleRefund } from "../../server/studio/order-refunds.ts";
import { devSiteForFile, paidOrder, readable, type Send, signedInApp, signIn, staffMember } from "../support/studio.ts";
import { dbKinds, type TestApp } from "../support/test-app.ts";

// A refund whose process stopped while the card gateway was asked stays 'pending', its amount
// reserved. CardPointe has no inquiry for a refund, so after a few minutes the order page asks
// the studio what its CardPointe account shows, and settles the row as the gateway would have.

const siteBuild = devSiteForFile();

/** The sandbox, except that while `stopped` a refund never comes back: the process dies asking it. */
function stoppingGateway() {
  const inner = createSandboxGateway();
  const state = { stopped: false };
  const gateway: PaymentGateway = {
    ...inner,
    refund: async (retref, amount) => {
      if (state.stopped) throw new Error("The process stopped while the card gateway was asked");
      return inner.refund(retref, amount);
    },
  };
  return { gateway, state };
}

describe.each(dbKinds)("a refund the card gateway never answered, on %s", (kind) => {
  let t: TestApp;
  let send: Send;
  let owner: { cookie: string; csrf: string };
  let staff: { cookie: string; csrf: string };
  const gw = stoppingGateway();
  const db = () => t.deps.database.db;

  beforeAll(async () => {
    ({ t, send, session: owner } = await signedInApp(kind, siteBuild(), { gateway: gw.gateway }));
    await staffMember(t.deps, "hand@studio.test", "staff");
    staff = await signIn(send, "hand@studio.test", undefined, "198.51.100.9");
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const act = (id: number, intent: string, fields: Record<string, string>, who = owner) =>
    send(`/studio/orders/${id}?intent=${intent}`, {
      method: "POST",
      body: new URLSearchParams({ csrf: who.csrf, ...fields }),
      headers: { cookie: who.cookie },
    });
  const page = async (id: number, who = owner) =>
    (await send(`/studio/orders/${id}`, { headers: { cookie: who.cookie } })).text();
  const refundRows = (orderId: number) => db().select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
  const checkoutPayment = async (orderId: number) =>
    (
      await db()
        .select()
        .from(orderPayments)
        .where(and(eq(orderPayments.orderId, orderId), eq(orderPayments.source, "checkout")))
    )[0]!;
  const orderRow = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
  const refundMails = async (email: string) =>
    (await t.sentMails()).filter((m) => m.to === email && m.kind === "order-refund");
  const answered = (ref: string) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, ref), eq(auditLog.action, "order.refund-answered")));
  const email = () => `buyer-${Math.random().toString(36).slice(2, 8)}@example.com`;

  /** A refund of `amount` confirmed on the page while the process stops: its row left 'pending'. */
  async function stoppedRefund(amount: string) {
    const order = await paidOrder(t.deps, { email: email() });
    gw.state.stopped = true;
    try {
      const res = await act(order.id, "refund", { kind: "refund", amount, payment: "checkout", confirm: "1" });
      expect(res.status).toBeGreaterThanOrEqual(500);
    } finally {
      gw.state.stopped = false;
    }
    const [row] = await refundRows(order.id);
    expect(row).toMatchObject({ respstat: "pending", amount: Number(amount) });
    return { order, row: row! };
  }
  /** The row as old as one a stopped process left minutes ago. */
  const age = (id: number, minutes: number) =>
    db()
      .update(orderRefunds)
      .set({ createdAt: sql`now() - make_interval(mins => ${minutes})` })
      .where(eq(orderRefunds.id, id));

  it("offers the two answers only after the wait, to the owner, and marks it given back once", async () => {
    const { order, row } = await stoppedRefund("50.00");
    expect((await checkoutPayment(order.id)).refunded).toBe(50);

    // A refund asked a moment ago may still be answered: no answers offered, none taken.
    const young = readable(await page(order.id));
    expect(young).toContain("Refund of $50.00 being asked of the card gateway");
    expect(young).not.toContain("It was given back");
    const early = await act(order.id, "unanswered", { refund: String(row.id), answer: "given", confirm: "1" });
    expect(early.status).toBe(409);
    expect(readable(await early.text())).toContain("still being asked of the card gateway");
    expect((await refundRows(order.id))[0]!.respstat).toBe("pending");

    await age(row.id, 6);
    const html = await page(order.id);
    const text = readable(html);
    expect(text).toContain("The card gateway never answered this refund of $50.00.");
    expect(text).toContain("Check your CardPointe account, then say what happened.");
    expect(text).not.toContain("being asked of the card gateway");
    expect(html).toContain('name="answer" value="given"');
    expect(html).toContain('name="answer" value="not-given"');

    // Staff may see it but not answer it.
    const staffPage = await page(order.id, staff);
    expect(readable(staffPage)).toContain("The card gateway never answered this refund of $50.00.");
    expect(staffPage).not.toContain('name="answer"');
    const forbidden = await act(
      order.id,
      "unanswered",
      { refund: String(row.id), answer: "given", confirm: "1" },
      staff,
    );
    expect(forbidden.status).toBe(403);

    // Asked first: nothing changes until confirmed.
    const asked = await act(order.id, "unanswered", { refund: String(row.id), answer: "given" });
    expect(asked.status).toBe(200);
    const question = await asked.text();
    expect(readable(question)).toContain("Mark the refund of $50.00 to Visa ending 1111 as given back?");
    expect(question).toMatch(/name="confirm" value="1"/);
    expect((await refundRows(order.id))[0]!.respstat).toBe("pending");
    expect(await refundMails(order.email)).toHaveLength(0);

    const done = await act(order.id, "unanswered", { refund: String(row.id), answer: "given", confirm: "1" });
    expect(done.status).toBe(200);
    const after = readable(await done.text());
    expect(after).toContain("Marked the refund of $50.00 to Visa ending 1111 as given back. The buyer is mailed.");
    expect(after).toContain("Given back: $50 ");
    expect(after).toContain("Refunded $50.00 to Visa ending 1111, marked from your CardPointe records ·");
    expect(after).toContain("which the card company never answered, as given back");
    const [settled] = await refundRows(order.id);
    expect(settled!.respstat).toBe("A");
    expect(settled!.resptext).toMatch(/^Marked given back by /);
    expect((await checkoutPayment(order.id)).refunded).toBe(50);
    expect((await orderRow(order.id)).refundedTotal).toBe(50);
    const [mail] = await refundMails(order.email);
    expect(mail!.text).toContain(`We have refunded $50.00 to your Visa ending 1111 for your order ${order.orderRef}.`);
    const entries = await answered(order.orderRef);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.after).toMatchObject({
      kind: "refund",
      amount: "50.00",
      card: "Visa ending 1111",
      givenBack: true,
    });

    // The Confirm pressed again, or the old page's button: answered clearly, nothing changed.
    for (const answer of ["given", "not-given"]) {
      const again = await act(order.id, "unanswered", { refund: String(row.id), answer, confirm: "1" });
      expect(again.status).toBe(409);
      expect(readable(await again.text())).toContain(
        "Nothing was changed: this refund is answered already, as given back.",
      );
    }
    expect((await refundRows(order.id))[0]!.respstat).toBe("A");
    expect((await checkoutPayment(order.id)).refunded).toBe(50);
    expect(await refundMails(order.email)).toHaveLength(1);
    expect(await answered(order.orderRef)).toHaveLength(1);
  });

  it("marks one not given back: its reservation released, the same amount can be refunded, once", async () => {
    const { order, row } = await stoppedRefund("100.00");
    await age(row.id, 30);
    // Nothing more than what is left can be refunded while it is reserved.
    const over = await act(order.id, "refund", { kind: "refund", amount: "249.00", payment: "checkout" });
    expect(readable(await over.text())).toContain("At most $149 can be refunded of this payment.");

    const asked = await act(order.id, "unanswered", { refund: String(row.id), answer: "not-given" });
    expect(readable(await asked.text())).toContain("Mark the refund of $100.00 to Visa ending 1111 as not given back?");
    const done = await act(order.id, "unanswered", { refund: String(row.id), answer: "not-given", confirm: "1" });
    expect(done.status).toBe(200);
    const text = readable(await done.text());
    expect(text).toContain(
      "Marked the refund of $100.00 to Visa ending 1111 as not given back: $100.00 can be given back again.",
    );
    expect(text).not.toContain("Given back:");
    expect(text).toContain("Refund of $100.00 not given back, marked from your CardPointe records ·");
    expect(text).not.toContain("It was not given back");
    const [settled] = await refundRows(order.id);
    expect(settled!.respstat).toBe("C");
    expect(settled!.resptext).toMatch(/^Marked not given back by /);
    expect((await checkoutPayment(order.id)).refunded).toBe(0);
    expect((await orderRow(order.id)).refundedTotal).toBe(0);
    expect(await refundMails(order.email)).toHaveLength(0);
    expect((await answered(order.orderRef))[0]!.after).toMatchObject({ amount: "100.00", givenBack: false });

    // A replay, and the gateway's answer arriving late: neither releases the amount twice.
    const again = await act(order.id, "unanswered", { refund: String(row.id), answer: "not-given", confirm: "1" });
    expect(again.status).toBe(409);
    const late = await db().transaction((tx) =>
      settleRefund(
        tx,
        t.deps,
        {
          id: row.id,
          order,
          paymentId: settled!.paymentId!,
          kind: "refund",
          amount: 10_000,
          tax: 0,
          card: "Visa ending 1111",
        },
        { respstat: "A", resptext: "Approval", retref: "late" },
        { name: "Heartwood", email: "studio@example.com" } as never,
      ),
    );
    expect(late).toBe(false);
    expect((await refundRows(order.id))[0]!.respstat).toBe("C");
    expect((await checkoutPayment(order.id)).refunded).toBe(0);
    expect(await answered(order.orderRef)).toHaveLength(1);

    // The whole payment can be refunded again, as if the stopped refund had never been.
    const refund = await act(order.id, "refund", {
      kind: "refund",
      amount: "249.00",
      payment: "checkout",
      confirm: "1",
    });
    expect(refund.status).toBe(200);
    expect(readable(await refund.text())).toContain("Refunded $249.00 to Visa ending 1111.");
    expect((await checkoutPayment(order.id)).refunded).toBe(249);
    expect(await refundMails(order.email)).toHaveLength(1);
  });

  it("refuses a refund of another order, and an answer that is neither", async () => {
    const { order, row } = await stoppedRefund("20.00");
    await age(row.id, 10);
    const other = await paidOrder(t.deps, { email: email() });
    const wrong = await act(other.id, "unanswered", { refund: String(row.id), answer: "given", confirm: "1" });
    expect(wrong.status).toBe(400);
    const neither = await act(order.id, "unanswered", { refund: String(row.id), answer: "maybe", confirm: "1" });
    expect(neither.status).toBe(400);
    expect((await refundRows(order.id))[0]!.respstat).toBe("pending");
  });
});
