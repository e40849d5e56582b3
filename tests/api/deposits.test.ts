/**
 * Deposit, then balance (docs/product.md, "Deposit, then balance"): a made-to-order piece may be
 * bought with the studio's deposit; the checkout charges only it, checked on the server's prices;
 * the order page shows the balance; marking it ready mails the link to pay the balance, which
 * charges once however many pages press Pay; the timeline shows the deposit and the balance; and
 * money is given back per payment, never more than each took.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { depositOf } from "../../domain/deposit.ts";
import { formatPrice } from "../../domain/format.ts";
import { toCents } from "../../domain/money.ts";
import { type TaxRule, taxOf, taxShare } from "../../domain/tax.ts";
import { buyDivergenceTable, buyShippablePiece } from "../support/buy.ts";
import { countingApp, type countingGateway } from "../support/counting-gateway.ts";
import { isShippable, type ListedPiece } from "../support/payment-request.ts";
import { devSiteForFile, formBody, newKey, type Send, signIn, staffMember, textOf } from "../support/studio.ts";
import { type DbKind, dbKinds, type TestApp } from "../support/test-app.ts";

const siteBuild = devSiteForFile();
const LINK = /\/orders\/([A-Za-z0-9_-]{43})/;
/** The demo studio's rule: the test buyers live in PA. */
const PA: TaxRule = { state: "PA", rate: 6, delivery: true };

describe.each(dbKinds)("deposit, then balance on %s", (kind: DbKind) => {
  let t: TestApp;
  let send: Send;
  let session: { cookie: string; csrf: string };
  let owner: { cookie: string; csrf: string };
  let gw: ReturnType<typeof countingGateway>;
  const db = () => t.deps.database.db;

  beforeAll(async () => {
    ({ t, send, session, gw } = await countingApp(kind, siteBuild()));
    await staffMember(t.deps, "owner@deposit.test", "owner");
    owner = await signIn(send, "owner@deposit.test");
    await db().execute(sql`update studio_config set deposit_percent = 50, deposit_minimum = 500`);
    t.deps.changes.publish();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const orderOf = async (ref: string) =>
    (
      (await db().execute(
        sql`select id, total, deposit, paid_total, refunded_total, status from orders where order_ref = ${ref}`,
      )) as unknown as {
        rows: { id: number; total: string; deposit: string | null; paid_total: string; refunded_total: string }[];
      }
    ).rows[0]!;
  const mailsTo = async (email: string) => (await t.sentMails()).filter((m) => m.to === email);
  const pay = (token: string, amount: string, k = newKey()) =>
    send(`/orders/${token}`, {
      method: "POST",
      body: formBody({ account: "4111 1111 1111 1111", expiry: "12/30", cvv2: "123", name: "Ada", amount, key: k }),
    });
  const step = (id: number, s: string, more: Record<string, string> = {}) =>
    send(`/studio/orders/${id}?intent=status`, {
      method: "POST",
      // Confirmed: a skip (paid to ready) is asked about first (tests/api/studio-order-steps.test.ts).
      body: formBody({ csrf: session.csrf, step: s, confirm: "1", ...more }),
      headers: { cookie: session.cookie },
    });
  const refund = (id: number, fields: Record<string, string>) =>
    send(`/studio/orders/${id}?intent=refund`, {
      method: "POST",
      body: formBody({ csrf: owner.csrf, kind: "refund", confirm: "1", ...fields }),
      headers: { cookie: owner.cookie },
    });

  it("gives the studio's deposit rule with the studio, and the checkout's split is the server's", async () => {
    const studio = (await (await t.request("/api/studio")).json()) as { deposit: { percent: number; minimum: number } };
    expect(studio.deposit).toEqual({ percent: 50, minimum: 500 });
    expect(depositOf([{ total: 4000, madeToOrder: true }], 0, studio.deposit)).toEqual({
      now: 2000,
      balance: 2000,
      percent: 50,
    });
  });

  it("charges half of a Divergence table at checkout, and the page shows the balance due and the ship window", async () => {
    const email = `dep-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const before = gw.charged.length;
    const bought = await buyDivergenceTable(t, { email, payNow: "deposit" });
    expect(bought.res.status).toBe(200);
    const answer = (await bought.res.json()) as {
      status: string;
      order: { total: number };
      deposit: { paid: number; balance: number };
      data: { amount: string };
    };
    const half = Math.round(bought.total * 50) / 100;
    expect(answer.status).toBe("approved");
    expect(answer.order.total).toBe(bought.total);
    expect(answer.deposit).toEqual({ paid: half, balance: Math.round((bought.total - half) * 100) / 100 });
    expect(gw.charged.length).toBe(before + 1);
    expect(gw.charged.at(-1)!.amount).toBe(half.toFixed(2));
    const row = await orderOf(bought.ref);
    expect(Number(row.deposit)).toBe(half);
    expect(Number(row.paid_total)).toBe(half);

    // A repeat of the key answers the same, charging nothing.
    const again = await bought.post(bought.request, bought.key);
    expect(((await again.json()) as { deposit: unknown }).deposit).toEqual(answer.deposit);
    expect(gw.charged.length).toBe(before + 1);

    const confirmation = (await mailsTo(email)).find((m) => m.kind === "order-confirmation")!;
    expect(confirmation.text).toContain(`Deposit paid: ${formatPrice(half)}`);
    expect(confirmation.text).toContain(`Balance, due when your pieces are ready: ${formatPrice(bought.total - half)}`);
    expect(confirmation.html).toContain("Deposit paid");
    const page = await textOf(await send(`/orders/${LINK.exec(confirmation.text)![1]}`));
    expect(page).toContain("Deposit paid");
    expect(page).toContain("Balance paid");
    expect(page).toContain(`${formatPrice(bought.total - half)} due`);
    expect(page).toContain("Pay the balance");
    expect(page).toContain("Expected to leave the studio:");
  });

  it("refuses a deposit the page did not show (409 with the fresh one), and one on pieces from stock", async () => {
    const before = gw.charged.length;
    const stale = await buyDivergenceTable(t, { payNow: "deposit", deposit: 1 });
    expect(stale.res.status).toBe(409);
    const body = (await stale.res.json()) as { error: { field: string }; fresh: { deposit: number } };
    expect(body.error.field).toBe("deposit");
    expect(body.fresh.deposit).toBeGreaterThan(1);
    const lamp = await buyShippablePiece(t, { payNow: "deposit" });
    expect(lamp.res.status).toBe(400);
    expect(((await lamp.res.json()) as { error: { field: string } }).error.field).toBe("payNow");
    expect(gw.charged.length).toBe(before);
  });

  it("offers the deposit on a piece the studio gave build weeks, on its price and the rest in full", async () => {
    // The piece buyShippablePiece buys: the catalog's first a carrier takes.
    const piece = ((await (await t.request("/api/Products")).json()) as ListedPiece[]).find(isShippable)!;
    await db().execute(
      sql`update products set price = 5000, sale_price = null, build_weeks_min = 4, build_weeks_max = 6 where id = ${piece.id}`,
    );
    t.deps.changes.publish();
    const before = gw.charged.length;
    const bought = await buyShippablePiece(t, { payNow: "deposit" });
    expect(bought.piece.id).toBe(piece.id);
    expect(bought.res.status).toBe(200);
    const answer = (await bought.res.json()) as {
      order: { subtotal: number; shippingTotal: number; taxTotal: number; total: number };
      deposit: { paid: number; balance: number };
    };
    // Half the piece now, with all of its shipping; the other half later, each with its share of
    // the PA sales tax (6 % of goods and shipping: the buyer is in PA).
    const tax = taxOf(PA, toCents(answer.order.subtotal), toCents(answer.order.shippingTotal));
    expect(toCents(answer.order.taxTotal)).toBe(tax.tax);
    const balanceTax = taxShare(tax, toCents(2500));
    expect(Math.abs(balanceTax - toCents(150))).toBeLessThanOrEqual(1);
    expect(toCents(answer.deposit.balance)).toBe(toCents(2500) + balanceTax);
    expect(toCents(answer.deposit.paid)).toBe(toCents(answer.order.total) - toCents(2500) - balanceTax);
    expect(gw.charged.length).toBe(before + 1);
    expect(gw.charged.at(-1)!.amount).toBe(answer.deposit.paid.toFixed(2));
  });

  it("mails the balance when the studio marks it ready; racing payments charge it once; shipped by the studio", async () => {
    const email = `bal-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const bought = await buyDivergenceTable(t, { email, payNow: "deposit" });
    const { id } = await orderOf(bought.ref);
    const balance = Math.round((bought.total - bought.deposit!) * 100) / 100;
    expect((await step(id, "in_production")).status).toBe(200);
    expect((await mailsTo(email)).find((m) => m.kind === "order-in-production")!.text).not.toContain("is now due");
    expect((await step(id, "ready")).status).toBe(200);
    const ready = (await mailsTo(email)).find((m) => m.kind === "order-ready")!;
    expect(ready.subject).toContain(`${formatPrice(balance)} due`);
    expect(ready.text).toContain(`${formatPrice(balance)} is now due`);
    expect(ready.html).toContain("Pay the balance");
    const token = LINK.exec(ready.text)![1]!;

    const before = gw.charged.length;
    const answers = await Promise.all(Array.from({ length: 5 }, () => pay(token, balance.toFixed(2))));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.every((a) => a.status === 200 || a.status === 400)).toBe(true);
    expect(gw.charged.length).toBe(before + 1);
    expect(gw.charged.at(-1)!.amount).toBe(balance.toFixed(2));
    expect(Number((await orderOf(bought.ref)).paid_total)).toBe(bought.total);
    expect((await pay(token, balance.toFixed(2))).status).toBe(400);

    // The studio delivers a Divergence table itself: shipped needs no tracking, and none is shown.
    expect((await step(id, "shipped")).status).toBe(200);
    expect((await mailsTo(email)).find((m) => m.kind === "order-shipped")!.text).toContain("studio's own delivery");
    const page = await textOf(await send(`/orders/${token}`));
    expect(page).toMatch(/Balance paid<\/span><span class="order-steps__when">\w+, \w+ \d/);
    expect(page).toContain("<dt>Due</dt><dd>$0</dd>");
  });

  it("counts in the week's takings what was charged when it was: the deposit, then the balance, less refunds", async () => {
    const week = async () => {
      const page = await textOf(await send("/studio", { headers: { cookie: session.cookie } }));
      return Number(/This week: <strong>\$([\d,.]+)<\/strong>/.exec(page)![1]!.replace(/,/g, ""));
    };
    const before = await week();
    const bought = await buyDivergenceTable(t, { payNow: "deposit" });
    expect(await week()).toBeCloseTo(before + bought.deposit!, 2);
    const { id } = await orderOf(bought.ref);
    await step(id, "ready");
    const token = LINK.exec((await t.sentMails()).filter((m) => m.kind === "order-ready").at(-1)!.text)![1]!;
    expect((await pay(token, (bought.total - bought.deposit!).toFixed(2))).status).toBe(200);
    expect(await week()).toBeCloseTo(before + bought.total, 2);
    expect((await refund(id, { amount: "100.00" })).status).toBe(200);
    expect(await week()).toBeCloseTo(before + bought.total - 100, 2);
  });

  it("gives money back per payment, never more than each took", async () => {
    const bought = await buyDivergenceTable(t, { payNow: "deposit" });
    const { id } = await orderOf(bought.ref);
    const balance = Math.round((bought.total - bought.deposit!) * 100) / 100;
    await step(id, "ready");
    const token = LINK.exec((await t.sentMails()).filter((m) => m.kind === "order-ready").at(-1)!.text)![1]!;
    expect((await pay(token, balance.toFixed(2))).status).toBe(200);
    const paymentId = (
      (await db().execute(
        sql`select id from order_payments where order_id = ${id} and status = 'approved' and source = 'order_page'`,
      )) as unknown as {
        rows: { id: number }[];
      }
    ).rows[0]!.id;

    const tooMuch = await refund(id, { amount: (bought.deposit! + 1).toFixed(2) });
    expect(tooMuch.status).toBe(400);
    expect(await textOf(tooMuch)).toContain(`At most ${formatPrice(bought.deposit!)} can be refunded of this payment`);
    expect((await refund(id, { amount: "100.00", payment: String(paymentId) })).status).toBe(200);
    const overBalance = await refund(id, { amount: balance.toFixed(2), payment: String(paymentId) });
    expect(overBalance.status).toBe(400);
    expect(await textOf(overBalance)).toContain(`At most ${formatPrice(balance - 100)} can be refunded`);
    expect((await refund(id, { amount: bought.deposit!.toFixed(2) })).status).toBe(200);
    const other = await refund(id, { amount: "1.00", payment: "999999" });
    expect(other.status).toBe(400);
    expect(Number((await orderOf(bought.ref)).refunded_total)).toBe(Math.round((bought.deposit! + 100) * 100) / 100);
  });
});
