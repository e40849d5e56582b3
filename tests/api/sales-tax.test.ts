/**
 * Sales tax at the checkout (docs/product.md, "Sales tax"): the demo studio collects PA 6 % on
 * what it delivers in PA, delivery included. The rates answer carries each rate's tax to the
 * cent; a payment's amount must include it (a 409 naming `amount` with the fresh figures, nothing
 * charged, when it does not, or when a `taxTotal` sent differs); the order and its payment keep
 * it; a deposit carries its share and the balance the rest; a buyer elsewhere pays none, and so
 * does every buyer of a studio that collects nowhere. The 6 % is worked out here by hand, not
 * by domain/tax.ts, so the test does not agree with the code by construction.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DivergenceData } from "../../domain/catalog-types.ts";
import { type Cents, decimalText, toCents, toDollars } from "../../domain/money.ts";
import { orderPayments, orders, products } from "../../server/db/schema.ts";
import { moneyOf } from "../../server/orders/ledger.ts";
import { newOrderLink } from "../../server/orders/links.ts";
import { buyDivergenceTable, firstTableLine, orderPagePayment } from "../support/buy.ts";
import { countingApp, type countingGateway } from "../support/counting-gateway.ts";
import { BUYER_ADDRESS, isShippable, type ListedPiece, paymentRequest } from "../support/payment-request.ts";
import { devSiteForFile, newKey, type Send } from "../support/studio.ts";
import { type DbKind, dbKinds, type TestApp } from "../support/test-app.ts";

const siteBuild = devSiteForFile();

type Address = typeof BUYER_ADDRESS;
const NEW_JERSEY: Address = {
  ...BUYER_ADDRESS,
  address: "3 Nassau Street",
  city: "Princeton",
  state: "NJ",
  zip: "08542",
};
const ONTARIO: Address = {
  ...BUYER_ADDRESS,
  country: "CA",
  address: "200 Queen Street West",
  city: "Toronto",
  state: "ON",
  zip: "M5H 2N2",
};
/** The demo studio's one rule, as the order keeps it. */
const PA_RULE = { state: "PA", rate: 6, delivery: true };

/** 6 % of an amount in cents, to the nearest cent, half a cent up: 6 × cents is whole, so the division is exact. */
const sixPercent = (cents: Cents): Cents => Math.round((cents * 6) / 100);

type TaxedRate = { object_id: string; amount: string; tax: number };
type RatesAnswer = { rates: TaxedRate[]; tax: number };
type Fresh = { subtotal: number; shippingTotal: number; taxTotal: number; amount: number };

describe.each(dbKinds)("sales tax on %s", (kind: DbKind) => {
  let t: TestApp;
  let send: Send;
  let gw: ReturnType<typeof countingGateway>;
  let piece: ListedPiece;
  const db = () => t.deps.database.db;

  beforeAll(async () => {
    ({ t, send, gw } = await countingApp(kind, siteBuild()));
    await db().execute(sql`update studio_config set deposit_percent = 50, deposit_minimum = 500`);
    // One piece a carrier ships, with stock enough for every test here.
    const listed = ((await (await t.request("/api/Products")).json()) as ListedPiece[]).find(isShippable)!;
    await db().update(products).set({ stock: 100 }).where(eq(products.id, listed.id));
    t.deps.changes.publish();
    piece = await pieceNow(listed.id);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const pieceNow = async (id: number) =>
    ((await (await t.request("/api/Products")).json()) as ListedPiece[]).find((p) => p.id === id)!;
  const unit = (p: ListedPiece) => p.salePrice ?? p.price;
  const post = (p: string, body: unknown, headers: Record<string, string> = {}) =>
    t.request(p, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });

  async function ratesFor(to: Address, quantity = 1): Promise<RatesAnswer> {
    const res = await post("/api/shipping/rates", { ...to, products: [{ id: piece.id, quantity }] });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as RatesAnswer;
  }

  /** The payment the page sends from `to` at `rate` (its amount with the rate's tax), with `changes`. */
  const paymentFrom = (to: Address, rate: TaxedRate, changes: Record<string, unknown> = {}) =>
    paymentRequest(
      { id: piece.id, title: piece.title, unit: unit(piece), rate },
      {
        ...to,
        region: to.state,
        postal: to.zip,
        email: `tax-${newKey().slice(0, 10)}@example.com`,
        ...changes,
      },
    );
  const pay = (body: unknown) => post("/api/payment/process-payment", body, { "Idempotency-Key": newKey() });
  const ordersTo = (email: string) => db().select().from(orders).where(eq(orders.email, email));
  const paymentsOf = (orderId: number) => db().select().from(orderPayments).where(eq(orderPayments.orderId, orderId));

  it("puts 6 % of goods and shipping on each rate for a PA address, to the cent, and none for NJ", async () => {
    // A price that makes the first rate's tax end in half a cent, which is rounded up.
    const shipping = toCents(Number((await ratesFor(BUYER_ADDRESS)).rates[0]!.amount));
    const price = 600_00 + ((((25 - ((600_00 + shipping) % 50)) % 50) + 50) % 50);
    await db()
      .update(products)
      .set({ price: price / 100, salePrice: null })
      .where(eq(products.id, piece.id));
    t.deps.changes.publish();
    piece = await pieceNow(piece.id);
    expect(toCents(unit(piece))).toBe(price);

    const pa = await ratesFor(BUYER_ADDRESS);
    expect(pa.rates.length).toBeGreaterThan(0);
    for (const r of pa.rates) expect(toCents(r.tax), r.object_id).toBe(sixPercent(price + toCents(Number(r.amount))));
    expect(((price + shipping) * 6) % 100).toBe(50);
    expect(toCents(pa.rates[0]!.tax) * 100).toBe((price + shipping) * 6 + 50);
    // Without a carrier's rate (a cart the studio delivers), the goods alone.
    expect(toCents(pa.tax)).toBe(sixPercent(price));
    // Two of the piece: the tax is on the whole, not twice the tax of one.
    for (const r of (await ratesFor(BUYER_ADDRESS, 2)).rates)
      expect(toCents(r.tax)).toBe(sixPercent(2 * price + toCents(Number(r.amount))));

    const nj = await ratesFor(NEW_JERSEY);
    expect(nj.rates.length).toBeGreaterThan(0);
    expect(nj.rates.map((r) => r.tax)).toEqual(nj.rates.map(() => 0));
    expect(nj.tax).toBe(0);
  });

  it("refuses an amount without the tax, or a tax other than the server's, with 409 and the fresh figures, charging nothing", async () => {
    const { rates } = await ratesFor(BUYER_ADDRESS);
    const rate = rates[0]!;
    const full = paymentFrom(BUYER_ADDRESS, rate);
    const charged = gw.charged.length;
    const untaxed = { ...full, amount: toDollars(toCents(full.amount) - toCents(rate.tax)) };
    delete (untaxed as { taxTotal?: number }).taxTotal;
    const asIfNone = { ...untaxed, taxTotal: 0 };
    const otherTax = { ...full, taxTotal: toDollars(toCents(rate.tax) - 1) };
    for (const body of [untaxed, asIfNone, otherTax]) {
      const res = await pay(body);
      expect(res.status).toBe(409);
      const answer = (await res.json()) as { error: { code: string; field: string }; fresh: Fresh };
      expect(answer.error).toMatchObject({ code: "price_changed", field: "amount" });
      expect(answer.fresh).toMatchObject({ taxTotal: rate.tax, amount: full.amount });
      expect(toCents(answer.fresh.taxTotal)).toBe(sixPercent(toCents(unit(piece)) + toCents(Number(rate.amount))));
      expect(await ordersTo(body.email as string)).toEqual([]);
    }
    expect(gw.charged.length).toBe(charged);
  });

  it("keeps a PA order's tax and rule on its row, in its checkout payment and in the answer", async () => {
    const { rates } = await ratesFor(BUYER_ADDRESS);
    const rate = rates[0]!;
    const body = paymentFrom(BUYER_ADDRESS, rate);
    const res = await pay(body);
    const answer = (await res.json()) as { status: string; order: { taxTotal: number; total: number } };
    expect(answer).toMatchObject({ status: "approved", order: { taxTotal: rate.tax, total: body.amount } });
    const goods = toCents(unit(piece));
    const shipping = toCents(Number(rate.amount));
    const tax = sixPercent(goods + shipping);
    expect(tax).toBeGreaterThan(0);

    const [order] = await ordersTo(body.email as string);
    expect(toCents(order!.tax)).toBe(tax);
    expect(order!.taxRule).toEqual(PA_RULE);
    expect(toCents(order!.total)).toBe(goods + shipping + tax);
    const [payment] = await paymentsOf(order!.id);
    expect(payment).toMatchObject({ source: "checkout", status: "approved" });
    expect(toCents(payment!.tax)).toBe(tax);
    expect(toCents(payment!.amount)).toBe(goods + shipping + tax);
    expect(gw.charged.at(-1)!.amount).toBe(decimalText(goods + shipping + tax));
    const money = await moneyOf(db(), order!);
    expect(money.tax).toEqual({ comesTo: tax, paid: tax, refunded: 0 });
    expect(money.due).toBe(0);
  });

  it("shares a PA deposit's tax: the deposit carries its part, the balance the rest, and paying it pays all the tax", async () => {
    const email = `tax-dep-${newKey().slice(0, 8)}@example.com`;
    const bought = await buyDivergenceTable(t, { email, payNow: "deposit" });
    expect(bought.res.status).toBe(200);
    const [order] = await ordersTo(email);
    const tax = toCents(order!.tax);
    const base = toCents(order!.subtotal) + toCents(order!.shippingTotal);
    expect(tax).toBe(sixPercent(base));
    expect(order!.taxRule).toEqual(PA_RULE);

    const [deposit] = await paymentsOf(order!.id);
    const depositTax = toCents(deposit!.tax);
    expect(toCents(deposit!.amount)).toBe(toCents(bought.deposit!));
    // The deposit's tax is its goods' share of the order's, within the cent the split rounds.
    const depositGoods = toCents(deposit!.amount) - depositTax;
    expect(Math.abs(depositTax * base - tax * depositGoods)).toBeLessThanOrEqual(base);
    const balanceTax = tax - depositTax;
    expect(balanceTax).toBeGreaterThan(0);
    const before = await moneyOf(db(), order!);
    expect(before.tax).toEqual({ comesTo: tax, paid: depositTax, refunded: 0 });
    expect(before.due).toBe(toCents(order!.total) - toCents(bought.deposit!));

    // The balance, paid from the order's page, carries the rest of the tax exactly.
    const token = await newOrderLink(db(), order!.id);
    const paid = await send(`/orders/${token}`, {
      method: "POST",
      body: orderPagePayment(decimalText(before.due)),
    });
    expect(paid.status).toBe(200);
    const balance = (await paymentsOf(order!.id)).find((p) => p.source === "order_page")!;
    expect(balance).toMatchObject({ status: "approved" });
    expect(toCents(balance.amount)).toBe(before.due);
    expect(toCents(balance.tax)).toBe(balanceTax);
    const after = await moneyOf(db(), order!);
    expect(after.tax).toEqual({ comesTo: tax, paid: tax, refunded: 0 });
    expect(after.due).toBe(0);
  });

  it("charges a buyer in New Jersey no tax, nor one in Canada (a table the studio delivers there)", async () => {
    const { rates } = await ratesFor(NEW_JERSEY);
    const rate = rates[0]!;
    expect(rate.tax).toBe(0);
    const body = paymentFrom(NEW_JERSEY, rate);
    const res = await pay(body);
    expect(await res.json()).toMatchObject({ status: "approved", order: { taxTotal: 0 } });
    const [order] = await ordersTo(body.email as string);
    expect(toCents(order!.tax)).toBe(0);
    expect(order!.taxRule).toBeNull();
    expect(toCents(order!.total)).toBe(toCents(unit(piece)) + toCents(Number(rate.amount)));
    expect(toCents((await paymentsOf(order!.id))[0]!.tax)).toBe(0);
    // A page that adds PA's tax anyway is told the figures: no tax.
    const taxed = await pay({ ...body, amount: toDollars(toCents(body.amount) + 100), taxTotal: 1 });
    expect(taxed.status).toBe(409);
    expect(((await taxed.json()) as { fresh: Fresh }).fresh).toMatchObject({ taxTotal: 0, amount: body.amount });

    // Carriers take nothing abroad from the built-in table; the studio delivers its tables anywhere.
    const d = (await (await t.request("/api/divergence/GetDivergenceVariants/1")).json()) as DivergenceData;
    const line = firstTableLine(d);
    const tableRates = async (to: Address) =>
      (await (await post("/api/shipping/rates", { ...to, products: [line] })).json()) as RatesAnswer;
    expect(await tableRates(ONTARIO)).toMatchObject({ rates: [], tax: 0 });
    const email = `tax-on-${newKey().slice(0, 8)}@example.com`;
    const abroad = await buyDivergenceTable(t, {
      ...ONTARIO,
      region: ONTARIO.state,
      postal: ONTARIO.zip,
      email,
      payNow: "full",
    });
    expect(await abroad.res.json()).toMatchObject({ status: "approved", order: { taxTotal: 0 } });
    const [table] = await ordersTo(email);
    expect(toCents(table!.tax)).toBe(0);
    expect(table!.taxRule).toBeNull();
    expect(toCents(table!.total)).toBe(toCents(table!.subtotal) + toCents(table!.shippingTotal));
    expect(toCents((await paymentsOf(table!.id))[0]!.tax)).toBe(0);
    // The same table delivered in PA pays 6 % of it.
    expect(toCents((await tableRates(BUYER_ADDRESS)).tax)).toBe(sixPercent(toCents(table!.subtotal)));
  });

  it("charges no tax anywhere when the studio collects in no state", async () => {
    await db().execute(sql`update studio_config set sales_tax = '[]'::jsonb`);
    t.deps.changes.publish();
    try {
      const answer = await ratesFor(BUYER_ADDRESS);
      expect(answer.tax).toBe(0);
      expect(answer.rates.map((r) => r.tax)).toEqual(answer.rates.map(() => 0));
      const rate = answer.rates[0]!;
      const body = paymentFrom(BUYER_ADDRESS, rate);
      expect(await (await pay(body)).json()).toMatchObject({ status: "approved", order: { taxTotal: 0 } });
      const [order] = await ordersTo(body.email as string);
      expect(toCents(order!.tax)).toBe(0);
      expect(order!.taxRule).toBeNull();
      expect(toCents(order!.total)).toBe(toCents(unit(piece)) + toCents(Number(rate.amount)));
      expect(toCents((await paymentsOf(order!.id))[0]!.tax)).toBe(0);
    } finally {
      await db().execute(sql`update studio_config set sales_tax = ${JSON.stringify([PA_RULE])}::jsonb`);
      t.deps.changes.publish();
    }
  });
});
