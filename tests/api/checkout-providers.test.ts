import { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Product } from "../../domain/catalog-types.ts";
import { orders, products as productsTable, shippingQuotes } from "../../server/db/schema.ts";
import { createCardPointeGateway } from "../../server/payments/cardpointe.ts";
import { createShippoProvider } from "../../server/shipping/shippo.ts";
import { FakeCardPointe } from "../fakes/cardpointe.ts";
import { FakeShippo } from "../fakes/shippo.ts";
import { BUYER_ADDRESS, isShippable, paymentRequest, type QuotedRate } from "../support/payment-request.ts";
import { createTestApp, dbKinds, type TestApp } from "../support/test-app.ts";

const VISA = "4111111111111111";

/** The checkout with the real CardPointe and Shippo clients, against local fakes of both. */
describe.each(dbKinds)("checkout through CardPointe and Shippo clients on %s", (kind) => {
  let t: TestApp;
  let cardpointe: FakeCardPointe;
  let shippo: FakeShippo;
  let piece: Product;
  const logs: string[] = [];
  let n = 0;

  beforeAll(async () => {
    cardpointe = await new FakeCardPointe().start();
    shippo = await new FakeShippo().start();
    const sink = new Writable({
      write(chunk, _enc, done) {
        logs.push(String(chunk));
        done();
      },
    });
    const logger = pino({ level: "debug" }, sink);
    t = await createTestApp(kind, {
      logger,
      gateway: createCardPointeGateway(
        {
          baseUrl: cardpointe.url,
          merchid: cardpointe.merchid,
          username: cardpointe.username,
          password: cardpointe.password,
          timeoutMs: 1000,
        },
        logger,
      ),
      shipping: createShippoProvider({ token: shippo.token, baseUrl: shippo.url }, logger, {
        retryDelaysMs: [10, 10, 10],
      }),
    });
    const all = (await (await t.request("/api/Products")).json()) as Product[];
    piece = all.find((p) => isShippable(p) && p.stock >= 3)!;
  });
  afterAll(async () => {
    await t.close();
    await cardpointe.stop();
    await shippo.stop();
  });

  const post = (p: string, body: unknown, headers: Record<string, string> = {}) =>
    t.request(p, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
  const stock = async () =>
    (
      await t.deps.database.db
        .select({ s: productsTable.stock })
        .from(productsTable)
        .where(eq(productsTable.id, piece.id))
    )[0]!.s;
  const orderCount = async () => (await t.deps.database.db.select().from(orders)).length;

  async function checkout(card = VISA) {
    const line = { id: piece.id, quantity: 1 };
    const quote = (await (await post("/api/shipping/rates", { ...BUYER_ADDRESS, products: [line] })).json()) as {
      rates: QuotedRate[];
    };
    const rate = quote.rates[0]!;
    const unit = piece.salePrice ?? piece.price;
    const res = await post(
      "/api/payment/process-payment",
      paymentRequest(
        { id: piece.id, title: piece.title, unit, rate },
        { phone: "717-555-0100", account: card, expiry: "12/30", cvv2: "987" },
      ),
      { "Idempotency-Key": `providers-${kind}-${++n}-${Date.now()}` },
    );
    return { res, json: (await res.json()) as Record<string, unknown>, rate };
  }

  it("pays through CardPointe and buys the Shippo label for the chosen rate", async () => {
    const before = await stock();
    const { json, rate } = await checkout();
    expect(json).toMatchObject({ status: "approved", data: { respstat: "A" }, label: { status: "SUCCESS" } });
    const auth = cardpointe.requests.find((r) => r.path.endsWith("/auth"))!;
    expect(auth.body).toMatchObject({
      amount: expect.stringMatching(/^\d+\.\d{2}$/),
      capture: "Y",
      ecomind: "E",
      expiry: "1230",
    });
    // The buyer chose our quote; the label is bought with Shippo's own rate behind it.
    const [quoted] = await t.deps.database.db
      .select()
      .from(shippingQuotes)
      .where(eq(shippingQuotes.objectId, rate.object_id));
    const shippoRateId = (quoted!.rate as { object_id: string }).object_id;
    expect(shippoRateId).toMatch(/^rate_/);
    expect(shippo.requests.find((r) => r.path === "/transactions")?.body).toMatchObject({ rate: shippoRateId });
    expect(await stock()).toBe(before - 1);
  });

  it("voids a charge whose answer timed out, leaving no order and no stock taken", async () => {
    const [before, ordersBefore] = [await stock(), await orderCount()];
    cardpointe.delayNext(3000);
    const { json } = await checkout();
    expect(json).toMatchObject({ status: "error", data: { respstat: "B" } });
    const last = cardpointe.auths.at(-1)!;
    expect(cardpointe.voided.has(last.retref)).toBe(true);
    expect([await stock(), await orderCount()]).toEqual([before, ordersBefore]);
  });

  it("answers a gateway 5xx as a payment error with nothing charged or taken", async () => {
    const [before, ordersBefore, auths] = [await stock(), await orderCount(), cardpointe.auths.length];
    cardpointe.failNext(503);
    const { json } = await checkout();
    expect(json).toMatchObject({ status: "error", data: { respstat: "B" } });
    expect(cardpointe.auths.length).toBe(auths);
    expect([await stock(), await orderCount()]).toEqual([before, ordersBefore]);
  });

  it("answers a decline from the gateway as declined", async () => {
    const { json } = await checkout("4387751111111038");
    expect(json).toMatchObject({ status: "declined", data: { respstat: "C" } });
  });

  it("keeps the order when Shippo refuses the label", async () => {
    shippo.labelFails();
    const { json } = await checkout();
    expect(json).toMatchObject({ status: "approved", label: { status: "ERROR" } });
  });

  it("writes no card number, CVC or expiry to the logs", () => {
    const text = logs.join("");
    expect(text.length).toBeGreaterThan(200);
    expect(text).not.toContain(VISA);
    expect(text).not.toContain("4387751111111038");
    expect(text).not.toMatch(/"cvv2"|"987"|"1230"|"12\/30"/);
  });
});
