/**
 * The way in, for pieces the studio delivers itself (docs/product.md, "Delivery of large
 * pieces"): the answers the checkout sends are checked, naming the field, kept with the order
 * and shown to the studio (order page and packing slip) and to the buyer (their order page); a
 * cart the carriers take keeps none.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Product } from "../../domain/catalog-types.ts";
import { buyShippablePiece } from "../support/buy.ts";
import { BUYER_ADDRESS, paymentRequest } from "../support/payment-request.ts";
import { devSiteForFile, type Send, signedInApp } from "../support/studio.ts";
import { type DbKind, dbKinds, type TestApp } from "../support/test-app.ts";

const siteBuild = devSiteForFile();
const ANSWERS = {
  floor: "Three or more floors up",
  stairs: "Turning or narrow stairs",
  lift: "No",
  doorway: "31.5",
  notes: "Gravel lane; the gate is 8 feet wide.",
};

describe.each(dbKinds)("the way in on %s", (kind: DbKind) => {
  let t: TestApp;
  let send: Send;
  let session: { cookie: string; csrf: string };
  const key = () => `access-${Math.random().toString(36).slice(2)}`;
  const pay = (body: unknown) =>
    t.request("/api/payment/process-payment", {
      method: "POST",
      headers: { "content-type": "application/json", "Idempotency-Key": key() },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    ({ t, send, session } = await signedInApp(kind, siteBuild()));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  /** A piece the studio delivers itself, paid with `delivery` as given. */
  async function buyLarge(delivery: unknown, email: string) {
    const catalog = (await (await t.request("/api/Products")).json()) as Product[];
    const piece = catalog.find((p) => p.customShipping && p.stock > 0 && p.type !== "Divergence")!;
    // The studio delivers it: no carrier's rate, the sales tax the rates answer gives without one.
    const quoted = await t.request("/api/shipping/rates", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...BUYER_ADDRESS, products: [{ id: piece.id, quantity: 1 }] }),
    });
    const { tax } = (await quoted.json()) as { tax: number };
    return pay(
      paymentRequest(
        {
          id: piece.id,
          title: piece.title,
          unit: piece.salePrice ?? piece.price,
          rate: { object_id: "", amount: "0", tax },
        },
        { shippingRateId: null, email, delivery },
      ),
    );
  }

  it("refuses an answer that is not one of the choices, or a doorway that is not inches, naming the field", async () => {
    for (const [field, value] of [
      ["doorway", "wide enough"],
      ["floor", "Attic"],
      ["lift", "Maybe"],
    ] as const) {
      const res = await buyLarge({ ...ANSWERS, [field]: value }, "refused@example.com");
      expect(res.status, field).toBe(400);
      expect(((await res.json()) as { error: { field: string } }).error.field).toBe(`delivery.${field}`);
    }
  });

  it("keeps the answers with the order: the studio's order page, the packing slip and the buyer's page show them", async () => {
    const email = `large-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const res = await buyLarge(ANSWERS, email);
    expect(res.status).toBe(200);
    const { orderId } = (await res.json()) as { orderId: string };
    const [row] = (
      (await t.deps.database.db.execute(
        sql`select id, shipping from orders where order_ref = ${orderId}`,
      )) as unknown as {
        rows: { id: number; shipping: { delivery?: unknown } }[];
      }
    ).rows;
    expect(row!.shipping.delivery).toEqual(ANSWERS);

    const headers = { cookie: session.cookie };
    for (const path of [`/studio/orders/${row!.id}`, `/studio/orders/${row!.id}/slip`]) {
      const html = await (await send(path, { headers })).text();
      expect(html, path).toContain("Turning or narrow stairs");
      expect(html, path).toContain("31.5 in");
      expect(html, path).toContain("the gate is 8 feet wide");
    }
    const mail = (await t.sentMails()).find((m) => m.to === email)!;
    const token = /\/orders\/([A-Za-z0-9_-]{43})/.exec(mail.text)![1];
    const page = await (await send(`/orders/${token}`)).text();
    expect(page).toContain("Three or more floors up");
  });

  it("keeps no answers for a cart the carriers take", async () => {
    const { res } = await buyShippablePiece(t, { delivery: ANSWERS });
    expect(res.status).toBe(200);
    const { orderId } = (await res.json()) as { orderId: string };
    const [row] = (
      (await t.deps.database.db.execute(sql`select shipping from orders where order_ref = ${orderId}`)) as unknown as {
        rows: { shipping: { delivery?: unknown } }[];
      }
    ).rows;
    expect(row!.shipping.delivery).toBeUndefined();
  });
});
