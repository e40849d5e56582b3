import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app.ts";
import { auditLog, enquiries, orderPayments, orderRefunds, orders, staffSessions } from "../../server/db/schema.ts";
import { sitePages } from "../../server/pages.ts";
import { totpCode } from "../../server/staff/totp.ts";
import {
  carrierShipping,
  csrfOf,
  devSiteForFile,
  formBody,
  pageSender,
  paidOrder,
  type Send,
  STAFF_PASSWORD,
  sessionCookieOf,
  signIn,
  staffMember,
} from "../support/studio.ts";
import { createTestApp, dbKinds, type TestApp } from "../support/test-app.ts";

// The back office (/studio): signing in, sessions, CSRF, and the order and enquiry work a
// studio does from it, through the pages' own form posts as a browser sends them.

const siteBuild = devSiteForFile();

describe.each(dbKinds)("the back office on %s", (kind) => {
  let t: TestApp;
  let send: Send;
  const post = (path: string, cookie: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    send(path, { method: "POST", body: formBody(fields), headers: { cookie, ...headers } });

  beforeAll(async () => {
    t = await createTestApp(kind, {
      env: { TRUST_PROXY: "1", SIGN_IN_ACCOUNT_LIMIT: "3/900", SIGN_IN_CLIENT_LIMIT: "6/900" },
    });
    send = pageSender(t, siteBuild());
    await staffMember(t.deps, "owner@studio.test", "owner");
    await staffMember(t.deps, "maker@studio.test", "staff");
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it("has no account until one is added", async () => {
    const fresh = await createTestApp(kind);
    try {
      const n = await fresh.deps.database.db.execute(sql`select count(*)::int as n from staff_accounts`);
      expect((n as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    } finally {
      await fresh.close();
    }
  });

  it("shows the sign-in form with Email and Password, and signs in with the right password only", async () => {
    const page = await send("/studio/login");
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toMatch(/<label[^>]*for="studio-email"[^>]*>Email/);
    expect(html).toMatch(/<label[^>]*for="studio-password"[^>]*>Password/);
    expect(page.headers.get("x-robots-tag")).toContain("noindex");

    const wrong = await send("/studio/login", {
      method: "POST",
      body: formBody({ email: "owner@studio.test", password: "not-the-password" }),
      headers: { "x-forwarded-for": "198.51.100.1" },
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain("The email or password is not right.");
    expect(wrong.headers.get("set-cookie")).toBeNull();

    const right = await send("/studio/login", {
      method: "POST",
      body: formBody({ email: "Owner@Studio.test", password: STAFF_PASSWORD, next: "/studio/orders" }),
      headers: { "x-forwarded-for": "198.51.100.1" },
    });
    expect(right.status).toBe(302);
    expect(right.headers.get("location")).toBe("/studio/orders");
    const cookie = right.headers.get("set-cookie")!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    // A browser sends it with every request of the back office, the data requests of its pages
    // too: the Today page's is /studio.data, which a Path of /studio does not cover (RFC 6265 5.1.4).
    const cookiePath = /Path=([^;]+)/.exec(cookie)?.[1] ?? "/";
    const sentTo = (requestPath: string) =>
      requestPath === cookiePath ||
      (requestPath.startsWith(cookiePath) && (cookiePath.endsWith("/") || requestPath[cookiePath.length] === "/"));
    for (const p of ["/studio", "/studio.data", "/studio/orders.data", "/studio/login/code.data"])
      expect(sentTo(p), p).toBe(true);
  });

  it("marks the cookie Secure when the shop is served over HTTPS", async () => {
    const res = await send("https://localhost/studio/login".replace("https://localhost", ""), {
      method: "POST",
      body: formBody({ email: "maker@studio.test", password: STAFF_PASSWORD }),
      headers: { "x-forwarded-for": "198.51.100.2" },
    });
    expect(res.status).toBe(302);
    const secure = createApp(t.deps, { pages: sitePages(t.deps, siteBuild()) });
    const over = await secure.request("https://shop.test/studio/login", {
      method: "POST",
      body: formBody({ email: "maker@studio.test", password: STAFF_PASSWORD }),
      headers: { "x-forwarded-for": "198.51.100.2" },
    });
    expect(over.headers.get("set-cookie")).toMatch(/; Secure/);
  });

  it("refuses a next address outside the back office", async () => {
    const res = await send("/studio/login", {
      method: "POST",
      body: formBody({ email: "maker@studio.test", password: STAFF_PASSWORD, next: "//evil.example/studio" }),
      headers: { "x-forwarded-for": "198.51.100.3" },
    });
    expect(res.headers.get("location")).toBe("/studio");
  });

  it("throttles wrong passwords per account from devices it has not signed in on, whatever address they come from", async () => {
    await staffMember(t.deps, "target@studio.test");
    for (let i = 0; i < 3; i++) {
      const r = await send("/studio/login", {
        method: "POST",
        body: formBody({ email: "target@studio.test", password: `guess-number-${i}` }),
        headers: { "x-forwarded-for": `203.0.113.${10 + i}` },
      });
      expect(r.status).toBe(401);
    }
    // The right password, from yet another address, is refused while the window lasts.
    const blocked = await send("/studio/login", {
      method: "POST",
      body: formBody({ email: "target@studio.test", password: STAFF_PASSWORD }),
      headers: { "x-forwarded-for": "203.0.113.99" },
    });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await blocked.text()).toContain("Too many attempts");
    expect(blocked.headers.get("set-cookie")).toBeNull();
  });

  it("throttles one address guessing across many accounts", async () => {
    for (let i = 0; i < 6; i++) {
      await send("/studio/login", {
        method: "POST",
        body: formBody({ email: `nobody${i}@studio.test`, password: "whatever-it-is" }),
        headers: { "x-forwarded-for": "203.0.113.200" },
      });
    }
    const blocked = await send("/studio/login", {
      method: "POST",
      body: formBody({ email: "maker@studio.test", password: STAFF_PASSWORD }),
      headers: { "x-forwarded-for": "203.0.113.200" },
    });
    expect(blocked.status).toBe(429);
  });

  it("ends an expired session, and signing out everywhere ends every session", async () => {
    const a = await signIn(send, "maker@studio.test", STAFF_PASSWORD, "198.51.100.20");
    const b = await signIn(send, "maker@studio.test", STAFF_PASSWORD, "198.51.100.21");
    expect((await send("/studio", { headers: { cookie: a.cookie } })).status).toBe(200);

    await t.deps.database.db.execute(sql`update staff_sessions set expires_at = now() - interval '1 second'
      where staff_id = (select id from staff_accounts where email = 'maker@studio.test')
      and id = (select id from staff_sessions order by created_at asc limit 1)`);
    const out = await post("/studio/logout", b.cookie, { csrf: b.csrf, everywhere: "1" });
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe("/studio/login?signedOut=1");
    for (const s of [a, b]) {
      const res = await send("/studio", { headers: { cookie: s.cookie } });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toMatch(/^\/studio\/login/);
    }
    const left = await t.deps.database.db
      .select()
      .from(staffSessions)
      .where(sql`staff_id = (select id from staff_accounts where email = 'maker@studio.test')`);
    expect(left).toHaveLength(0);
  });

  it("lets a session lapse after its idle time", async () => {
    const s = await signIn(send, "owner@studio.test", STAFF_PASSWORD, "198.51.100.30");
    await t.deps.database.db.execute(sql`update staff_sessions set expires_at = now() - interval '1 minute'`);
    const res = await send("/studio/orders", { headers: { cookie: s.cookie } });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/studio/login?next=%2Fstudio%2Forders");
  });

  it("refuses a change without the session's CSRF token or from another site", async () => {
    const s = await signIn(send, "owner@studio.test", STAFF_PASSWORD, "198.51.100.40");
    const order = await paidOrder(t.deps);
    const path = `/studio/orders/${order.id}?intent=status`;
    const step = { step: "in_production", carrier: "", trackingNumber: "" };
    expect((await post(path, s.cookie, step)).status).toBe(403);
    expect((await post(path, s.cookie, { ...step, csrf: "forged" })).status).toBe(403);
    expect((await post(path, s.cookie, { ...step, csrf: s.csrf }, { origin: "https://evil.example" })).status).toBe(
      403,
    );
    const [still] = await t.deps.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(still!.status).toBe("paid");
    expect((await post(path, s.cookie, { ...step, csrf: s.csrf }, { origin: "http://localhost" })).status).toBe(200);
  });

  it("marks an order shipped with its tracking number, which the buyer's mail carries", async () => {
    const s = await signIn(send, "maker@studio.test", STAFF_PASSWORD, "198.51.100.50");
    const order = await paidOrder(t.deps, { email: "shipped@example.com" });
    // Sent by a carrier (an order the studio delivers itself needs no tracking number).
    await t.deps.database.db
      .update(orders)
      .set({ shipping: carrierShipping("25.00") })
      .where(eq(orders.id, order.id));
    const path = `/studio/orders/${order.id}?intent=status`;
    const missing = await post(path, s.cookie, { csrf: s.csrf, step: "shipped", carrier: "UPS", trackingNumber: "" });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("Enter the tracking number");

    // Paid to shipped skips two steps: confirmed (the question itself: tests/api/studio-order-steps.test.ts).
    const ok = await post(path, s.cookie, {
      csrf: s.csrf,
      step: "shipped",
      carrier: "UPS",
      trackingNumber: "1Z999AA10123456784",
      confirm: "1",
    });
    expect(ok.status).toBe(200);
    const [row] = await t.deps.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: "shipped", carrier: "UPS", trackingNumber: "1Z999AA10123456784" });
    // Read from what the transport was given: a sent mail's row keeps no text.
    const mail = (await t.sentMails()).filter((m) => m.to === "shipped@example.com");
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toContain("Your order has shipped");
    expect(mail[0]!.text).toContain("1Z999AA10123456784");
    const trail = await t.deps.database.db.select().from(auditLog).where(eq(auditLog.entityId, order.orderRef));
    expect(trail[0]).toMatchObject({ staffEmail: "maker@studio.test", action: "order.status" });
    expect(trail[0]!.before).toMatchObject({ status: "paid" });
    expect(trail[0]!.after).toMatchObject({ status: "shipped" });
  });

  it("refunds part of an order through the gateway and records its answer; only an owner may", async () => {
    const owner = await signIn(send, "owner@studio.test", STAFF_PASSWORD, "198.51.100.60");
    const maker = await signIn(send, "maker@studio.test", STAFF_PASSWORD, "198.51.100.61");
    const order = await paidOrder(t.deps, { total: 300 });
    const path = `/studio/orders/${order.id}?intent=refund`;

    expect((await post(path, maker.cookie, { csrf: maker.csrf, kind: "refund", amount: "10.00" })).status).toBe(403);

    const part = await post(path, owner.cookie, { csrf: owner.csrf, kind: "refund", amount: "120.50", confirm: "1" });
    expect(part.status).toBe(200);
    const tooMuch = await post(path, owner.cookie, { csrf: owner.csrf, kind: "refund", amount: "200.00" });
    expect(tooMuch.status).toBe(400);
    expect(await tooMuch.text()).toContain("At most $179.50 can be refunded");
    const bad = await post(path, owner.cookie, { csrf: owner.csrf, kind: "refund", amount: "ten" });
    expect(bad.status).toBe(400);

    const [row] = await t.deps.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.refundedTotal).toBe(120.5);
    const refunds = await t.deps.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ kind: "refund", amount: 120.5, respstat: "A" });
    expect(refunds[0]!.retref).toBeTruthy();
  });

  it("never gives back more than was paid when two refunds race", async () => {
    const owner = await signIn(send, "owner@studio.test", STAFF_PASSWORD, "198.51.100.62");
    const order = await paidOrder(t.deps, { total: 100 });
    const path = `/studio/orders/${order.id}?intent=refund`;
    const answers = await Promise.all(
      [0, 1, 2].map(() =>
        post(path, owner.cookie, { csrf: owner.csrf, kind: "refund", amount: "60.00", confirm: "1" }),
      ),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    const [row] = await t.deps.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.refundedTotal).toBe(60);
  });

  it("gives back once when the question's Confirm is pressed twice, and answers a repeat as the first", async () => {
    const owner = await signIn(send, "owner@studio.test", STAFF_PASSWORD, "198.51.100.63");
    const order = await paidOrder(t.deps, { total: 100 });
    const path = `/studio/orders/${order.id}?intent=refund`;
    const asked = await post(path, owner.cookie, { csrf: owner.csrf, kind: "refund", amount: "30.00" });
    const key = /name="key" value="([^"]+)"/.exec(await asked.text())?.[1];
    expect(key).toBeTruthy();
    const confirm = () =>
      post(path, owner.cookie, { csrf: owner.csrf, kind: "refund", amount: "30.00", confirm: "1", key: key! });
    // Two presses at once: one gives back; the other waits for it and is told so, or gets its answer.
    const both = await Promise.all([confirm(), confirm()]);
    expect(both.some((r) => r.status === 200)).toBe(true);
    for (const r of both) expect([200, 400]).toContain(r.status);
    const again = await confirm();
    expect(again.status).toBe(200);
    expect(await again.text()).toContain("Refunded $30");
    const refunds = await t.deps.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
    expect(refunds.map((r) => [r.amount, r.respstat])).toEqual([[30, "A"]]);
    // A new question is a new key: a second refund is given as asked.
    const next = await post(path, owner.cookie, { csrf: owner.csrf, kind: "refund", amount: "10.00" });
    const nextKey = /name="key" value="([^"]+)"/.exec(await next.text())?.[1];
    expect(nextKey).not.toBe(key);
    const second = await post(path, owner.cookie, {
      csrf: owner.csrf,
      kind: "refund",
      amount: "10.00",
      confirm: "1",
      key: nextKey!,
    });
    expect(second.status).toBe(200);
    const after = await t.deps.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
    expect(after.filter((r) => r.respstat === "A").map((r) => r.amount)).toEqual([30, 10]);
  });

  it("prints a packing slip without prices, and exports orders as CSV with formulas defused", async () => {
    const s = await signIn(send, "maker@studio.test", STAFF_PASSWORD, "198.51.100.70");
    const order = await paidOrder(t.deps, { total: 455, email: "=cmd@example.com" });
    const slip = await send(`/studio/orders/${order.id}/slip`, { headers: { cookie: s.cookie } });
    const html = await slip.text();
    expect(slip.status).toBe(200);
    expect(html).toContain(order.orderRef);
    expect(html).toContain("Walnut bench");
    expect(html).toContain("12 Mill Road");
    expect(html).not.toContain("$455");

    const csv = await send("/studio/orders.csv", { headers: { cookie: s.cookie } });
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(csv.headers.get("content-disposition")).toMatch(/attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"/);
    const text = await csv.text();
    expect(text.split("\r\n")[0]).toBe(
      "order,date,status,name,email,phone,city,region,country,subtotal,shipping,tax,tax_refunded,total,refunded,paid,due,carrier,tracking," +
        "piece,kind,to_build,size,edge,base,top_finish,quantity,each,line_total,built_to_order,ship_from,ship_to",
    );
    const line = text.split("\r\n").find((l) => l.includes(order.orderRef))!;
    expect(line).toContain(`"'=cmd@example.com"`);
    // Subtotal, shipping, sales tax (none), tax given back, total, refunded, paid and due.
    expect(line).toContain(`"455.00","0.00","0.00","0.00","455.00","0.00","455.00","0.00"`);
  });

  it("exports an order's sales tax and what of it a refund gave back, and its due, in the CSV", async () => {
    const owner = await signIn(send, "owner@studio.test", STAFF_PASSWORD, "198.51.100.71");
    // $500 of goods delivered to Pennsylvania, with its 6 % tax, paid in full at the checkout.
    const order = await paidOrder(t.deps, { total: 530, email: "taxed@example.com" });
    await t.deps.database.db
      .update(orders)
      .set({ subtotal: 500, tax: 30, taxRule: { state: "PA", rate: 6, delivery: true } })
      .where(eq(orders.id, order.id));
    await t.deps.database.db.update(orderPayments).set({ tax: 30 }).where(eq(orderPayments.orderId, order.id));
    const path = `/studio/orders/${order.id}?intent=refund`;
    const half = await post(path, owner.cookie, { csrf: owner.csrf, kind: "refund", amount: "265.00", confirm: "1" });
    expect(half.status).toBe(200);
    const [refund] = await t.deps.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
    expect(refund).toMatchObject({ amount: 265, tax: 15, respstat: "A" });

    const text = await (await send("/studio/orders.csv", { headers: { cookie: owner.cookie } })).text();
    const columns = text.split("\r\n")[0]!.split(",");
    const cells = text
      .split("\r\n")
      .find((l) => l.startsWith(`"${order.orderRef}"`))!
      .split(",")
      .map((c) => c.replace(/"/g, ""));
    const cell = (name: string) => cells[columns.indexOf(name)];
    expect(["subtotal", "tax", "tax_refunded", "total", "refunded", "paid", "due"].map(cell)).toEqual([
      "500.00",
      "30.00",
      "15.00",
      "530.00",
      "265.00",
      "530.00",
      "0.00",
    ]);
  });

  it("shows an enquiry's photos to staff and mails a reply to the visitor", async () => {
    const s = await signIn(send, "maker@studio.test", STAFF_PASSWORD, "198.51.100.80");
    const [enquiry] = await t.deps.database.db
      .insert(enquiries)
      .values({
        kind: "contact",
        fields: { firstName: "Grace", lastName: "Hopper", email: "grace@example.com", details: "A cherry desk?" },
      })
      .returning();
    const page = await send(`/studio/enquiries/${enquiry!.id}`, { headers: { cookie: s.cookie } });
    expect(await page.text()).toContain("A cherry desk?");

    const empty = await post(`/studio/enquiries/${enquiry!.id}?intent=reply`, s.cookie, {
      csrf: s.csrf,
      subject: "Your desk",
      text: "",
    });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Write the reply first.");

    const sent = await post(`/studio/enquiries/${enquiry!.id}?intent=reply`, s.cookie, {
      csrf: s.csrf,
      subject: "Your desk",
      text: "Dear Grace,\n\nYes: cherry it can be.",
    });
    expect(sent.status).toBe(200);
    const [mail] = (await t.sentMails()).filter((m) => m.to === "grace@example.com");
    expect(mail).toMatchObject({ kind: "enquiry-reply", subject: "Your desk" });
    expect(mail!.replyTo).toBeTruthy();
    expect(mail!.text).toContain("cherry it can be");
    const [after] = await t.deps.database.db.select().from(enquiries).where(eq(enquiries.id, enquiry!.id));
    expect(after!.status).toBe("replied");
    expect(after!.notes).toHaveLength(1);
  });

  it("shows the photos a visitor sent with an enquiry, to staff only", async () => {
    const s = await signIn(send, "maker@studio.test", STAFF_PASSWORD, "198.51.100.85");
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#8a5a36" } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    const fields = {
      firstName: "Ada",
      lastName: "Byron",
      email: "ada@example.com",
      phone: "717 555 0100",
      contactMethod: "Email",
      enquiryType: "General Inquiry",
      details: "Could this slab become a desk?",
      honeyPot: "",
    };
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append("images", new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), "desk.jpg");
    const sent = await send("/api/Website/contact", {
      method: "POST",
      body: form,
      headers: { "x-forwarded-for": "203.0.113.77" },
    });
    expect(sent.status).toBeLessThan(300);
    const [row] = await t.deps.database.db.select().from(enquiries).orderBy(sql`id desc`).limit(1);
    const page = await (await send(`/studio/enquiries/${row!.id}`, { headers: { cookie: s.cookie } })).text();
    expect(page).toContain(`/studio/enquiries/${row!.id}/photos/1`);
    const photo = await send(`/studio/enquiries/${row!.id}/photos/1`, { headers: { cookie: s.cookie } });
    expect(photo.status).toBe(200);
    expect(photo.headers.get("content-type")).toBe("image/jpeg");
    expect(Buffer.from(await photo.arrayBuffer()).equals(jpeg)).toBe(true);
    const anonymous = await send(`/studio/enquiries/${row!.id}/photos/1`);
    expect(anonymous.status).toBe(302);
  });

  it("asks for a code when an owner requires two-step sign-in: set up at the next sign-in, then asked every time", async () => {
    const member = await staffMember(t.deps, "two-step@studio.test");
    const owner = await signIn(send, "owner@studio.test", STAFF_PASSWORD, "198.51.100.95");
    const required = await post("/studio/staff?intent=update", owner.cookie, {
      csrf: owner.csrf,
      id: String(member.id),
      role: "staff",
      totpRequired: "1",
    });
    expect(required.status).toBe(200);

    const signInOnce = async (client: string) => {
      const res = await send("/studio/login", {
        method: "POST",
        body: formBody({ email: "two-step@studio.test", password: STAFF_PASSWORD }),
        headers: { "x-forwarded-for": client },
      });
      expect(res.headers.get("location")).toBe("/studio/login/code");
      const cookie = sessionCookieOf(res)!;
      // Half signed in: nothing but the code's page opens.
      const blocked = await send("/studio/orders", { headers: { cookie } });
      expect(blocked.headers.get("location")).toBe("/studio/login/code");
      const page = await (await send("/studio/login/code", { headers: { cookie } })).text();
      return { cookie, page, csrf: csrfOf(page) };
    };

    const first = await signInOnce("198.51.100.96");
    const secret = /name="newSecret" value="([A-Z2-7]+)"/.exec(first.page)![1]!;
    const wrong = await post("/studio/login/code", first.cookie, {
      csrf: first.csrf,
      newSecret: secret,
      code: "000000",
    });
    expect(wrong.status).toBe(401);
    const used = totpCode(secret, Date.now());
    const right = await post("/studio/login/code", first.cookie, {
      csrf: first.csrf,
      newSecret: secret,
      code: used,
    });
    expect(right.headers.get("location")).toBe("/studio");
    // The session is renewed past the code: the half-open token no longer opens anything.
    const full = sessionCookieOf(right)!;
    expect(full).not.toBe(first.cookie);
    expect((await send("/studio/orders", { headers: { cookie: full } })).status).toBe(200);
    expect((await send("/studio/orders", { headers: { cookie: first.cookie } })).status).toBe(302);

    // Next time the code is asked for, from the secret now kept; a secret sent along is ignored.
    const again = await signInOnce("198.51.100.97");
    expect(again.page).not.toContain('name="newSecret"');
    const forged = await post("/studio/login/code", again.cookie, {
      csrf: again.csrf,
      newSecret: "JBSWY3DPEHPK3PXP",
      code: totpCode("JBSWY3DPEHPK3PXP", Date.now()),
    });
    expect(forged.status).toBe(401);
    // The code already used is not taken again; the next one is.
    const replayed = await post("/studio/login/code", again.cookie, { csrf: again.csrf, code: used });
    expect(replayed.status).toBe(401);
    const ok = await post("/studio/login/code", again.cookie, {
      csrf: again.csrf,
      code: totpCode(secret, Date.now() + 30_000),
    });
    expect(ok.headers.get("location")).toBe("/studio");
  });

  it("keeps staff pages for owners: a staff member gets 403 on Staff", async () => {
    const s = await signIn(send, "maker@studio.test", STAFF_PASSWORD, "198.51.100.90");
    expect((await send("/studio/staff", { headers: { cookie: s.cookie } })).status).toBe(403);
    const owner = await signIn(send, "owner@studio.test", STAFF_PASSWORD, "198.51.100.91");
    const page = await send("/studio/staff", { headers: { cookie: owner.cookie } });
    expect(page.status).toBe(200);
    expect(csrfOf(await page.text())).toBe(owner.csrf);
  });
});
