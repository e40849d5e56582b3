import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Product } from "../../domain/catalog-types.ts";
import { orders, products } from "../../server/db/schema.ts";
import { createDeps } from "../../server/deps.ts";
import { createLogger } from "../../server/logger.ts";
import { holdingGateway } from "../support/holding-gateway.ts";
import { BUYER_ADDRESS, isShippable, paymentRequest, type QuotedRate } from "../support/payment-request.ts";
import { createTestApp, dbKinds, type TestApp } from "../support/test-app.ts";

describe.each(dbKinds)("orders left pending by a stopped process, on %s", (kind) => {
  let t: TestApp;
  let gw: ReturnType<typeof holdingGateway>;
  let piece: Product;
  let keys = 0;

  beforeAll(async () => {
    gw = holdingGateway();
    t = await createTestApp(kind, { gateway: gw.gateway });
    const catalog = (await (await t.request("/api/Products")).json()) as Product[];
    piece = catalog.find(isShippable)!;
  });
  afterAll(() => t.close());

  const stock = async () =>
    (await t.deps.database.db.select({ stock: products.stock }).from(products).where(eq(products.id, piece.id)))[0]!
      .stock;
  const pendingOrders = () => t.deps.database.db.select().from(orders).where(eq(orders.status, "pending"));
  const post = (p: string, body: unknown, headers: Record<string, string> = {}) =>
    t.request(p, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });

  /** Starts a payment whose charge is made but whose answer is held; resolves once its order is pending. */
  async function paymentLeftHanging() {
    const line = { id: piece.id, quantity: 1 };
    const rate = (
      (await (await post("/api/shipping/rates", { ...BUYER_ADDRESS, products: [line] })).json()) as {
        rates: QuotedRate[];
      }
    ).rates[0]!;
    const unit = piece.salePrice ?? piece.price;
    gw.hold();
    const answer = post(
      "/api/payment/process-payment",
      paymentRequest({ id: piece.id, title: piece.title, unit, rate }),
      { "Idempotency-Key": `stale-${kind}-${++keys}-${Date.now()}` },
    ).then(async (r) => (await r.json()) as { status: string });
    await expect.poll(async () => (await pendingOrders()).length, { timeout: 5000 }).toBe(1);
    return { answer };
  }

  const age = (minutes: number) =>
    t.deps.database.db.execute(
      sql`update orders set created_at = created_at - make_interval(mins => ${minutes}) where status = 'pending'`,
    );

  it("voids the charge of an order pending for over ten minutes and gives its stock back, once", async () => {
    const before = await stock();
    const { answer } = await paymentLeftHanging();
    const [order] = await pendingOrders();
    expect(await stock()).toBe(before - 1);

    expect(await t.deps.staleOrders.sweep()).toBe(0); // minutes old, not ten: maybe still paying
    await age(11);
    expect(await t.deps.staleOrders.sweep()).toBe(1);
    expect(await pendingOrders()).toEqual([]);
    expect(await stock()).toBe(before);
    const charge = await gw.gateway.inquireByOrderid(order!.orderRef);
    expect(gw.isVoided(charge!.retref)).toBe(true);

    // The stuck payment finally hears its approval: its order is gone, so it must not stand.
    gw.release();
    expect(await answer).toMatchObject({ status: "error" });
    expect(await stock()).toBe(before);
    expect(await t.deps.database.db.select().from(orders).where(eq(orders.orderRef, order!.orderRef))).toEqual([]);
  });

  it("keeps the order pending while the gateway cannot say what became of its charge", async () => {
    const before = await stock();
    const { answer } = await paymentLeftHanging();
    await age(11);
    gw.state.inquiryFails = true;
    expect(await t.deps.staleOrders.sweep()).toBe(0);
    expect(await pendingOrders()).toHaveLength(1);
    expect(await stock()).toBe(before - 1);
    gw.state.inquiryFails = false;
    expect(await t.deps.staleOrders.sweep()).toBe(1);
    expect(await stock()).toBe(before);
    gw.release();
    expect(await answer).toMatchObject({ status: "error" });
  });

  it(`after a restart, releases a just-written pending order ${kind === "pglite" ? "(the database is this process's alone)" : "only once it is ten minutes old (other processes may be paying)"}`, async () => {
    const before = await stock();
    const { answer } = await paymentLeftHanging();
    expect(await t.deps.staleOrders.sweep()).toBe(0);
    // A new process on the same database.
    const restarted = await createDeps({
      config: t.deps.config,
      database: t.deps.database,
      logger: createLogger("silent"),
      gateway: gw.gateway,
      sharedChanges: false,
    });
    await new Promise((r) => setTimeout(r, 5));
    const released = await restarted.staleOrders.sweep();
    gw.release();
    if (kind === "pglite") {
      expect(released).toBe(1);
      expect(await answer).toMatchObject({ status: "error" });
      expect(await stock()).toBe(before);
    } else {
      expect(released).toBe(0);
      expect(await answer).toMatchObject({ status: "approved" });
      expect(await stock()).toBe(before - 1);
    }
    expect(await pendingOrders()).toEqual([]);
  });
});
