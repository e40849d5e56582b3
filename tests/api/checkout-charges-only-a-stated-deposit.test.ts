/**
 * A deposit is charged only when the request states it (issue 26, red team): `payNow: "deposit"`
 * with no `deposit` figure was charged the server's deposit without the page having shown it. It
 * is a 400 naming `deposit` now, with nothing charged and no order written; a figure other than
 * the server's stays a 409 with the fresh one; the figure the page showed is charged.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../../server/db/schema.ts";
import { buyDivergenceTable } from "../support/buy.ts";
import { countingGateway } from "../support/counting-gateway.ts";
import { createTestApp, dbKinds, type TestApp } from "../support/test-app.ts";

describe.each(dbKinds)("a deposit charged only as stated, on %s", (kind) => {
  let t: TestApp;
  let gw: ReturnType<typeof countingGateway>;
  const db = () => t.deps.database.db;
  const orderCount = async () => (await db().select({ id: orders.id }).from(orders)).length;

  beforeAll(async () => {
    gw = countingGateway();
    t = await createTestApp(kind, {
      gateway: gw.gateway,
      env: { PAYMENT_RATE_LIMIT: "1000/600", PAYMENT_DECLINE_LIMIT: "1000/600" },
    });
    await db().execute(sql`update studio_config set deposit_percent = 50, deposit_minimum = 500`);
    t.deps.changes.publish();
  });
  afterAll(() => t.close());

  it("refuses payNow 'deposit' without the deposit figure: 400 naming deposit, nothing charged or written", async () => {
    const bought = await buyDivergenceTable(t, { payNow: "deposit" });
    expect(bought.res.status).toBe(200);
    const { deposit, ...unstated } = bought.request as Record<string, unknown>;
    expect(deposit).toBe(bought.deposit);

    const charged = gw.charged.length;
    const written = await orderCount();
    const res = await bought.post(unstated);
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { code: string; field: string; message: string } };
    expect(error).toEqual({
      code: "invalid_request",
      field: "deposit",
      message:
        'deposit: with payNow "deposit", send the deposit the page showed (such as 1250.00). Nothing was charged.',
    });
    expect(gw.charged.length).toBe(charged);
    expect(await orderCount()).toBe(written);

    // Another figure is a 409 with the server's; the figure stated is what is charged.
    const other = await bought.post({ ...unstated, deposit: bought.deposit! + 1 });
    expect(other.status).toBe(409);
    expect(((await other.json()) as { fresh: { deposit: number } }).fresh.deposit).toBe(bought.deposit);
    expect(gw.charged.length).toBe(charged);
    const stated = await bought.post({ ...unstated, deposit: bought.deposit });
    expect(await stated.json()).toMatchObject({ status: "approved", deposit: { paid: bought.deposit } });
    expect(gw.charged.at(-1)!.amount).toBe(bought.deposit!.toFixed(2));
  });
});
