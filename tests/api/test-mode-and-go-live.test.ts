/**
 * Say what runs (docs/product.md): while the sandbox gateway stands in for CardPointe, every
 * payment form (checkout, an order's page, a quote's page) says no card is charged and every
 * back-office page carries a banner saying so; with CardPointe settings (against the project's
 * CardPointe fake) none of them does. Today shows owners a go-live checklist until each item
 * holds, and an owner confirms a backup from it (its date kept and audit-logged).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shopBackup } from "../../server/backup/in-shop.ts";
import { auditLog, enquiries, orderCharges, orderRefunds, orders } from "../../server/db/schema.ts";
import { createLogger } from "../../server/logger.ts";
import { newOrderLink } from "../../server/orders/links.ts";
import { getSetting } from "../../server/settings/app-settings.ts";
import { BACKUP_SETTING, goLiveChecklist } from "../../server/studio/go-live.ts";
import { FakeCardPointe } from "../fakes/cardpointe.ts";
import {
  csrfOf,
  devSiteForFile,
  formBody,
  pageSender,
  paidOrder,
  type Send,
  STAFF_PASSWORD,
  sessionCookieOf,
  staffMember,
  textOf,
} from "../support/studio.ts";
import { createTestApp, type DbKind, dbKinds, type TestApp } from "../support/test-app.ts";

const siteBuild = devSiteForFile();
const NOTICE = "Test mode: no card is charged.";
const BANNER = 'class="studio-test-mode"';
const CHECKLIST = "Before you open";
const QUOTE_LINK = /\/quotes\/([A-Za-z0-9_-]{43})/;
/** The page as drawn, without the loader data its scripts are handed. */
const drawn = async (res: Response) => {
  const html = await textOf(res);
  return html.slice(0, html.indexOf("window.__reactRouterContext"));
};

type Session = { cookie: string; csrf: string };

/** Signs in through the form and reads the CSRF token the back office's forms carry. */
async function signedIn(send: Send, email: string): Promise<Session> {
  const res = await send("/studio/login", {
    method: "POST",
    body: formBody({ email, password: STAFF_PASSWORD, next: "/studio" }),
    headers: { "x-forwarded-for": "198.51.100.40" },
  });
  const cookie = sessionCookieOf(res);
  if (res.status !== 302 || !cookie) throw new Error(`Sign-in failed: ${res.status}`);
  return { cookie, csrf: csrfOf(await (await send("/studio", { headers: { cookie } })).text()) };
}

/** An order with something still due (a charge the studio added), and its page's token. */
async function orderWithDue(t: TestApp) {
  const order = await paidOrder(t.deps);
  const db = t.deps.database.db;
  await db.insert(orderCharges).values({ orderId: order.id, label: "Delivery", amount: 40 });
  await db.update(orders).set({ chargesTotal: 40 }).where(eq(orders.id, order.id));
  return newOrderLink(db, order.id);
}

/** A quote written from a commission enquiry through the back office's form; its page's token. */
async function quoteToken(t: TestApp, send: Send, owner: Session) {
  const db = t.deps.database.db;
  const email = `q-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const [enquiry] = await db
    .insert(enquiries)
    .values({ kind: "custom", fields: { firstName: "Grace", lastName: "Hopper", email, description: "A table" } })
    .returning();
  await send(`/studio/enquiries/${enquiry!.id}?intent=quote`, {
    method: "POST",
    headers: { cookie: owner.cookie },
    body: formBody({
      csrf: owner.csrf,
      "line-0-title": "Walnut dining table",
      "line-0-price": "7200",
      "line-0-quantity": "1",
      buildWeeksMin: "10",
      buildWeeksMax: "14",
      depositPercent: "40",
      validUntil: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
      note: "",
    }),
  });
  const mail = (await t.sentMails()).find((m) => m.to === email && m.kind === "quote");
  return QUOTE_LINK.exec(mail!.text)![1]!;
}

describe.each(dbKinds)("with the sandbox gateway on %s", (kind: DbKind) => {
  let t: TestApp;
  let send: Send;
  let owner: Session;
  let staff: Session;

  beforeAll(async () => {
    t = await createTestApp(kind);
    send = pageSender(t, siteBuild());
    await staffMember(t.deps, "owner@studio.test", "owner");
    await staffMember(t.deps, "maker@studio.test", "staff");
    owner = await signedIn(send, "owner@studio.test");
    staff = await signedIn(send, "maker@studio.test");
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it("says at checkout, near the pay button, that no card is charged", async () => {
    const html = await textOf(await send("/check-out"));
    expect(html).toContain(NOTICE);
    // In the pay block, before the button.
    const pay = html.slice(html.indexOf('class="co-pay"'));
    expect(pay.indexOf(NOTICE)).toBeGreaterThan(0);
    expect(pay.indexOf(NOTICE)).toBeLessThan(pay.indexOf("co-pay__button"));
  });

  it("says it on an order's and a quote's payment forms", async () => {
    const order = await textOf(await send(`/orders/${await orderWithDue(t)}`));
    expect(order).toContain("Pay what is due");
    expect(order).toContain(NOTICE);
    const quote = await textOf(await send(`/quotes/${await quoteToken(t, send, owner)}`));
    expect(quote).toContain("Accept the quote");
    expect(quote).toContain(NOTICE);
  });

  it("carries the banner on every back-office page, for owners and staff", async () => {
    for (const [who, path] of [
      [owner, "/studio"],
      [owner, "/studio/orders"],
      [owner, "/studio/content"],
      [staff, "/studio"],
      [staff, "/studio/enquiries"],
    ] as const) {
      const html = await textOf(await send(path, { headers: { cookie: who.cookie } }));
      expect(html, path).toContain(BANNER);
      expect(html, path).toContain("Test mode: no card is charged.");
    }
  });

  it("shows owners the go-live checklist, each item saying what to do; staff do not see it", async () => {
    const html = await textOf(await send("/studio", { headers: { cookie: owner.cookie } }));
    expect(html).toContain(CHECKLIST);
    for (const text of [
      "The shop&#x27;s public address is on https",
      "Set PUBLIC_URL to the https:// address",
      "Cards are charged for real",
      "Set CARDPOINTE_BASE_URL",
      "Mail is sent",
      "Set SMTP_URL",
      "A backup has been taken",
      "npm run backup -- FILE on the server (docs/backups.md): it is noted here by itself",
      "A test order has been refunded",
      "give it back from its page under Orders",
      "I have taken a backup",
    ])
      expect(html, text).toContain(text);
    expect(await textOf(await send("/studio", { headers: { cookie: staff.cookie } }))).not.toContain(CHECKLIST);
  });

  it("keeps an owner's word that a backup was taken, with its date, in the audit log; staff are refused", async () => {
    const db = t.deps.database.db;
    const refused = await send("/studio/go-live", {
      method: "POST",
      headers: { cookie: staff.cookie },
      body: formBody({ csrf: staff.csrf }),
    });
    expect(refused.status).toBe(403);
    expect(await getSetting(db, BACKUP_SETTING)).toBeNull();
    const noToken = await send("/studio/go-live", {
      method: "POST",
      headers: { cookie: owner.cookie },
      body: formBody({}),
    });
    expect(noToken.status).toBe(403);
    expect(await getSetting(db, BACKUP_SETTING)).toBeNull();

    const done = await send("/studio/go-live", {
      method: "POST",
      headers: { cookie: owner.cookie },
      body: formBody({ csrf: owner.csrf }),
    });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/studio");
    const at = await getSetting(db, BACKUP_SETTING);
    expect(Date.now() - Date.parse(at!)).toBeLessThan(60_000);
    const logged = await db.select().from(auditLog).where(eq(auditLog.action, "backup.confirmed"));
    expect(logged).toHaveLength(1);
    const html = await textOf(await send("/studio", { headers: { cookie: owner.cookie } }));
    const year = new Date().getUTCFullYear();
    expect(html).toMatch(new RegExp(`Confirmed [^<]*${year}\\.`));
    expect(html).toContain("I have taken a new backup");
  });

  it("notes a backup npm run backup wrote by itself: when and which file, with no word asked for", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "hw-noted-"));
    const file = path.join(folder, "tonight.hwbak");
    try {
      const written = await shopBackup(t.deps.database, createLogger("silent"))(file);
      expect(written.code).toBe(0);
      const html = await textOf(await send("/studio", { headers: { cookie: owner.cookie } }));
      expect(html).toMatch(new RegExp(`Written [^<]*${new Date().getUTCFullYear()}: <code>${file}</code>`));
      expect(html).not.toContain("I have taken a new backup");
      const item = (await goLiveChecklist(t.deps.database.db, t.deps.config))?.items.find((i) => i.key === "backup");
      expect(item?.done).toBe(true);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("counts a refund the gateway accepted as the test order refunded, not a declined one", async () => {
    const db = t.deps.database.db;
    const order = await paidOrder(t.deps);
    const refundItem = async () => {
      const html = await drawn(await send("/studio", { headers: { cookie: owner.cookie } }));
      return html.includes("give it back from its page under Orders");
    };
    await db
      .insert(orderRefunds)
      .values({ orderId: order.id, kind: "refund", amount: 10, respstat: "C", resptext: "Declined" });
    expect(await refundItem()).toBe(true);
    await db
      .insert(orderRefunds)
      .values({ orderId: order.id, kind: "void", amount: 249, respstat: "A", resptext: "Approval" });
    expect(await refundItem()).toBe(false);
  });
});

describe("with CardPointe settings, https, SMTP, a backup and a refund", () => {
  let t: TestApp;
  let send: Send;
  let owner: Session;
  let cardpointe: FakeCardPointe;

  beforeAll(async () => {
    cardpointe = await new FakeCardPointe().start();
    t = await createTestApp("pglite", {
      env: {
        CARDPOINTE_BASE_URL: cardpointe.url,
        CARDPOINTE_MERCHID: cardpointe.merchid,
        CARDPOINTE_USERNAME: cardpointe.username,
        CARDPOINTE_PASSWORD: cardpointe.password,
        PUBLIC_URL: "https://shop.example.com",
        SMTP_URL: "smtp://127.0.0.1:9",
      },
      // No SMTP server answers there: the mail is taken as sent, so its links can be read (sentMails).
      mailTransport: { kind: "smtp", send: async () => undefined },
    });
    send = pageSender(t, siteBuild());
    await staffMember(t.deps, "owner@studio.test", "owner");
    owner = await signedIn(send, "owner@studio.test");
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await cardpointe?.stop();
  });

  it("says nothing of a test mode: not at checkout, not on an order's or a quote's page, not in the back office", async () => {
    expect(await textOf(await send("/check-out"))).not.toContain("Test mode");
    const order = await textOf(await send(`/orders/${await orderWithDue(t)}`));
    expect(order).toContain("Pay what is due");
    expect(order).not.toContain("Test mode");
    const quote = await textOf(await send(`/quotes/${await quoteToken(t, send, owner)}`));
    expect(quote).toContain("Accept the quote");
    expect(quote).not.toContain("Test mode");
    const studio = await textOf(await send("/studio", { headers: { cookie: owner.cookie } }));
    expect(studio).not.toContain(BANNER);
    expect(studio).not.toContain("Test mode");
  });

  it("shows the checklist until the last item holds, then not at all", async () => {
    const today = async () => drawn(await send("/studio", { headers: { cookie: owner.cookie } }));
    const before = await today();
    expect(before).toContain(CHECKLIST);
    expect(before).toContain("2 of 5 still to do");
    expect(before).not.toContain("Set PUBLIC_URL to the https:// address");
    expect(before).not.toContain("Set CARDPOINTE_BASE_URL");
    expect(before).not.toContain("Set SMTP_URL");
    await send("/studio/go-live", {
      method: "POST",
      headers: { cookie: owner.cookie },
      body: formBody({ csrf: owner.csrf }),
    });
    expect(await today()).toContain("1 of 5 still to do");
    const order = await paidOrder(t.deps);
    await t.deps.database.db
      .insert(orderRefunds)
      .values({ orderId: order.id, kind: "void", amount: 249, respstat: "A", resptext: "Approval" });
    expect(await today()).not.toContain(CHECKLIST);
  });
});
