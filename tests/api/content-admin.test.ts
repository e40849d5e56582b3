/**
 * The studio's words and whereabouts from the back office: the announcement and the studio's
 * contact details, hours and links, and where it collects sales tax, reach the API, the pages
 * and the checkout at once; bad input is refused, naming the field, and changes nothing.
 */
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, orders } from "../../server/db/schema.ts";
import {
  BUYER_ADDRESS,
  isShippable,
  type ListedPiece,
  paymentRequest,
  type QuotedRate,
} from "../support/payment-request.ts";
import { devSiteForFile, formBody, type Send, signedInApp, signIn, staffMember, textOf } from "../support/studio.ts";
import { type DbKind, dbKinds, type TestApp } from "../support/test-app.ts";

const siteBuild = devSiteForFile();

describe.each(dbKinds)("the studio's content on %s", (kind: DbKind) => {
  let t: TestApp;
  let send: Send;
  let session: { cookie: string; csrf: string };
  const post = (intent: string, fields: Record<string, string>) =>
    send(`/studio/content?intent=${intent}`, {
      method: "POST",
      body: formBody({ csrf: session.csrf, ...fields }),
      headers: { cookie: session.cookie },
    });

  beforeAll(async () => {
    ({ t, send, session } = await signedInApp(kind, siteBuild()));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it("changes the announcement on every page at once, and takes it down", async () => {
    await (await send("/")).text(); // the cache holds the old one
    const saved = await post("announcement", {
      content: "The <strong>workshop</strong> is closed for Thanksgiving.",
      link: "/contact",
      active: "1",
    });
    expect(saved.status).toBe(200);
    expect(await (await t.request("/api/announcement")).json()).toEqual({
      content: "The <strong>workshop</strong> is closed for Thanksgiving.",
      link: "/contact",
    });
    expect(await (await send("/faqs")).text()).toContain("closed for Thanksgiving");

    const bad = await post("announcement", { content: "Hello", link: "javascript:alert(1)", active: "1" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("The link is a path on this site");
    const empty = await post("announcement", { content: "", link: "", active: "1" });
    expect(empty.status).toBe(400);

    expect((await post("announcement", { content: "Gone", link: "" })).status).toBe(200);
    expect(await (await t.request("/api/announcement")).json()).toBeNull();
    expect(await (await send("/faqs")).text()).not.toContain("closed for Thanksgiving");
  });

  it("changes the studio's hours and links, which the API and the contact page show; a bad email changes nothing", async () => {
    const before = (await (await t.request("/api/studio")).json()) as { email: string; phone: string };
    const fields = {
      email: before.email,
      phone: before.phone,
      street: "12 Mill Road",
      city: "Morgantown",
      state: "PA",
      zip: "19543",
      "hours-days-0": "Tuesday to Saturday",
      "hours-hours-0": "9 am to 5 pm",
      "hours-days-1": "",
      "hours-hours-1": "",
      "socials-name-0": "Instagram",
      "socials-url-0": "https://instagram.com/haycreek",
    };
    expect((await post("studio", fields)).status).toBe(200);
    const after = (await (await t.request("/api/studio")).json()) as {
      hours: unknown;
      socials: unknown;
      address: { street: string };
    };
    expect(after.hours).toEqual([{ days: "Tuesday to Saturday", hours: "9 am to 5 pm" }]);
    expect(after.socials).toEqual([{ name: "Instagram", url: "https://instagram.com/haycreek" }]);
    expect(after.address.street).toBe("12 Mill Road");
    expect(await (await send("/contact")).text()).toContain("Tuesday to Saturday");

    const bad = await post("studio", { ...fields, email: "not-an-address", "hours-days-0": "Every day" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Please enter a valid email address.");
    const unchanged = (await (await t.request("/api/studio")).json()) as { hours: unknown };
    expect(unchanged.hours).toEqual([{ days: "Tuesday to Saturday", hours: "9 am to 5 pm" }]);
  });

  /** The sales-tax form's rows as posted: [state, rate, delivery ticked]. */
  const taxRows = (rows: [string, string, boolean][]) =>
    Object.fromEntries(
      rows.flatMap(([state, rate, delivery], i) => [
        [`salesTax.${i}.state`, state],
        [`salesTax.${i}.rate`, rate],
        ...(delivery ? [[`salesTax.${i}.delivery`, "1"]] : []),
      ]),
    );
  const json = (body: unknown) => ({
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const studioTax = async () => ((await (await t.request("/api/studio")).json()) as { salesTax: unknown }).salesTax;

  it("lets an owner collect New Jersey's 6.625 % on goods only: the checkout's rates carry it, placed orders keep theirs", async () => {
    const catalog = (await (await t.request("/api/Products")).json()) as ListedPiece[];
    const piece = catalog.find((p) => isShippable(p) && p.salePrice === null && p.stock >= 2)!;
    const products = [{ id: piece.id, quantity: 1 }];
    // An order delivered to Pennsylvania, placed under the demo's rule.
    const paRates = (await (await t.request("/api/shipping/rates", json({ ...BUYER_ADDRESS, products }))).json()) as {
      rates: QuotedRate[];
    };
    const bought = await t.request("/api/payment/process-payment", {
      ...json(paymentRequest({ id: piece.id, title: piece.title, unit: piece.price, rate: paRates.rates[0]! })),
      headers: { "content-type": "application/json", "Idempotency-Key": `tax-${Date.now()}` },
    });
    const { orderId } = (await bought.json()) as { orderId: string };
    expect(orderId).toBeTruthy();

    expect(await studioTax()).toEqual([{ state: "PA", rate: 6, delivery: true }]);
    const saved = await post(
      "salesTax",
      taxRows([
        ["PA", "6.5", true],
        ["NJ", "6.625", false],
        ["", "", true],
      ]),
    );
    expect(saved.status).toBe(200);
    expect(await textOf(saved)).toContain("The sales tax is saved");
    expect(await studioTax()).toEqual([
      { state: "PA", rate: 6.5, delivery: true },
      { state: "NJ", rate: 6.625, delivery: false },
    ]);
    const [entry] = await t.deps.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({
      action: "studio.sales-tax",
      before: { salesTax: [{ state: "PA", rate: 6, delivery: true }] },
      after: {
        salesTax: [
          { state: "PA", rate: 6.5, delivery: true },
          { state: "NJ", rate: 6.625, delivery: false },
        ],
      },
    });

    // The rates for a New Jersey address carry its tax, on the goods only.
    const nj = { ...BUYER_ADDRESS, city: "Trenton", state: "NJ", zip: "08608", products };
    const answer = (await (await t.request("/api/shipping/rates", json(nj))).json()) as {
      rates: (QuotedRate & { tax: number })[];
      tax: number;
    };
    const goodsTax = Math.round(piece.price * 6.625) / 100;
    expect(answer.tax).toBe(goodsTax);
    expect(answer.rates.length).toBeGreaterThan(0);
    for (const rate of answer.rates) expect(rate.tax).toBe(goodsTax);

    // The order placed before keeps the rule it was charged by.
    const [order] = await t.deps.database.db.select().from(orders).where(eq(orders.orderRef, orderId));
    expect(order!.taxRule).toEqual({ state: "PA", rate: 6, delivery: true });
  });

  it("refuses a bad rate or a state listed twice, naming the field, and keeps the rules", async () => {
    const before = await studioTax();
    for (const rate of ["0", "20.5", "6.6251", "six", ""]) {
      const bad = await post(
        "salesTax",
        taxRows([
          ["PA", "6", true],
          ["NY", rate, false],
        ]),
      );
      expect(bad.status).toBe(400);
      const html = await textOf(bad);
      expect(html).toContain("Rate for New York: a percentage above 0 and at most 20");
      // The field is marked, and what was typed is shown again.
      const input = /<input[^>]*name="salesTax\.1\.rate"[^>]*>/.exec(html)?.[0] ?? "";
      expect(input, input).toContain('aria-invalid="true"');
      expect(input).toContain(`value="${rate}"`);
    }
    const twice = await post(
      "salesTax",
      taxRows([
        ["NJ", "6.625", false],
        ["NJ", "7", false],
      ]),
    );
    expect(twice.status).toBe(400);
    expect(await textOf(twice)).toContain("New Jersey is listed twice");
    const unknown = await post("salesTax", taxRows([["XX", "5", false]]));
    expect(unknown.status).toBe(400);
    expect(await studioTax()).toEqual(before);
  });

  it("lets only owners change the sales tax", async () => {
    await staffMember(t.deps, "hand@studio.test", "staff");
    const staff = await signIn(send, "hand@studio.test");
    const before = await studioTax();
    const refused = await send("/studio/content?intent=salesTax", {
      method: "POST",
      body: formBody({ csrf: staff.csrf, ...taxRows([["NY", "4", false]]) }),
      headers: { cookie: staff.cookie },
    });
    expect(refused.status).toBe(403);
    expect(await studioTax()).toEqual(before);
  });
});
