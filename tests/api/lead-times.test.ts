/**
 * Lead times (docs/product.md, "Lead times"): the catalog gives each piece's and Divergence
 * size's, the studio its backlog; a paid order keeps each line's ship window (from stock, in its
 * days; built to order, after the backlog, in its weeks) and its own, which the confirmation mail
 * and the order page say.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DivergenceData, Product } from "../../domain/catalog-types.ts";
import { shipWindow, shipWindowText, studioToday } from "../../domain/lead-time.ts";
import { buyShippablePiece, firstTableLine } from "../support/buy.ts";
import { isShippable, type ListedPiece, paymentRequest } from "../support/payment-request.ts";
import { devSiteForFile, pageSender, type Send } from "../support/studio.ts";
import { createTestApp, type DbKind, dbKinds, type TestApp } from "../support/test-app.ts";

const siteBuild = devSiteForFile();
const LINK = /\/orders\/([A-Za-z0-9_-]{43})/;

describe.each(dbKinds)("lead times on %s", (kind: DbKind) => {
  let t: TestApp;
  let send: Send;
  const db = () => t.deps.database.db;
  const post = (path: string, body: unknown, key?: string) =>
    t.request(path, {
      method: "POST",
      headers: { "content-type": "application/json", ...(key ? { "Idempotency-Key": key } : {}) },
      body: JSON.stringify(body),
    });
  const key = () => `lead-${Math.random().toString(36).slice(2)}`;

  beforeAll(async () => {
    t = await createTestApp(kind);
    send = pageSender(t, siteBuild());
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it("gives each piece's and each Divergence size's lead time, and the studio's backlog", async () => {
    const products = (await (await t.request("/api/Products")).json()) as Product[];
    expect(products[0]!.leadTime).toEqual({ days: 5, weeks: null });
    const d = (await (await t.request("/api/divergence/GetDivergenceVariants/1")).json()) as DivergenceData;
    expect(d.variantSpecies[0]!.metadata[0]!.leadTime).toEqual({ days: 10, weeks: [8, 12] });
    expect(((await (await t.request("/api/studio")).json()) as { backlogWeeks: number }).backlogWeeks).toBe(0);
  });

  it("keeps a piece bought from stock shipping within its days: the order, the mail and the order page say when", async () => {
    const email = `lead-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const piece = ((await (await t.request("/api/Products")).json()) as ListedPiece[]).find(isShippable)!;
    await db().execute(sql`update products set lead_days = 3 where id = ${piece.id}`);
    t.deps.changes.publish();
    const { ref: orderId } = await buyShippablePiece(t, { email });
    const expected = shipWindow({ days: 3, weeks: null }, true, 0, studioToday());
    const [order] = (
      (await db().execute(sql`select ship_window from orders where order_ref = ${orderId}`)) as unknown as {
        rows: { ship_window: unknown }[];
      }
    ).rows;
    expect(order!.ship_window).toEqual(expected);

    const mail = (await t.sentMails()).find((m) => m.to === email)!;
    expect(mail.text).toContain(shipWindowText(expected!));
    expect(mail.text).toContain("Estimated to leave the studio:");
    const page = await (await send(`/orders/${LINK.exec(mail.text)![1]}`)).text();
    expect(page).toContain("Expected to leave the studio:");
  });

  it("builds a Divergence size without stock in its weeks, after the studio's backlog", async () => {
    const d = (await (await t.request("/api/divergence/GetDivergenceVariants/1")).json()) as DivergenceData;
    const size = d.variantSpecies[0]!.metadata[0]!;
    await db().execute(
      sql`update divergence_sizes set stock = 0, build_weeks_min = 6, build_weeks_max = 9 where id = ${size.id}`,
    );
    await db().execute(sql`update studio_config set backlog_weeks = 2`);
    t.deps.changes.publish();
    const line = firstTableLine(d);
    const email = `table-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const body = (products: unknown[], amount: number) =>
      paymentRequest(
        { id: line.id, title: "", unit: 0, rate: { object_id: "", amount: "0" } },
        { products, amount, shippingRateId: null, email },
      );
    // The server's figures come with the 409; paying them goes through.
    const priced = await post("/api/payment/process-payment", body([line], 0), key());
    const fresh = ((await priced.json()) as { fresh: { amount: number; products: { price: number }[] } }).fresh;
    const paid = await post(
      "/api/payment/process-payment",
      body([{ ...line, price: fresh.products[0]!.price }], fresh.amount),
      key(),
    );
    const { orderId } = (await paid.json()) as { orderId: string };
    const expected = shipWindow({ days: 10, weeks: [6, 9] }, false, 2, studioToday());
    const [row] = (
      (await db().execute(
        sql`select o.ship_window, l.details from orders o join order_lines l on l.order_id = o.id where o.order_ref = ${orderId}`,
      )) as unknown as { rows: { ship_window: unknown; details: { shipWindow: unknown; builtToOrder?: boolean } }[] }
    ).rows;
    expect(row!.details).toMatchObject({ builtToOrder: true, shipWindow: expected });
    expect(row!.ship_window).toEqual(expected);
    const mail = (await t.sentMails()).find((m) => m.to === email)!;
    expect(mail.text).toContain(shipWindowText(expected!));
  });
});
