/**
 * The checkout API's answers parse with the schemas domain/checkout-wire.ts declares, which the
 * browser's types are inferred from: the rates with each rate's tax, the payment approved (with
 * its tax) or declined, a repeat of its key, and the JSON errors with their fresh figures. A
 * field the server adds, drops or renames fails here before the page reads it wrong.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  errorAnswerSchema,
  type PaymentAnswerBody,
  paymentAnswerSchema,
  type QuotedRate,
  ratesAnswerSchema,
} from "../../domain/checkout-wire.ts";
import { toCents, toDollars } from "../../domain/money.ts";
import { percentOf } from "../../domain/money-shares.ts";
import { buyDivergenceTable } from "../support/buy.ts";
import { BUYER_ADDRESS, isShippable, type ListedPiece, paymentRequest } from "../support/payment-request.ts";
import { createTestApp, dbKinds, type TestApp } from "../support/test-app.ts";

describe.each(dbKinds)("the checkout's answers as declared, on %s", (kind) => {
  let t: TestApp;
  let piece: ListedPiece;
  let keys = 0;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      env: { PAYMENT_RATE_LIMIT: "1000/600", PAYMENT_DECLINE_LIMIT: "1000/600" },
    });
    await t.deps.database.db.execute(sql`update studio_config set deposit_percent = 50, deposit_minimum = 500`);
    t.deps.changes.publish();
    piece = ((await (await t.request("/api/Products")).json()) as ListedPiece[]).find(isShippable)!;
  });
  afterAll(() => t.close());

  const post = (path: string, body: unknown, key = `shapes-${kind}-${++keys}`) =>
    t.request(path, {
      method: "POST",
      headers: { "content-type": "application/json", "Idempotency-Key": key },
      body: JSON.stringify(body),
    });

  async function rates(to: Record<string, string> = {}): Promise<QuotedRate[]> {
    const res = await post("/api/shipping/rates", {
      ...BUYER_ADDRESS,
      ...to,
      products: [{ id: piece.id, quantity: 1 }],
    });
    expect(res.status).toBe(200);
    return ratesAnswerSchema.parse(await res.json()).rates;
  }

  const payment = (rate: QuotedRate, changes: Record<string, unknown> = {}) =>
    paymentRequest({ id: piece.id, title: piece.title, unit: piece.salePrice ?? piece.price, rate }, changes);

  it("rates: each with the tax the order pays with it, and the tax without any rate", async () => {
    const [rate] = await rates();
    const unit = piece.salePrice ?? piece.price;
    // Pennsylvania, 6 % on the goods and the delivery, to the cent.
    expect(rate!.tax).toBe(toDollars(percentOf(toCents(unit) + toCents(Number(rate!.amount)), 6)));
    const [free] = await rates({ state: "NJ", city: "Trenton", zip: "08608" });
    expect(free!.tax).toBe(0);
  });

  it("a payment approved, and the same answer again for a repeat of its key", async () => {
    const [rate] = await rates();
    const key = `shapes-${kind}-approved`;
    const first = await post("/api/payment/process-payment", payment(rate!), key);
    expect(first.status).toBe(200);
    const answer: PaymentAnswerBody = paymentAnswerSchema.parse(await first.json());
    expect(answer).toMatchObject({ status: "approved", order: { taxTotal: rate!.tax } });
    const again = paymentAnswerSchema.parse(
      await (await post("/api/payment/process-payment", payment(rate!), key)).json(),
    );
    expect(again).toEqual(answer);
  });

  it("a payment declined", async () => {
    const [rate] = await rates();
    const res = await post("/api/payment/process-payment", payment(rate!, { account: "4387751111111038" }));
    expect(paymentAnswerSchema.parse(await res.json())).toMatchObject({ status: "declined", label: null });
  });

  it("a deposit paid, with its balance; another deposit refused with the fresh one", async () => {
    const bought = await buyDivergenceTable(t, { payNow: "deposit" });
    const answer = paymentAnswerSchema.parse(await bought.res.json());
    expect(answer.status === "approved" && answer.deposit?.paid).toBe(bought.deposit);
    const other = await bought.post({ ...(bought.request as object), deposit: bought.deposit! + 1 });
    expect(other.status).toBe(409);
    expect(errorAnswerSchema.parse(await other.json()).fresh).toMatchObject({ deposit: bought.deposit });
  });

  it("errors: a field refused, and new prices with the fresh figures, tax among them", async () => {
    const [rate] = await rates();
    const refused = await post("/api/payment/process-payment", payment(rate!, { email: "ada@" }));
    expect(refused.status).toBe(400);
    expect(errorAnswerSchema.parse(await refused.json()).error).toMatchObject({ field: "email" });

    const stale = await post("/api/payment/process-payment", payment(rate!, { amount: 1 }));
    expect(stale.status).toBe(409);
    const { error, fresh } = errorAnswerSchema.parse(await stale.json());
    expect(error).toMatchObject({ code: "price_changed", field: "amount" });
    expect(fresh).toMatchObject({ taxTotal: rate!.tax, amount: payment(rate!).amount });
  });
});
