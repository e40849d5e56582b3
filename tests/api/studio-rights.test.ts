/**
 * The rights table (domain/studio-rights.ts, docs/product.md §6) on every door of the back office.
 * A staff account is refused (403) each thing the table keeps for owners, as the form posts and
 * page loads a browser sends, with a valid CSRF token, and nothing changes; an owner does each.
 * Then every loader and action of the site's own route table (a route added later is tried too)
 * is shown to consult the table: with every right taken from staff, a staff account gets 403
 * from each.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RIGHTS, type Right } from "../../domain/studio-rights.ts";
import { announcements, enquiries, orderCharges, quotes, studioConfig, subscriptions } from "../../server/db/schema.ts";
import { formBody, pageSender, paidOrder, type Send, signIn, staffMember } from "../support/studio.ts";
import { createTestApp, type DbKind, dbKinds, type TestApp } from "../support/test-app.ts";

const root = path.resolve(import.meta.dirname, "../..");
let vite: ViteDevServer;
let build: ServerBuild;
/** The table as the compiled site holds it: the same module its guard reads. */
let siteRights: typeof RIGHTS;

beforeAll(async () => {
  vite = await createServer({
    root,
    configFile: path.join(root, "vite.config.ts"),
    server: { middlewareMode: true, hmr: false, watch: null },
    appType: "custom",
    logLevel: "silent",
  });
  build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
  siteRights = ((await vite.ssrLoadModule("/domain/studio-rights.ts")) as { RIGHTS: typeof RIGHTS }).RIGHTS;
}, 120_000);
afterAll(async () => {
  await vite?.close();
});

type Session = { cookie: string; csrf: string };

describe("the rights table in the product rules", () => {
  it("is docs/product.md §6's table, row for row", () => {
    const doc = readFileSync(path.join(root, "docs/product.md"), "utf8");
    const rows = [...doc.matchAll(/^\| (.+) \| (Yes|No) \| (Yes|No) \|$/gm)].map((m) => [m[1], m[2], m[3]]);
    expect(rows).toEqual(
      (Object.keys(RIGHTS) as Right[]).map((r) => [RIGHTS[r].label, "Yes", RIGHTS[r].staff ? "Yes" : "No"]),
    );
  });
});

describe.each(dbKinds)("the rights table on %s", (kind: DbKind) => {
  let t: TestApp;
  let send: Send;
  let owner: Session;
  let staff: Session;
  let ids: { order: number; enquiry: number; subscriber: number };
  const db = () => t.deps.database.db;

  const post = (who: Session, to: string, fields: Record<string, string> = {}) =>
    send(to, { method: "POST", body: formBody({ csrf: who.csrf, ...fields }), headers: { cookie: who.cookie } });
  const get = (who: Session, to: string) => send(to, { headers: { cookie: who.cookie } });

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { TRUST_PROXY: "1" } });
    send = pageSender(t, build);
    await staffMember(t.deps, "owner@rights.test", "owner");
    await staffMember(t.deps, "maker@rights.test", "staff");
    owner = await signIn(send, "owner@rights.test");
    staff = await signIn(send, "maker@rights.test");
    const order = await paidOrder(t.deps);
    const [enquiry] = await db()
      .insert(enquiries)
      .values({ kind: "custom", fields: { firstName: "Grace", email: "grace@example.com", description: "A table" } })
      .returning();
    const [subscriber] = await db().insert(subscriptions).values({ email: "reader@rights.test" }).returning();
    ids = { order: order.id, enquiry: enquiry!.id, subscriber: subscriber!.id };
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const depositOf = async () => (await db().select().from(studioConfig))[0]!.depositPercent;
  const studioForm = async (depositPercent: string) => {
    const s = (await (await t.request("/api/studio")).json()) as {
      email: string;
      phone: string;
      address: { street: string; city: string; state: string; zip: string };
    };
    return {
      email: s.email,
      phone: s.phone,
      street: s.address.street,
      city: s.address.city,
      state: s.address.state,
      zip: s.address.zip,
      backlogWeeks: "4",
      depositPercent,
      depositMinimum: "0",
    };
  };

  it("keeps the deposit for owners: staff cannot take it from 50 % to 10 %", async () => {
    expect(await depositOf()).toBe(50);
    const refused = await post(staff, "/studio/content?intent=studio", await studioForm("10"));
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Only an owner can do this");
    expect(await depositOf()).toBe(50);
    expect((await post(owner, "/studio/content?intent=studio", await studioForm("40"))).status).toBe(200);
    expect(await depositOf()).toBe(40);
  });

  it("keeps the studio's e-mail for owners", async () => {
    const form = { ...(await studioForm("40")), email: "thief@example.com" };
    expect((await post(staff, "/studio/content?intent=studio", form)).status).toBe(403);
    expect((await (await t.request("/api/studio")).json()).email).not.toBe("thief@example.com");
    const mine = { ...form, email: "hello@rights.test" };
    expect((await post(owner, "/studio/content?intent=studio", mine)).status).toBe(200);
    expect((await (await t.request("/api/studio")).json()).email).toBe("hello@rights.test");
  });

  it("keeps the announcement for owners", async () => {
    const fields = { content: "Closed for good", link: "", active: "1" };
    expect((await post(staff, "/studio/content?intent=announcement", fields)).status).toBe(403);
    const shown = await db().select().from(announcements);
    expect(shown.map((a) => a.content)).not.toContain("Closed for good");
    expect((await post(owner, "/studio/content?intent=announcement", fields)).status).toBe(200);
    expect(await (await t.request("/api/announcement")).json()).toMatchObject({ content: "Closed for good" });
  });

  it("keeps the Content page itself for owners", async () => {
    expect((await get(staff, "/studio/content")).status).toBe(403);
    expect((await get(owner, "/studio/content")).status).toBe(200);
  });

  it("keeps the audit log for owners", async () => {
    const refused = await get(staff, "/studio/audit");
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Only an owner can do this: read the audit log.");
    expect((await get(staff, "/studio/audit.data")).status).toBe(403);
    expect((await get(owner, "/studio/audit")).status).toBe(200);
  });

  it("keeps the newsletter's subscribers for owners: the page, the CSV and taking someone off", async () => {
    const csv = await get(staff, "/studio/newsletter.csv");
    expect(csv.status).toBe(403);
    expect(await csv.text()).not.toContain("reader@rights.test");
    expect((await get(staff, "/studio/newsletter")).status).toBe(403);
    expect((await post(staff, "/studio/newsletter", { id: String(ids.subscriber) })).status).toBe(403);
    const [still] = await db().select().from(subscriptions).where(eq(subscriptions.id, ids.subscriber));
    expect(still!.unsubscribedAt).toBeNull();
    const ok = await get(owner, "/studio/newsletter.csv");
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain("reader@rights.test");
  });

  it("keeps adding a charge to an order for owners, and shows staff no charge form", async () => {
    const to = `/studio/orders/${ids.order}?intent=charge`;
    const fields = { label: "Something", chargeAmount: "1.00" };
    expect((await post(staff, to, fields)).status).toBe(403);
    expect(await db().select().from(orderCharges).where(eq(orderCharges.orderId, ids.order))).toHaveLength(0);
    const page = await (await get(staff, `/studio/orders/${ids.order}`)).text();
    expect(page).not.toContain("intent=charge");
    expect(page).not.toContain("intent=refund");
    expect(page).toContain("intent=status");
    expect((await post(owner, to, fields)).status).toBe(200);
    expect(await db().select().from(orderCharges).where(eq(orderCharges.orderId, ids.order))).toHaveLength(1);
  });

  it("keeps refunds for owners", async () => {
    const to = `/studio/orders/${ids.order}?intent=refund`;
    expect((await post(staff, to, { kind: "refund", amount: "5.00" })).status).toBe(403);
    expect((await post(owner, to, { kind: "refund", amount: "5.00", confirm: "1" })).status).toBe(200);
  });

  it("lets staff move an order on", async () => {
    const to = `/studio/orders/${ids.order}?intent=status`;
    expect((await post(staff, to, { step: "in_production" })).status).toBe(200);
  });

  it("keeps writing and withdrawing quotes for owners, and shows staff no quote form", async () => {
    const to = `/studio/enquiries/${ids.enquiry}?intent=quote`;
    const fields = {
      "line-0-title": "Walnut table",
      "line-0-price": "1000",
      "line-0-quantity": "1",
      buildWeeksMin: "8",
      buildWeeksMax: "10",
      depositPercent: "50",
      validUntil: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
    };
    expect((await post(staff, to, fields)).status).toBe(403);
    expect(await db().select().from(quotes).where(eq(quotes.enquiryId, ids.enquiry))).toHaveLength(0);
    const page = await (await get(staff, `/studio/enquiries/${ids.enquiry}`)).text();
    expect(page).not.toContain("intent=quote");
    expect(page).toContain("intent=reply");
    expect((await post(owner, to, fields)).status).toBe(200);
    const [quote] = await db().select().from(quotes).where(eq(quotes.enquiryId, ids.enquiry));
    const withdraw = `/studio/enquiries/${ids.enquiry}?intent=withdraw-quote`;
    expect((await post(staff, withdraw, { quote: String(quote!.id) })).status).toBe(403);
    expect((await post(owner, withdraw, { quote: String(quote!.id) })).status).toBe(200);
  });

  it("lets staff answer an enquiry", async () => {
    expect((await post(staff, `/studio/enquiries/${ids.enquiry}?intent=note`, { note: "Called her" })).status).toBe(
      200,
    );
  });

  it("keeps the Staff page for owners, where the table is shown", async () => {
    expect((await get(staff, "/studio/staff")).status).toBe(403);
    expect((await post(staff, "/studio/staff?intent=sign-out", { id: "1" })).status).toBe(403);
    const page = await (await get(owner, "/studio/staff")).text();
    for (const right of Object.keys(RIGHTS) as Right[])
      expect(page).toContain(RIGHTS[right].label.replace(/&/g, "&amp;").replace(/'/g, "&#x27;"));
  });

  it("keeps the takings and the owners' sections out of staff's sight", async () => {
    const page = await (await get(staff, "/studio")).text();
    expect(page).not.toContain("Takings");
    for (const href of ["/studio/content", "/studio/newsletter", "/studio/audit", "/studio/staff"])
      expect(page).not.toContain(`href="${href}"`);
    expect(page).toContain('href="/studio/orders"');
    const mine = await (await get(owner, "/studio")).text();
    expect(mine).toContain("Takings");
    expect(mine).toContain('href="/studio/audit"');
  });

  it("has every loader and action of the back office ask the table", async () => {
    // The pages reached before signing in (the sign-in and its steps, a mailed link, the first
    // setup) and signing out: the only ones that need no right.
    const OPEN = /^routes\/studio\/(login|logout|welcome|setup)/;
    const routes = Object.entries(build.routes).filter(
      ([id, r]) => id.startsWith("routes/studio/") && id !== "routes/studio/layout" && !OPEN.test(id) && r?.path,
    );
    expect(routes.length).toBeGreaterThan(20);
    const address = (p: string) =>
      `/${p}`
        .replace(/^\/studio\/orders\/:id/, `/studio/orders/${ids.order}`)
        .replace(/^\/studio\/enquiries\/:id/, `/studio/enquiries/${ids.enquiry}`)
        .replace(":kind/:id", "slabs/1")
        .replace(":kind", "slabs")
        .replace(":collection", "testimonials")
        .replace(":id", "1")
        .replace(":n", "1")
        .replace("*", "anything/else");
    const kept = Object.fromEntries(Object.entries(siteRights).map(([r, v]) => [r, v.staff]));
    for (const right of Object.keys(siteRights)) (siteRights[right as Right] as { staff: boolean }).staff = false;
    try {
      for (const [id, route] of routes) {
        const at = address(route!.path!);
        const resource = !build.routes[id]?.parentId?.startsWith("routes/studio/layout");
        // Only this route's loader: the layout's is not asked, so the route must refuse by itself.
        const load = resource ? at : `${at}.data?_routes=${encodeURIComponent(id)}`;
        const loaded = await get(staff, load);
        expect(loaded.status, `${id} loader (${load})`).toBe(403);
        if (route!.module.action) {
          const acted = await post(staff, `${at}?intent=status`, {});
          expect(acted.status, `${id} action`).toBe(403);
        }
      }
    } finally {
      for (const [right, staffMay] of Object.entries(kept))
        (siteRights[right as Right] as { staff: boolean }).staff = staffMay;
    }
  });
});
