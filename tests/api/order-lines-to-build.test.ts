/**
 * Every order line says what to build: a Divergence table bought with its choices shows them,
 * each named, on the packing slip, in the orders' spreadsheet (one row per line, a column per
 * choice) and in Today's "To build" list; and the order's number is one read out without doubt.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DivergenceData } from "../../domain/catalog-types.ts";
import { orders } from "../../server/db/schema.ts";
import { buyDivergenceTable, buyShippablePiece, firstTableLine } from "../support/buy.ts";
import { devSiteForFile, type Send, signedInApp } from "../support/studio.ts";
import { type DbKind, dbKinds, type TestApp } from "../support/test-app.ts";

const siteBuild = devSiteForFile();
const html = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "").replace(/&quot;/g, '"');
/** The cells of one spreadsheet row: every cell is quoted. */
/** Today's "To build" card, as drawn (not the page's data after it). */
const toBuildCard = (page: string) => {
  const from = page.indexOf('id="today-build"');
  return page.slice(from, page.indexOf("</section>", from));
};
const cells = (row: string) => [...row.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1]!.replace(/""/g, '"'));

describe.each(dbKinds)("what to build, on %s", (kind: DbKind) => {
  let t: TestApp;
  let send: Send;
  let session: { cookie: string; csrf: string };
  let table: { ref: string; size: string; species: string };
  let piece: { ref: string; title: string };
  let orderId: number;
  const get = (path: string) => send(path, { headers: { cookie: session.cookie } });

  beforeAll(async () => {
    ({ t, send, session } = await signedInApp(kind, siteBuild(), {
      env: { PAYMENT_RATE_LIMIT: "100000/600", PAYMENT_DECLINE_LIMIT: "100000/600" },
    }));
    const d = (await (await t.request("/api/divergence/GetDivergenceVariants/1")).json()) as DivergenceData;
    const line = firstTableLine(d);
    // None of the size left: the table is built to order.
    await t.deps.database.db.execute(sql`update divergence_sizes set stock = 0 where id = ${line.sizeId}`);
    t.deps.changes.publish();
    const bought = await buyDivergenceTable(t);
    expect(bought.res.status).toBe(200);
    table = { ref: bought.ref, size: line.size, species: line.species };
    const other = await buyShippablePiece(t);
    expect(other.res.status).toBe(200);
    piece = { ref: other.ref, title: other.piece.title };
    const [row] = await t.deps.database.db.select().from(orders).where(eq(orders.orderRef, table.ref));
    orderId = row!.id;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it("numbers the orders with ten characters that cannot be misread", () => {
    for (const ref of [table.ref, piece.ref]) expect(ref).toMatch(/^[2-9A-HJKMNP-Z]{10}$/);
    expect(table.ref).not.toBe(piece.ref);
  });

  it("names each choice in the studio's mail of the new order, and keeps the buyer's words in theirs", async () => {
    const mails = await t.sentMails();
    const studio = mails.find((m) => m.kind === "order-notification" && m.text.includes(table.ref))!;
    expect(studio.text).toContain(
      `To build:\n  1 x ${table.species} Dining Table: Size ${table.size} · Square edge · Matte Black base · Natural Oil top`,
    );
    const buyer = mails.find((m) => m.kind === "order-confirmation" && m.text.includes(table.ref))!;
    expect(buyer.text).toContain(`${table.size} · square edge · Matte Black base · Natural Oil`);
    expect(buyer.text).not.toContain("To build");
    expect(buyer.html).toContain("lining-nums tabular-nums");
  });

  it("prints each choice on the packing slip, still without prices", async () => {
    const res = await get(`/studio/orders/${orderId}/slip`);
    expect(res.status).toBe(200);
    const page = await html(res);
    expect(page).toContain(table.ref);
    expect(page).toContain(`${table.species} Dining Table`);
    expect(page).toContain(`Size ${table.size} · Square edge · Matte Black base · Natural Oil top`);
    expect(page).not.toMatch(/\$\d/);
    expect(page).not.toContain("pricingBreakdown");
  });

  it("gives the spreadsheet one row per line, with the table's choices in columns of their own", async () => {
    const text = await (await get("/studio/orders.csv")).text();
    const [head, ...rows] = text.trimEnd().split("\r\n");
    const columns = head!.split(",");
    const at = (row: string[], name: string) => row[columns.indexOf(name)];
    const ofTable = rows.map(cells).filter((r) => at(r, "order") === table.ref);
    expect(ofTable).toHaveLength(1);
    const r = ofTable[0]!;
    expect(at(r, "piece")).toBe(`${table.species} Dining Table`);
    expect(at(r, "kind")).toBe("divergence");
    expect(at(r, "to_build")).toBe(`Size ${table.size} · Square edge · Matte Black base · Natural Oil top`);
    expect([at(r, "size"), at(r, "edge"), at(r, "base"), at(r, "top_finish")]).toEqual([
      table.size,
      "Square edge",
      "Matte Black",
      "Natural Oil",
    ]);
    expect(at(r, "quantity")).toBe("1");
    expect(at(r, "built_to_order")).toBe("yes");
    expect(at(r, "ship_from")).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(at(r, "ship_to")! >= at(r, "ship_from")!).toBe(true);
    // The table is the order's one line: its total is the order's before shipping and sales tax.
    expect(Number(at(r, "line_total"))).toBe(Number(at(r, "subtotal")));
    expect(Number(at(r, "total"))).toBe(Number(at(r, "subtotal")) + Number(at(r, "shipping")) + Number(at(r, "tax")));

    const ofPiece = rows.map(cells).filter((c) => at(c, "order") === piece.ref);
    expect(ofPiece).toHaveLength(1);
    expect(at(ofPiece[0]!, "piece")).toBe(piece.title);
    expect(at(ofPiece[0]!, "to_build")).toMatch(/^Stock no\. /);
    expect([at(ofPiece[0]!, "size"), at(ofPiece[0]!, "built_to_order")]).toEqual(["", "no"]);
    // Each row has every column.
    for (const row of rows) expect(cells(row)).toHaveLength(columns.length);
  });

  it("lists the table under Today's To build, with its choices, built to order, linked to its order", async () => {
    const page = await html(await get("/studio"));
    const section = toBuildCard(page);
    expect(section).toContain(`${table.species} Dining Table`);
    expect(section).toContain(`Size ${table.size} · Square edge · Matte Black base · Natural Oil top`);
    expect(section).toMatch(/Built to order · ships [A-Z][a-z]{2} \d{1,2}/);
    expect(section).toContain(`href="/studio/orders/${orderId}"`);
    expect(section).toContain(table.ref);
  });

  it("leaves an order off the list once it is ready", async () => {
    await t.deps.database.db.update(orders).set({ status: "ready" }).where(eq(orders.id, orderId));
    const page = await html(await get("/studio"));
    const section = toBuildCard(page);
    expect(section).not.toContain(table.ref);
  });
});
