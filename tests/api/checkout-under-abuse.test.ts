/**
 * The checkout under the traffic its first tests never made: carts that weigh the same, a quote
 * paid at another address, many units of one piece, Divergence choices the studio does not
 * offer, a client sending card after bad card, and a payment left by a dead process.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, paymentAttempts, products } from "../../server/db/schema.ts";
import { holdingGateway } from "../support/holding-gateway.ts";
import { BUYER_ADDRESS, paymentRequest, type QuotedRate } from "../support/payment-request.ts";
import { createTestApp, dbKinds, type TestApp } from "../support/test-app.ts";

/** A rate as the rates API answers it, with its sales tax (paymentRequest includes it in the amount). */
type Rate = QuotedRate;
type Piece = { id: number; title: string; unit: number };
const DECLINED = "4387751111111038";

describe.each(dbKinds)("checkout under real carts and abuse, on %s", (kind) => {
  let t: TestApp;
  let gw: ReturnType<typeof holdingGateway>;
  let keys = 0;

  beforeAll(async () => {
    gw = holdingGateway();
    t = await createTestApp(kind, {
      gateway: gw.gateway,
      env: { PAYMENT_RATE_LIMIT: "1000/600", PAYMENT_DECLINE_LIMIT: "3/600", TRUST_PROXY: "1", PAYMENT_WAIT_MS: "300" },
    });
  });
  afterAll(() => t.close());

  const db = () => t.deps.database.db;
  const post = (p: string, body: unknown, headers: Record<string, string> = {}) =>
    t.request(p, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
  const pay = (body: unknown, client = "198.51.100.7") =>
    post("/api/payment/process-payment", body, {
      "Idempotency-Key": `abuse-${kind}-${++keys}`,
      "x-forwarded-for": client,
    });
  const quote = async (lines: { id: number; quantity: number }[], to: Record<string, string> = BUYER_ADDRESS) => {
    const res = await post("/api/shipping/rates", { ...to, products: lines });
    expect(res.status).toBe(200);
    return ((await res.json()) as { rates: Rate[] }).rates;
  };
  /** Shippable pieces in stock, as the database has them. */
  const shippablePieces = async () =>
    (await db().select().from(products))
      .filter((p) => !p.customShipping && p.type !== "Divergence" && p.status === "Active" && p.visibility !== "Hidden")
      .sort((a, b) => a.id - b.id);
  const asPiece = (p: { id: number; title: string; price: number; salePrice: number | null }): Piece => ({
    id: p.id,
    title: p.title,
    unit: p.salePrice ?? p.price,
  });
  const stockOf = async (id: number) =>
    (await db().select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock;

  it("gives every quote an id of its own, so two carts of the same weight to one address can both pay", async () => {
    // Two different pieces that ship as the same parcel: their rates were one id before.
    const pieces = await shippablePieces();
    const pair = pieces.flatMap((a) =>
      pieces
        .filter(
          (b) =>
            b.id > a.id &&
            b.weight === a.weight &&
            b.length === a.length &&
            b.width === a.width &&
            b.height === a.height,
        )
        .map((b) => [a, b] as const),
    )[0];
    expect(pair).toBeDefined();
    const [first, second] = pair!;
    await db().update(products).set({ stock: 5 }).where(sql`${products.id} in (${first.id}, ${second.id})`);
    const to = { ...BUYER_ADDRESS, state: "PA", zip: "16308", city: "Franklin" };
    const firstRates = await quote([{ id: first.id, quantity: 1 }], to);
    const secondRates = await quote([{ id: second.id, quantity: 1 }], to);
    expect(secondRates[0]!.amount).toBe(firstRates[0]!.amount);
    expect(secondRates[0]!.object_id).not.toBe(firstRates[0]!.object_id);

    const body = paymentRequest(
      { ...asPiece(second), rate: secondRates[0]! },
      { city: to.city, region: to.state, postal: to.zip, zip: to.zip, state: to.state },
    );
    const res = await pay(body);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "approved" });
    // And the first cart still pays with its own quote.
    const again = await pay(
      paymentRequest(
        { ...asPiece(first), rate: firstRates[0]! },
        { city: to.city, region: to.state, postal: to.zip, zip: to.zip, state: to.state },
      ),
    );
    expect(await again.json()).toMatchObject({ status: "approved" });
  });

  it.each([
    ["another state", { region: "HI", state: "HI", postal: "96813", zip: "96813", city: "Honolulu" }],
    ["another country", { country: "GB", city: "London", region: "London", postal: "SW1A 1AA" }],
    ["another street", { address: "99 Market Street" }],
  ])("refuses a quote paid with %s: 409 shipping_changed, nothing charged or taken", async (_name, elsewhere) => {
    const piece = (await shippablePieces()).find((p) => p.stock > 0)!;
    const before = await stockOf(piece.id);
    const rates = await quote([{ id: piece.id, quantity: 1 }]);
    const res = await pay(paymentRequest({ ...asPiece(piece), rate: rates[0]! }, elsewhere));
    expect(res.status).toBe(409);
    const { error } = (await res.json()) as { error: { code: string; message: string; field: string } };
    expect(error.code).toBe("shipping_changed");
    expect(error.field).toBe("shippingRateId");
    expect(error.message).toMatch(/address changed/);
    expect(await stockOf(piece.id)).toBe(before);
  });

  it("prices five units of a piece as five parcels: one line of five costs what five lines of one do", async () => {
    const piece = (await shippablePieces())[0]!;
    await db().update(products).set({ stock: 10 }).where(eq(products.id, piece.id));
    const oneLine = await quote([{ id: piece.id, quantity: 5 }]);
    const fiveLines = await quote(Array.from({ length: 5 }, () => ({ id: piece.id, quantity: 1 })));
    expect(oneLine.map((r) => r.amount)).toEqual(fiveLines.map((r) => r.amount));
    const single = await quote([{ id: piece.id, quantity: 1 }]);
    // Never the cube: five units cost at most five times one.
    expect(Number(oneLine[0]!.amount)).toBeLessThanOrEqual(5 * Number(single[0]!.amount));
  });

  it("orders and mails a variant under its piece's name with its own", async () => {
    const all = await db().select().from(products);
    const variant = all.find(
      (p) => p.parentId !== null && !p.customShipping && p.status === "Active" && p.visibility !== "Hidden",
    )!;
    const parent = all.find((p) => p.id === variant.parentId)!;
    await db().update(products).set({ stock: 3 }).where(eq(products.id, variant.id));
    const rates = await quote([{ id: variant.id, quantity: 1 }]);
    const res = await pay(paymentRequest({ ...asPiece(variant), rate: rates[0]! }), "192.0.2.70");
    const { orderId } = (await res.json()) as { orderId: string };
    const name = `${parent.title} — ${variant.title}`;
    const [order] = await db().select().from(orders).where(eq(orders.orderRef, orderId));
    const lines = await db().execute(sql`select title from order_lines where order_id = ${order!.id}`);
    expect((lines as unknown as { rows: { title: string }[] }).rows.map((l) => l.title)).toEqual([name]);
    // What the transport was given: a sent mail's row keeps no text.
    const mails = (await t.sentMails()).filter((m) => m.text.includes(orderId));
    expect(mails.length).toBeGreaterThan(0);
    for (const m of mails) expect(m.text).toContain(name);
  });

  describe("Divergence lines", () => {
    const table = async () => {
      const res = await t.request("/api/divergence/GetDivergenceVariants/1");
      const d = (await res.json()) as {
        divergenceMetadata: { divergenceId: number };
        variantSpecies: { name: string; metadata: { id: number; size: string }[] }[];
      };
      const species = d.variantSpecies[0]!;
      const other = d.variantSpecies[1]!;
      return {
        line: {
          type: "Divergence",
          id: d.divergenceMetadata.divergenceId,
          quantity: 1,
          species: species.name,
          size: species.metadata[0]!.size,
          sizeId: species.metadata[0]!.id,
          liveEdge: "No",
          baseFinish: "Matte Black",
          topFinish: "Natural Oil",
        },
        otherSpecies: other.name,
        otherSize: species.metadata[1]!.size,
      };
    };

    it("accepts a configuration the studio offers", async () => {
      const { line } = await table();
      const res = await post("/api/shipping/rates", { ...BUYER_ADDRESS, products: [line] });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { specialized: unknown[] }).specialized).toHaveLength(1);
    });

    it.each([
      ["a size label that is not the size's", "size"],
      ["a species that is not the size's", "species"],
      ["a wood finish on the steel base", "baseFinish"],
      ["a finish the studio does not have", "baseFinish"],
    ])("refuses %s with 400 naming the field", async (name, field) => {
      const { line, otherSpecies, otherSize } = await table();
      const bad =
        field === "size"
          ? { ...line, size: otherSize }
          : field === "species"
            ? { ...line, species: otherSpecies }
            : { ...line, baseFinish: name.includes("wood") ? "White Oak" : "Chrome Plated" };
      const res = await post("/api/shipping/rates", { ...BUYER_ADDRESS, products: [bad] });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { field: string } }).error.field).toBe(`products.0.${field}`);
    });

    it("builds a size with no stock to order: paid with no cap, nothing taken, nothing given back on a decline", async () => {
      const { line } = await table();
      await db().execute(sql`update divergence_sizes set stock = 0 where id = ${line.sizeId}`);
      const price = await post("/api/shipping/rates", { ...BUYER_ADDRESS, products: [{ ...line, quantity: 3 }] });
      expect(price.status).toBe(200);
      const priced = await pay(
        paymentRequest(
          { id: line.id, title: "", unit: 0, rate: { object_id: "", amount: "0" } },
          { products: [{ ...line, quantity: 3 }], amount: 0, shippingRateId: null },
        ),
      );
      // The figures are the server's: the 409 carries them, and paying them goes through.
      const fresh = ((await priced.json()) as { fresh: { amount: number; products: { price: number }[] } }).fresh;
      const body = paymentRequest(
        { id: line.id, title: "", unit: 0, rate: { object_id: "", amount: "0" } },
        {
          products: [{ ...line, quantity: 3, price: fresh.products[0]!.price }],
          amount: fresh.amount,
          shippingRateId: null,
        },
      );
      const declined = await pay({ ...body, account: DECLINED }, "192.0.2.60");
      expect(await declined.json()).toMatchObject({ status: "declined" });
      const paid = await pay(body, "192.0.2.61");
      expect(await paid.json()).toMatchObject({ status: "approved" });
      const stock = await db().execute(sql`select stock from divergence_sizes where id = ${line.sizeId}`);
      expect((stock as unknown as { rows: { stock: number }[] }).rows[0]!.stock).toBe(0);
    });

    it("refuses the Divergence product row bought as a plain product", async () => {
      const [row] = await db().select().from(products).where(eq(products.type, "Divergence"));
      const res = await post("/api/shipping/rates", { ...BUYER_ADDRESS, products: [{ id: row!.id, quantity: 1 }] });
      expect(res.status).toBe(400);
      const { error } = (await res.json()) as { error: { field: string; message: string } };
      expect(error.field).toBe("products.0");
      expect(error.message).toMatch(/configured at \/divergence/);
      const paid = await pay(
        paymentRequest({
          id: row!.id,
          title: row!.title,
          unit: row!.salePrice ?? row!.price,
          rate: { object_id: "x", amount: "0" },
        }),
      );
      expect(paid.status).toBe(400);
    });
  });

  it("tells a buyer the last unit is being paid for in another checkout, not sold out, and sells it once that one fails", async () => {
    const piece = (await shippablePieces()).at(-1)!;
    await db().update(products).set({ stock: 1 }).where(eq(products.id, piece.id));
    const rates = await quote([{ id: piece.id, quantity: 1 }]);
    gw.hold();
    const inFlight = pay(paymentRequest({ ...asPiece(piece), rate: rates[0]! }, { account: DECLINED }), "203.0.113.9");
    await expect.poll(() => stockOf(piece.id)).toBe(0);
    const honest = await pay(paymentRequest({ ...asPiece(piece), rate: rates[0]! }), "192.0.2.44");
    expect(honest.status).toBe(409);
    const { error } = (await honest.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe("being_paid_for");
    expect(error.message).toBe(
      `Someone is paying for ${piece.title} right now. If their payment does not go through it will be back in a minute: please try again.`,
    );
    gw.release();
    expect(await (await inFlight).json()).toMatchObject({ status: "declined" });
    const retry = await pay(paymentRequest({ ...asPiece(piece), rate: rates[0]! }), "192.0.2.44");
    expect(await retry.json()).toMatchObject({ status: "approved" });
  });

  it("stops a client's declined cards after the limit with 429, before any stock is held", async () => {
    const piece = (await shippablePieces())[1]!;
    await db().update(products).set({ stock: 3 }).where(eq(products.id, piece.id));
    const rates = await quote([{ id: piece.id, quantity: 1 }]);
    const attacker = "203.0.113.200";
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await pay(paymentRequest({ ...asPiece(piece), rate: rates[0]! }, { account: DECLINED }), attacker);
      statuses.push(res.status);
      if (res.status === 429) expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
    expect(await stockOf(piece.id)).toBe(3);
    // Another client is not held back by it.
    const honest = await pay(paymentRequest({ ...asPiece(piece), rate: rates[0]! }), "192.0.2.45");
    expect(await honest.json()).toMatchObject({ status: "approved" });
  });

  it("settles a payment key left by a dead process at once: stock back, the repeat answered without waiting", async () => {
    const piece = (await shippablePieces())[2]!;
    await db().update(products).set({ stock: 2 }).where(eq(products.id, piece.id));
    // What a process killed mid-charge leaves: its key claimed, its order pending, the stock taken.
    const rates = await quote([{ id: piece.id, quantity: 1 }]);
    const body = paymentRequest({ ...asPiece(piece), rate: rates[0]! });
    const key = `dead-process-${kind}`;
    const { requestHash } = await import("../../server/checkout/idempotency.ts");
    const { paymentRequestSchema } = await import("../../domain/checkout-wire.ts");
    await db()
      .insert(paymentAttempts)
      .values({
        key,
        requestHash: requestHash(paymentRequestSchema.parse(body)),
        status: "pending",
        processId: "a-process-that-died",
        orderRef: "DEADPROCESSORDER1",
      });
    const [order] = await db()
      .insert(orders)
      .values({
        orderRef: "DEADPROCESSORDER1",
        status: "pending",
        processId: "a-process-that-died",
        email: "ada@example.com",
        deliveryName: "Ada Lovelace",
        address: { address: "12 Mill Road", city: "Lancaster", region: "PA", postal: "17602", country: "US" },
        subtotal: piece.salePrice ?? piece.price,
        shippingTotal: 0,
        total: piece.salePrice ?? piece.price,
      })
      .returning();
    await db().execute(
      sql`insert into order_lines (order_id, kind, item_id, title, unit_price, quantity, total) values (${order!.id}, 'product', ${piece.id}, ${piece.title}, 1, 1, 1)`,
    );
    await db().update(products).set({ stock: 1 }).where(eq(products.id, piece.id));

    const started = Date.now();
    const res = await post("/api/payment/process-payment", body, { "Idempotency-Key": key });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await res.json()).toMatchObject({ status: "error", data: { resptext: "The payment was not completed" } });
    expect(await stockOf(piece.id)).toBe(2);
    expect(await db().select().from(orders).where(eq(orders.orderRef, "DEADPROCESSORDER1"))).toHaveLength(0);
  });
});

describe.each(dbKinds)("per-client checkout limits, shared by every process, on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      env: { PAYMENT_RATE_LIMIT: "3/600", QUOTE_RATE_LIMIT: "4/600", TRUST_PROXY: "1" },
    });
  });
  afterAll(() => t.close());

  const post = (p: string, body: unknown, headers: Record<string, string>) =>
    t.request(p, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });

  it("answers a client's payment attempts past the limit with 429 and Retry-After, whatever it sends", async () => {
    const client = { "x-forwarded-for": "203.0.113.77" };
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      // A bad card number each time: the attempts count, not what became of them.
      const body = paymentRequest(
        { id: 1, title: "x", unit: 1, rate: { object_id: "q_none", amount: "0" } },
        { account: "4387751111111038" },
      );
      const res = await post("/api/payment/process-payment", body, {
        ...client,
        "Idempotency-Key": `limit-${kind}-${i}`,
      });
      statuses.push(res.status);
      if (res.status === 429) {
        expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe("too_many_requests");
      }
    }
    expect(statuses.slice(0, 3).every((s) => s !== 429)).toBe(true);
    expect(statuses.slice(3)).toEqual([429, 429]);
    // Another client is not held back; a spoofed first X-Forwarded-For entry does not make a new one.
    const spoofed = await post(
      "/api/payment/process-payment",
      paymentRequest({ id: 1, title: "x", unit: 1, rate: { object_id: "q_none", amount: "0" } }),
      { "x-forwarded-for": "10.9.9.9, 203.0.113.77", "Idempotency-Key": `limit-${kind}-spoof` },
    );
    expect(spoofed.status).toBe(429);
  });

  it("limits shipping quotes per client", async () => {
    const client = { "x-forwarded-for": "203.0.113.78" };
    const body = { ...BUYER_ADDRESS, products: [{ id: 1, quantity: 1 }] };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await post("/api/shipping/rates", body, client)).status);
    expect(statuses.slice(4)).toEqual([429, 429]);
    expect(statuses.slice(0, 4)).not.toContain(429);
  });
});
