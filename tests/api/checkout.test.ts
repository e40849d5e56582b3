import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Product } from "../../domain/catalog-types.ts";
import { mailOutbox, orders, paymentAttempts, products as productsTable } from "../../server/db/schema.ts";
import type { BlobStore } from "../../server/files/blob-store.ts";
import { type AuthRequest, GatewayUnavailable, type PaymentGateway } from "../../server/payments/gateway.ts";
import { createSandboxGateway } from "../../server/payments/sandbox.ts";
import type { ShippingProvider, ShippingRate } from "../../server/shipping/provider.ts";
import { createRateTableProvider, type RateTableProvider } from "../../server/shipping/rate-table.ts";
import { isShippable } from "../support/payment-request.ts";
import { createTestApp, dbKinds, type TestApp } from "../support/test-app.ts";

const VISA = "4111111111111111";
const CVV = "987";
const EXPIRY = "1230";

const address = {
  firstname: "Ada",
  lastname: "Lovelace",
  country: "US",
  address: "12 Orchard Lane",
  city: "Lancaster",
  state: "PA",
  zip: "17601",
  phone: "717-555-0100",
  email: "ada@example.com",
};

/** A gateway that counts charges and can be told to lose answers, around the sandbox. */
function countingGateway() {
  const inner = createSandboxGateway();
  const state = { auths: 0, voids: [] as string[], mode: "normal" as "normal" | "lose-answer" | "unavailable" };
  const gateway: PaymentGateway = {
    name: "sandbox",
    async auth(req: AuthRequest) {
      if (state.mode === "unavailable") throw new GatewayUnavailable("HTTP 502", 502);
      state.auths++;
      const answer = await inner.auth(req);
      if (state.mode === "lose-answer") throw new GatewayUnavailable("timed out");
      return answer;
    },
    inquireByOrderid: (orderid) => inner.inquireByOrderid(orderid),
    async void(retref) {
      state.voids.push(retref);
      await inner.void(retref);
    },
    refund: (retref, amount) => inner.refund(retref, amount),
    voidAmount: (retref, amount) => inner.voidAmount(retref, amount),
  };
  return { gateway, state, inner };
}

/** The rate table, whose label purchase can be made to fail; labels go to the app's file store. */
function switchableShipping(files: () => BlobStore) {
  let table: RateTableProvider | undefined;
  // Made at first use: the app (and its store) is made after the provider it is given.
  const inner = () => (table ??= createRateTableProvider({ files: files() }));
  const state = { labelFails: false };
  const shipping: ShippingProvider = {
    name: "rate-table",
    rates: (from, to, parcels) => inner().rates(from, to, parcels),
    async buyLabel(rate) {
      if (state.labelFails)
        return {
          status: "ERROR",
          label_url: "",
          tracking_number: "",
          tracking_url_provider: "",
          messages: [{ text: "Address not deliverable" }],
        };
      return inner().buyLabel(rate);
    },
  };
  return { shipping, state };
}

describe.each(dbKinds)("checkout API on %s", (kind) => {
  let t: TestApp;
  let gw: ReturnType<typeof countingGateway>;
  let ship: ReturnType<typeof switchableShipping>;
  let catalog: Product[];
  let keyCounter = 0;
  const newKey = () => `test-key-${kind}-${Date.now().toString(36)}-${++keyCounter}`;

  beforeAll(async () => {
    gw = countingGateway();
    ship = switchableShipping(() => t.deps.files);
    t = await createTestApp(kind, { gateway: gw.gateway, shipping: ship.shipping });
    catalog = (await (await t.request("/api/Products")).json()) as Product[];
  });
  afterAll(() => t.close());

  const post = (p: string, body: unknown, headers: Record<string, string> = {}) =>
    t.request(p, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });

  /** A shippable piece with stock, not on custom shipping. */
  const shippable = (minStock = 1) => catalog.find((p) => isShippable(p) && p.stock >= minStock)!;
  const stockOf = async (id: number) =>
    (
      await t.deps.database.db
        .select({ stock: productsTable.stock })
        .from(productsTable)
        .where(eq(productsTable.id, id))
    )[0]!.stock;
  const unit = (p: Product) => p.salePrice ?? p.price;

  /** A rate as the rates API answers it: with the sales tax the order pays with it (the buyer is in PA). */
  type TaxedRate = ShippingRate & { tax: number };

  async function quote(lines: { id: number; quantity: number }[]) {
    const res = await post("/api/shipping/rates", { ...address, products: lines });
    expect(res.status).toBe(200);
    return (await res.json()) as { rates: TaxedRate[]; specialized: { id: number; title: string }[]; tax: number };
  }

  /** The payment the page sends: its amount is the goods, the rate's shipping and the rate's tax. */
  function paymentBody(p: Product, quantity: number, rate: TaxedRate | null, card = VISA) {
    const total = Math.round(unit(p) * quantity * 100) / 100;
    const shippingTotal = rate ? Number(rate.amount) : 0;
    const tax = rate?.tax ?? 0;
    return {
      firstname: address.firstname,
      lastname: address.lastname,
      deliveryName: "Ada Lovelace",
      country: "US",
      address: address.address,
      city: address.city,
      region: address.state,
      postal: address.zip,
      phone: address.phone,
      email: address.email,
      account: card,
      expiry: EXPIRY,
      cvv2: card.startsWith("37") ? "9876" : CVV,
      name: "Ada Lovelace",
      amount: Math.round((total + shippingTotal + tax) * 100) / 100,
      currency: "USD",
      shippingTotal,
      shippingRateId: rate?.object_id ?? null,
      products: [{ id: p.id, title: p.title, price: unit(p), quantity, total }],
    };
  }

  const pay = (body: unknown, key = newKey()) => post("/api/payment/process-payment", body, { "Idempotency-Key": key });

  it("quotes rates for the address, cheapest first, and names the specialized pieces", async () => {
    const custom = catalog.find((p) => p.productId === null && p.customShipping)!;
    const { rates, specialized } = await quote([
      { id: shippable().id, quantity: 1 },
      { id: custom.id, quantity: 1 },
    ]);
    expect(rates.length).toBeGreaterThanOrEqual(2);
    expect(rates.map((r) => Number(r.amount))).toEqual([...rates.map((r) => Number(r.amount))].sort((a, b) => a - b));
    expect(rates[0]).toMatchObject({ currency: "USD", servicelevel: { name: expect.any(String) } });
    expect(specialized).toEqual([{ id: custom.id, title: custom.title }]);
    const onlyCustom = await quote([{ id: custom.id, quantity: 1 }]);
    expect(onlyCustom.rates).toEqual([]);
  });

  it("refuses rates without an address field, with the form's message", async () => {
    const res = await post("/api/shipping/rates", {
      ...address,
      city: " ",
      products: [{ id: shippable().id, quantity: 1 }],
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: { code: "invalid_request", message: "Please provide a city.", field: "city" },
    });
  });

  it("charges, records the order, takes the stock, buys the label and queues the mail", async () => {
    const p = shippable(2);
    const before = await stockOf(p.id);
    const { rates } = await quote([{ id: p.id, quantity: 1 }]);
    const res = await pay(paymentBody(p, 1, rates[0]!));
    expect(res.status).toBe(200);
    const answer = (await res.json()) as {
      status: string;
      orderId: string;
      data: { respstat: string };
      label: { status: string; label_url: string; tracking_url_provider: string };
    };
    expect(answer).toMatchObject({ status: "approved", data: { respstat: "A" }, label: { status: "SUCCESS" } });
    expect(answer.label.label_url).toMatch(/\.pdf$/);
    expect(await stockOf(p.id)).toBe(before - 1);
    const [order] = await t.deps.database.db.select().from(orders).where(eq(orders.orderRef, answer.orderId));
    expect(order).toMatchObject({
      status: "paid",
      cardBrand: "visa",
      cardLast4: "1111",
      total: paymentBody(p, 1, rates[0]!).amount,
      tax: rates[0]!.tax,
    });
    expect(rates[0]!.tax).toBeGreaterThan(0);
    const mails = await t.deps.database.db.select().from(mailOutbox);
    expect(mails).toHaveLength(2);
    expect(mails.map((m) => m.to)).toContain("ada@example.com");
    expect(mails.map((m) => m.kind).sort()).toEqual(["order-confirmation", "order-notification"]);
    // The payment kicked a delivery round already; whichever round sends them, both go out.
    await t.deps.mailer.deliverDue();
    const sent = await t.deps.database.db.select().from(mailOutbox);
    expect(sent.map((m) => m.status)).toEqual(["sent", "sent"]);
    const files = readdirSync(path.join(t.dataDir, "mail"));
    expect(files.length).toBe(2);
    expect(readFileSync(path.join(t.dataDir, "mail", files[0]!), "utf8")).toContain(answer.orderId);
  });

  it("keeps no card number, CVC or expiry anywhere after checkouts", async () => {
    const dump = await t.deps.database.db.execute(sql`
      select coalesce(string_agg(row_to_json(x)::text, ''), '') as text from (
        select * from orders) x
      union all select coalesce(string_agg(row_to_json(y)::text, ''), '') from (select * from order_lines) y
      union all select coalesce(string_agg(row_to_json(z)::text, ''), '') from (select * from payment_attempts) z
      union all select coalesce(string_agg(row_to_json(m)::text, ''), '') from (select * from mail_outbox) m`);
    const text = (dump as unknown as { rows: { text: string }[] }).rows.map((r) => r.text).join("");
    expect(text.length).toBeGreaterThan(100);
    expect(text).not.toContain(VISA);
    expect(text).not.toContain(`"${CVV}"`);
    // As a JSON value of its own, or as a card shows it: the four digits can also begin a
    // random key or a hash ("1230ab…"), or be a price in dollars (1230.00).
    expect(text).not.toMatch(new RegExp(`:\\s*"?${EXPIRY}"?\\s*[,}\\]]`));
    expect(text).not.toContain(`${EXPIRY.slice(0, 2)}/${EXPIRY.slice(2)}`);
    const mail = readdirSync(path.join(t.dataDir, "mail"))
      .map((f) => readFileSync(path.join(t.dataDir, "mail", f), "utf8"))
      .join("");
    expect(mail).not.toContain(VISA);
    // As a word: the mails' order links, references and boundaries are random letters, which
    // spell "cVc" now and then.
    expect(mail).not.toMatch(/\b(?:cvv|cvc|cvv2|security code)\b/i);
    expect(mail).not.toMatch(new RegExp(`\\b${CVV}\\b`));
  });

  it.each([
    ["declined", "4387751111111038", "C"],
    ["error", "4999006200620062", "B"],
  ])("answers %s for a %s card and leaves stock and orders as they were", async (status, card, respstat) => {
    const p = shippable();
    const before = await stockOf(p.id);
    const ordersBefore = (await t.deps.database.db.select().from(orders)).length;
    const { rates } = await quote([{ id: p.id, quantity: 1 }]);
    const res = await pay(paymentBody(p, 1, rates[0]!, card));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status, data: { respstat }, label: null });
    expect(await stockOf(p.id)).toBe(before);
    expect((await t.deps.database.db.select().from(orders)).length).toBe(ordersBefore);
  });

  it("answers a tampered price with 409 and the fresh figures, charging nothing", async () => {
    const p = shippable();
    const { rates } = await quote([{ id: p.id, quantity: 1 }]);
    const body = paymentBody(p, 1, rates[0]!);
    const auths = gw.state.auths;
    const res = await pay({ ...body, amount: 1, products: [{ ...body.products[0], price: 1, total: 1 }] });
    expect(res.status).toBe(409);
    const json = (await res.json()) as { error: { code: string; field: string }; fresh: { amount: number } };
    expect(json.error).toMatchObject({ code: "price_changed", field: "amount" });
    expect(json.fresh.amount).toBe(body.amount);
    expect(gw.state.auths).toBe(auths);
  });

  it("answers a sold-out quantity with 409 and charges nothing", async () => {
    const p = shippable();
    const stock = await stockOf(p.id);
    const { rates } = await quote([{ id: p.id, quantity: stock + 1 }]);
    const auths = gw.state.auths;
    const res = await pay(paymentBody(p, stock + 1, rates[0]!));
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("sold_out");
    expect(await stockOf(p.id)).toBe(stock);
    expect(gw.state.auths).toBe(auths);
  });

  it("validates every field with the form's messages, naming the field", async () => {
    const p = shippable();
    const body = paymentBody(p, 1, null);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: "ada@" }, "email", "Please enter a valid email address."],
      [{ account: "4111 1111" }, "account", "Please provide a valid credit card number."],
      [{ cvv2: "1" }, "cvv2", "Please provide a valid CVC number."],
      [{ expiry: "13/30" }, "expiry", "Please provide a valid expiry date."],
      [{ name: "" }, "name", "Please provide a valid cardholder name."],
      [{ postal: "" }, "postal", "Please provide a postal or zip code."],
      [{ country: "" }, "country", "Please select a country."],
    ];
    for (const [change, field, message] of cases) {
      const res = await pay({ ...body, ...change });
      expect(res.status, field).toBe(400);
      expect(await res.json()).toEqual({ error: { code: "invalid_request", message, field } });
    }
    const noKey = await post("/api/payment/process-payment", body);
    expect(noKey.status).toBe(400);
    expect(((await noKey.json()) as { error: { field: string } }).error.field).toBe("Idempotency-Key");
  });

  it("requires a quoted rate for shippable pieces, and one quoted for this cart", async () => {
    const p = shippable(2);
    const missing = await pay(paymentBody(p, 1, null));
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: { field: string } }).error.field).toBe("shippingRateId");
    const { rates } = await quote([{ id: p.id, quantity: 1 }]);
    const other = await pay(paymentBody(p, 2, rates[0]!));
    expect(other.status).toBe(409);
    expect(((await other.json()) as { error: { code: string } }).error.code).toBe("shipping_changed");
  });

  it("answers ten concurrent repeats of one key identically, with one charge and one order", async () => {
    const p = shippable();
    const before = await stockOf(p.id);
    const { rates } = await quote([{ id: p.id, quantity: 1 }]);
    const body = paymentBody(p, 1, rates[0]!);
    const key = newKey();
    const auths = gw.state.auths;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => pay(body, key).then(async (r) => [r.status, await r.text()])),
    );
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]![0]).toBe(200);
    expect(JSON.parse(answers[0]![1] as string)).toMatchObject({ status: "approved" });
    expect(gw.state.auths).toBe(auths + 1);
    expect(await stockOf(p.id)).toBe(before - 1);
    const ref = (JSON.parse(answers[0]![1] as string) as { orderId: string }).orderId;
    expect(await t.deps.database.db.select().from(orders).where(eq(orders.orderRef, ref))).toHaveLength(1);
  });

  it("answers a key its process left pending with what became of its order", async () => {
    // The piece with the most stock, so the other tests' pieces keep theirs.
    const p = catalog
      .filter((c) => c.productId === null && !c.customShipping && c.type !== "Divergence")
      .sort((a, b) => b.stock - a.stock)[0]!;
    const { rates } = await quote([{ id: p.id, quantity: 1 }]);
    const body = paymentBody(p, 1, rates[0]!);
    const paidKey = newKey();
    const first = (await (await pay(body, paidKey)).json()) as { status: string; orderId: string };
    expect(first.status).toBe("approved");
    // As if the process had died after the charge was recorded, before the answer was kept.
    const orphan = (key: string, orderRef: string) =>
      t.deps.database.db
        .update(paymentAttempts)
        .set({ status: "pending", response: null, orderRef, createdAt: new Date(Date.now() - 60 * 60_000) })
        .where(eq(paymentAttempts.key, key));
    await orphan(paidKey, first.orderId);
    const auths = gw.state.auths;
    const again = (await (await pay(body, paidKey)).json()) as { status: string; orderId: string };
    expect(again).toMatchObject({ status: "approved", orderId: first.orderId, data: { respstat: "A" } });
    expect(gw.state.auths).toBe(auths);

    // Its order gone (released by the stale-order sweep): nothing stands, say so.
    const declinedKey = newKey();
    const declined = paymentBody(p, 1, rates[0]!, "4387751111111038");
    expect((await (await pay(declined, declinedKey)).json()) as object).toMatchObject({ status: "declined" });
    await orphan(declinedKey, "NO-SUCH-ORDER");
    expect(await (await pay(declined, declinedKey)).json()).toMatchObject({ status: "error", data: { respstat: "B" } });
    expect(gw.state.auths).toBe(auths + 1);
  });

  it("refuses the same key for a different request", async () => {
    const p = shippable();
    const { rates } = await quote([{ id: p.id, quantity: 1 }]);
    const key = newKey();
    const body = paymentBody(p, 1, rates[0]!, "4387751111111038");
    expect((await pay(body, key)).status).toBe(200);
    const res = await pay({ ...body, email: "someone@example.com" }, key);
    expect(res.status).toBe(422);
  });

  it("leaves no order, no stock taken and no charge standing when the gateway's answer is lost", async () => {
    const p = shippable();
    const before = await stockOf(p.id);
    const ordersBefore = (await t.deps.database.db.select().from(orders)).length;
    const { rates } = await quote([{ id: p.id, quantity: 1 }]);
    for (const mode of ["lose-answer", "unavailable"] as const) {
      gw.state.mode = mode;
      const voids = gw.state.voids.length;
      const res = await pay(paymentBody(p, 1, rates[0]!));
      expect(await res.json()).toMatchObject({ status: "error", data: { respstat: "B" } });
      // A charge that went through unheard was voided; one that never happened needs nothing.
      expect(gw.state.voids.length).toBe(voids + (mode === "lose-answer" ? 1 : 0));
    }
    gw.state.mode = "normal";
    expect(await stockOf(p.id)).toBe(before);
    expect((await t.deps.database.db.select().from(orders)).length).toBe(ordersBefore);
  });

  it("refuses an id beyond PostgreSQL's integers with 400 (it was a 500 from the database)", async () => {
    for (const id of [2_147_483_648, 9_007_199_254_740_991]) {
      const res = await post("/api/shipping/rates", { ...address, products: [{ id, quantity: 1 }] });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { field: string } }).error.field).toBe("products.0.id");
    }
    const divergence = {
      type: "Divergence",
      id: 1,
      quantity: 1,
      sizeId: 2_147_483_648,
      liveEdge: "No",
      baseFinish: "x",
      topFinish: "Natural Oil",
    };
    const res = await post("/api/shipping/rates", { ...address, products: [divergence] });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { field: string } }).error.field).toBe("products.0.sizeId");
  });

  it("answers an unknown US state with 400 naming the state (it was a 502, as if the provider failed)", async () => {
    const res = await post("/api/shipping/rates", {
      ...address,
      state: "ZZ",
      products: [{ id: shippable().id, quantity: 1 }],
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: { code: "invalid_request", message: "Please provide a valid US state or territory.", field: "state" },
    });
  });

  it.each([
    ["a NUL character", "12 Orchard\\u0000Lane"],
    ["a lone surrogate", "12 Orchard \\ud800Lane"],
  ])("refuses %s in an otherwise valid payment with 400, taking and charging nothing", async (_name, escaped) => {
    const p = shippable();
    const before = await stockOf(p.id);
    const ordersBefore = (await t.deps.database.db.select().from(orders)).length;
    const { rates } = await quote([{ id: p.id, quantity: 1 }]);
    const auths = gw.state.auths;
    // The escapes as JSON text carries them (a raw NUL would be invalid JSON, a raw lone surrogate not UTF-8).
    const text = JSON.stringify(paymentBody(p, 1, rates[0]!)).replace('"12 Orchard Lane"', `"${escaped}"`);
    const res = await t.request("/api/payment/process-payment", {
      method: "POST",
      headers: { "content-type": "application/json", "Idempotency-Key": newKey() },
      body: text,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { field: string } }).error.field).toBe("address");
    expect(await stockOf(p.id)).toBe(before);
    expect((await t.deps.database.db.select().from(orders)).length).toBe(ordersBefore);
    expect(gw.state.auths).toBe(auths);
  });

  it("keeps the paid order when the label cannot be bought, and says so", async () => {
    const p = shippable();
    const { rates } = await quote([{ id: p.id, quantity: 1 }]);
    ship.state.labelFails = true;
    const res = await pay(paymentBody(p, 1, rates[0]!));
    ship.state.labelFails = false;
    const answer = (await res.json()) as { status: string; orderId: string; label: { status: string } };
    expect(answer).toMatchObject({ status: "approved", label: { status: "ERROR" } });
    const [order] = await t.deps.database.db.select().from(orders).where(eq(orders.orderRef, answer.orderId));
    expect(order?.status).toBe("paid");
  });
});
