/**
 * What is due after checkout (docs/product.md, "Paying what is due"): the studio adds a delivery
 * charge, the buyer is mailed the order page's link and pays exactly what is due from it; a wrong
 * amount or a declined card charges nothing; a repeated key, or payments racing, charge once;
 * and over random sequences of charges, payments (repeated and racing) and refunds, what was
 * charged less what was given back never passes what the order comes to, and the page's due is
 * exactly what remains, whether the checkout took the whole or a deposit.
 */
import { asc, eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatPrice } from "../../domain/format.ts";
import { formatCents, toCents } from "../../domain/money.ts";
import { orderCharges, orderPayments, orders } from "../../server/db/schema.ts";
import { moneyOf } from "../../server/orders/ledger.ts";
import { buyDivergenceTable, buyShippablePiece } from "../support/buy.ts";
import { countingApp, type countingGateway } from "../support/counting-gateway.ts";
import {
  devSiteForFile,
  formBody,
  newKey,
  paidOrder,
  type Send,
  signIn,
  staffMember,
  textOf,
} from "../support/studio.ts";
import { type DbKind, dbKinds, type TestApp } from "../support/test-app.ts";

const siteBuild = devSiteForFile();
const LINK = /\/orders\/([A-Za-z0-9_-]{43})/;
const DECLINED = "4387751111111038";

describe.each(dbKinds)("paying what is due on %s", (kind: DbKind) => {
  let t: TestApp;
  let send: Send;
  let session: { cookie: string; csrf: string };
  let gw: ReturnType<typeof countingGateway>;
  let owner: { cookie: string; csrf: string };
  const db = () => t.deps.database.db;

  beforeAll(async () => {
    ({ t, send, session, gw } = await countingApp(kind, siteBuild()));
    await staffMember(t.deps, "owner@balance.test", "owner");
    owner = await signIn(send, "owner@balance.test");
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const orderRow = async (id: number) =>
    (
      (await db().execute(
        sql`select total, deposit, charges_total, paid_total, refunded_total from orders where id = ${id}`,
      )) as unknown as {
        rows: {
          total: string;
          deposit: string | null;
          charges_total: string;
          paid_total: string;
          refunded_total: string;
        }[];
      }
    ).rows[0]!;

  const addCharge = (id: number, label: string, amount: string) =>
    send(`/studio/orders/${id}?intent=charge`, {
      method: "POST",
      body: formBody({ csrf: session.csrf, label, chargeAmount: amount }),
      headers: { cookie: session.cookie },
    });

  /** The order page's pay form, as a browser posts it. */
  const pay = (token: string, fields: { amount: string; key: string; account?: string }) =>
    send(`/orders/${token}`, {
      method: "POST",
      body: formBody({
        account: fields.account ?? "4111 1111 1111 1111",
        expiry: "12/30",
        cvv2: "123",
        name: "Ada Lovelace",
        amount: fields.amount,
        key: fields.key,
      }),
    });

  /** A paid order with a delivery charge of `amount`: its id and the link the buyer was mailed. */
  async function orderWithCharge(amount: string) {
    const email = `due-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const order = await paidOrder(t.deps, { email, total: 1000 });
    await db().execute(sql`update orders set paid_total = total where id = ${order.id}`);
    const added = await addCharge(order.id, "White-glove delivery", amount);
    expect(added.status).toBe(200);
    const mail = (await t.sentMails()).find((m) => m.to === email && m.kind === "order-charge")!;
    return { id: order.id, email, token: LINK.exec(mail.text)![1]!, mail };
  }

  it("mails the buyer a charge the studio adds, with the link to pay it; a bad amount is refused naming it", async () => {
    const bad = await orderWithCharge("350");
    expect(bad.mail.subject).toContain("$350");
    expect(bad.mail.html).toContain("White-glove delivery");
    const refused = await addCharge(bad.id, "White-glove delivery", "lots");
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Amount: enter an amount");
    const page = await textOf(await send(`/orders/${bad.token}`));
    expect(page).toContain("$350 due");
    expect(page).toContain("Pay $350");
  });

  /** The id of an order by its reference, and the link its confirmation mailed to `email`. */
  async function opened(ref: string, email: string) {
    const id = (await db().select({ id: orders.id }).from(orders).where(eq(orders.orderRef, ref)))[0]!.id;
    const confirmation = (await t.sentMails()).find((m) => m.to === email && m.kind === "order-confirmation")!;
    return { id, token: LINK.exec(confirmation.text)![1]! };
  }

  const approvedTaxes = async (id: number) =>
    (await db().select().from(orderPayments).where(eq(orderPayments.orderId, id)).orderBy(asc(orderPayments.id)))
      .filter((p) => p.status === "approved")
      .map((p) => toCents(p.tax));

  it("takes the rest of a PA order's sales tax with its balance: the deposit's tax and the balance's make the order's", async () => {
    const email = `tax-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const { ref, res } = await buyDivergenceTable(t, { email, payNow: "deposit" });
    expect(res.status).toBe(200);
    const { id, token } = await opened(ref, email);
    const [order] = await db().select().from(orders).where(eq(orders.id, id));
    expect(order!.taxRule).toEqual({ state: "PA", rate: 6, delivery: true });
    const page = await textOf(await send(`/orders/${token}`));
    expect(page).toContain(`<dt>Sales tax (PA 6%)</dt><dd>${formatPrice(order!.tax)}</dd>`);
    expect(page).not.toContain("tax included");
    const due = /<dt>Due<\/dt><dd>\$([\d,.]+)<\/dd>/.exec(page)![1]!.replaceAll(",", "");
    const paid = await pay(token, { amount: Number(due).toFixed(2), key: newKey() });
    expect(paid.status).toBe(200);
    const [deposit, balance] = await approvedTaxes(id);
    expect(deposit).toBeGreaterThan(0);
    expect(balance).toBeGreaterThan(0);
    expect(deposit! + balance!).toBe(toCents(order!.tax));
    const receipt = (await t.sentMails()).find((m) => m.to === email && m.kind === "order-payment")!;
    expect(receipt.text).toContain(`Sales tax (PA 6%), in it: ${formatCents(balance!)}`);
    expect(receipt.text).toContain("Still due: Nothing");
  });

  it("adds PA's 6 % to a charge on a PA order, its tax apart in the mail, the page and the payment", async () => {
    const email = `charge-tax-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const { ref, res } = await buyShippablePiece(t, { email });
    expect(res.status).toBe(200);
    const { id, token } = await opened(ref, email);
    // The studio's form says the amount is before the tax that is added to it.
    const studioPage = await textOf(await send(`/studio/orders/${id}`, { headers: { cookie: session.cookie } }));
    expect(studioPage).toContain("Before sales tax: PA&#x27;s 6% is added to it.");
    expect((await addCharge(id, "White-glove delivery", "150")).status).toBe(200);
    const [charge] = await db().select().from(orderCharges).where(eq(orderCharges.orderId, id));
    expect(charge).toMatchObject({ label: "White-glove delivery", amount: 159, tax: 9 });
    const mail = (await t.sentMails()).find((m) => m.to === email && m.kind === "order-charge")!;
    expect(mail.text).toContain("White-glove delivery ($150 + sales tax $9 = $159)");
    expect(mail.subject).toContain("$159 due");
    const page = await textOf(await send(`/orders/${token}`));
    expect(page).toContain("<dt>White-glove delivery</dt><dd>$150 + sales tax $9 = $159</dd>");
    expect(page).toContain("<dt>Due</dt><dd>$159</dd>");
    expect((await pay(token, { amount: "159.00", key: newKey() })).status).toBe(200);
    expect((await approvedTaxes(id)).at(-1)).toBe(900);
    const [after] = await db().select().from(orders).where(eq(orders.id, id));
    expect(after!.chargesTotal).toBe(159);
  });

  it("charges exactly what is due: a wrong amount or a declined card charges nothing, a repeat of the key nothing more", async () => {
    const { id, token, email } = await orderWithCharge("350");
    const before = gw.charged.length;
    // The card is held to the checkout's rules: fifteen digits is no Visa number.
    const short = await pay(token, { amount: "350.00", key: newKey(), account: "4111 1111 1111 111" });
    expect(short.status).toBe(400);
    expect(await textOf(short)).toContain("Please provide a valid credit card number.");
    const wrong = await pay(token, { amount: "300.00", key: newKey() });
    expect(wrong.status).toBe(400);
    expect(await textOf(wrong)).toContain("The amount due is now $350");
    const declined = await pay(token, { amount: "350.00", key: newKey(), account: DECLINED });
    expect(declined.status).toBe(402);
    expect(await textOf(declined)).toContain("The card was declined");
    expect(gw.charged.length).toBe(before);

    const k = newKey();
    const paid = await pay(token, { amount: "350.00", key: k });
    expect(paid.status).toBe(200);
    expect(await textOf(paid)).toContain("We received $350");
    const again = await pay(token, { amount: "350.00", key: k });
    expect(again.status).toBe(200);
    expect(gw.charged.length).toBe(before + 1);
    expect(gw.charged.at(-1)!.amount).toBe("350.00");
    expect(await orderRow(id)).toMatchObject({ paid_total: "1350.00", charges_total: "350.00" });
    const receipt = (await t.sentMails()).find((m) => m.to === email && m.kind === "order-payment");
    expect(receipt?.text).toContain("We received $350");
    // Nothing is due now: the page has no form, and another try is refused.
    const page = await textOf(await send(`/orders/${token}`));
    expect(page).not.toContain("Pay $350");
    expect((await pay(token, { amount: "350.00", key: newKey() })).status).toBe(400);
  });

  it("charges once when payments race from two pages", async () => {
    const { id, token } = await orderWithCharge("275.50");
    const before = gw.charged.length;
    const answers = await Promise.all(Array.from({ length: 6 }, () => pay(token, { amount: "275.50", key: newKey() })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.every((a) => a.status === 200 || a.status === 400)).toBe(true);
    expect(gw.charged.length).toBe(before + 1);
    expect(await orderRow(id)).toMatchObject({ paid_total: "1275.50" });
  });

  it("takes hostile posts to the order page without a 5xx or a charge", async () => {
    const { id, token } = await orderWithCharge("120");
    const before = gw.charged.length;
    const junk = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom("", "-1", "1e9", "120.001", "<script>", "\u0000"),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(junk, { minLength: 6, maxLength: 6 }),
        async ([account, expiry, cvv2, name, amount, k]) => {
          const res = await send(`/orders/${token}`, {
            method: "POST",
            body: formBody({ account: account!, expiry: expiry!, cvv2: cvv2!, name: name!, amount: amount!, key: k! }),
          });
          await res.arrayBuffer();
          expect(res.status).toBeLessThan(500);
        },
      ),
      { numRuns: 60 },
    );
    expect(gw.charged.length).toBe(before);
    expect(await orderRow(id)).toMatchObject({ paid_total: "1000.00" });
  });

  it("never charges past what the order comes to, and shows exactly what remains, over random sequences", async () => {
    const step = fc.oneof(
      fc.record({ op: fc.constant("charge" as const), cents: fc.integer({ min: 1, max: 50_000 }) }),
      fc.record({ op: fc.constant("pay" as const), racing: fc.integer({ min: 1, max: 3 }), stale: fc.boolean() }),
      fc.record({
        op: fc.constant("refund" as const),
        cents: fc.integer({ min: 1, max: 5_000 }),
        // Of the checkout's charge (the deposit, or the whole), or of the latest payment from the page.
        ofLatest: fc.boolean(),
      }),
    );
    let refundsGiven = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 6 }), fc.boolean(), async (steps, withDeposit) => {
        // A real checkout (its charge is the sandbox's, so refunds of it go through): a piece paid
        // in full, or a Divergence table with the studio's deposit; then a charge.
        const before = gw.charged.length;
        const email = `money-${Math.random().toString(36).slice(2, 8)}@example.com`;
        const { ref } = withDeposit
          ? await buyDivergenceTable(t, { email, payNow: "deposit" })
          : await buyShippablePiece(t, { email });
        const id = Number(
          (
            (await db().execute(sql`select id from orders where order_ref = ${ref}`)) as unknown as {
              rows: { id: number }[];
            }
          ).rows[0]!.id,
        );
        expect((await addCharge(id, "White-glove delivery", "10")).status).toBe(200);
        const chargeMail = (await t.sentMails()).find((m) => m.to === email && m.kind === "order-charge")!;
        const token = LINK.exec(chargeMail.text)![1]!;
        let charged = 0;
        for (const s of steps) {
          if (s.op === "charge") {
            expect((await addCharge(id, "Delivery", (s.cents / 100).toFixed(2))).status).toBe(200);
          } else if (s.op === "pay") {
            const row = await orderRow(id);
            const due = Math.max(0, Number(row.total) + Number(row.charges_total) - Number(row.paid_total));
            // A stale page offers yesterday's figure; racing pages offer today's.
            const amount = (s.stale ? due + 1 : due).toFixed(2);
            const k = newKey();
            const answers = await Promise.all(
              Array.from({ length: s.racing }, (_, i) => pay(token, { amount, key: i === 0 ? k : newKey() })),
            );
            for (const a of answers) expect(a.status).toBeLessThan(500);
          } else {
            const latest = (
              (await db().execute(
                sql`select max(id) as id from order_payments where order_id = ${id} and status = 'approved'`,
              )) as unknown as { rows: { id: number | null }[] }
            ).rows[0]?.id;
            const res = await send(`/studio/orders/${id}?intent=refund`, {
              method: "POST",
              body: formBody({
                csrf: owner.csrf,
                kind: "refund",
                confirm: "1",
                amount: (s.cents / 100).toFixed(2),
                payment: s.ofLatest && latest ? String(latest) : "checkout",
              }),
              headers: { cookie: owner.cookie },
            });
            expect(res.status).toBeLessThan(500);
            if (res.status === 200) refundsGiven++;
          }
          charged = gw.charged.slice(before).reduce((sum, r) => sum + Math.round(Number(r.amount) * 100), 0);
          const row = await orderRow(id);
          const comesTo = Math.round((Number(row.total) + Number(row.charges_total)) * 100);
          const paid = Math.round(Number(row.paid_total) * 100);
          const refunded = Math.round(Number(row.refunded_total) * 100);
          // Every charge the gateway made is what the order records as paid, to the cent; what
          // was charged less what was given back never passes what the order comes to.
          expect(paid).toBe(charged);
          expect(refunded).toBeLessThanOrEqual(charged);
          expect(charged - refunded).toBeLessThanOrEqual(comesTo);
          // No payment gave back more than it took: each from the page, and the checkout's.
          const perPayment = (
            (await db().execute(
              sql`select amount, refunded from order_payments where order_id = ${id} and status = 'approved'`,
            )) as unknown as { rows: { amount: string; refunded: string }[] }
          ).rows;
          for (const p of perPayment) expect(Number(p.refunded)).toBeLessThanOrEqual(Number(p.amount));
          const laterRefunded = perPayment.reduce((sum, p) => sum + Math.round(Number(p.refunded) * 100), 0);
          const atCheckout = Math.round(Number(row.deposit ?? row.total) * 100);
          expect(refunded - laterRefunded).toBeLessThanOrEqual(atCheckout);
          const page = await textOf(await send(`/orders/${token}`));
          expect(page).toContain(`<dt>Due</dt><dd>${formatPrice(Math.max(0, comesTo - paid) / 100)}</dd>`);
          // The sales tax paid never passes the order's and its charges'; all of it once nothing is due.
          const money = await moneyOf(db(), (await db().select().from(orders).where(eq(orders.id, id)))[0]!);
          expect(money.tax.paid).toBeLessThanOrEqual(money.tax.comesTo);
          if (money.due === 0) expect(money.tax.paid).toBe(money.tax.comesTo);
        }
      }),
      { numRuns: kind === "pglite" ? 12 : 6 },
    );
    // The refunds in the sequences went through (the property saw money given back).
    expect(refundsGiven).toBeGreaterThan(0);
  }, 240_000);
});
