import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { mailOutbox, staffAccounts, staffSessions, staffTokens } from "../../server/db/schema.ts";
import { FORGOT_ANSWER, FORGOT_LIMITS, requestPasswordReset } from "../../server/staff/people.ts";
import { newTotpSecret } from "../../server/staff/totp.ts";
import {
  devSiteForFile,
  formBody,
  pageSender,
  type Send,
  STAFF_PASSWORD,
  sessionCookieOf,
  signIn,
  staffMember,
} from "../support/studio.ts";
import { createTestApp, dbKinds, type TestApp } from "../support/test-app.ts";

// "Forgot password" on the sign-in page (docs/product.md, "People"): the same answer whether or
// not the address has an account, limited per client and per address; the mailed link works
// once, for an hour, ends every session of the account and signs this browser in.

const siteBuild = devSiteForFile();
const NEW_PASSWORD = "maple-and-copper-2027";

describe.each(dbKinds)("forgot password on %s", (kind) => {
  let t: TestApp;
  let send: Send;
  let clientN = 0;
  const client = () => `203.0.113.${++clientN}`;
  const forgot = (email: string, from = client()) =>
    send("/studio/login/forgot", {
      method: "POST",
      body: formBody({ email }),
      headers: { "x-forwarded-for": from },
    });
  const open = (path: string, fields: Record<string, string>) =>
    send(path, { method: "POST", body: formBody(fields), headers: { "x-forwarded-for": client() } });
  const mailCount = async (to: string) =>
    (await t.deps.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).length;
  /** The link of the last reset mail sent to `to`: its token is minted as the mail is sent. */
  async function resetPath(to: string) {
    const mail = (await t.sentMails()).filter((m) => m.to === to).at(-1);
    const path = /\/studio\/login\/reset\?token=[A-Za-z0-9_-]{43}/.exec(mail?.text ?? "")?.[0];
    if (!path) throw new Error(`No reset link mailed to ${to}`);
    return path;
  }
  /** A page's body without what differs on every answer (the scripts' nonce). */
  const stable = (html: string) => html.replace(/nonce="[^"]*"/g, "");

  beforeAll(async () => {
    t = await createTestApp(kind, {
      env: { TRUST_PROXY: "1", SIGN_IN_ACCOUNT_LIMIT: "3/900", SIGN_IN_CLIENT_LIMIT: "100/900" },
    });
    send = pageSender(t, siteBuild());
    await staffMember(t.deps, "owner@studio.test", "owner");
    await staffMember(t.deps, "maker@studio.test", "staff");
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it("is linked under the sign-in form and asks for an Email", async () => {
    const login = await (await send("/studio/login")).text();
    expect(login).toMatch(/<a[^>]*href="\/studio\/login\/forgot"[^>]*>Forgot your password\?<\/a>/);
    const page = await send("/studio/login/forgot");
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<label[^>]*for="studio-email"[^>]*>Email/);
  });

  it("answers the same for an address with an account and one without, and mails only the first", async () => {
    const known = await forgot("owner@studio.test");
    const unknown = await forgot("nobody@studio.test");
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    const [a, b] = [stable(await known.text()), stable(await unknown.text())];
    expect(a).toContain(FORGOT_ANSWER);
    expect(b).toBe(a);
    expect(known.headers.get("set-cookie")).toBeNull();
    expect(unknown.headers.get("set-cookie")).toBeNull();
    expect(await mailCount("owner@studio.test")).toBe(1);
    expect(await mailCount("nobody@studio.test")).toBe(0);
    // Nothing is kept for the address without an account.
    const orphans = await t.deps.database.db.select().from(staffTokens).where(eq(staffTokens.staffId, 0));
    expect(orphans).toHaveLength(0);
  });

  it("does the same work for an unknown address: the same limits, lookup and transaction, rolled back", async () => {
    const deps = { db: t.deps.database.db, config: t.deps.config, limits: t.deps.limits };
    const transaction = vi.spyOn(t.deps.database.db, "transaction");
    const hit = vi.spyOn(t.deps.limits, "hit");
    try {
      for (let i = 0; i < 4; i++) {
        for (const email of ["maker@studio.test", "no-one@studio.test"]) {
          await t.deps.limits.clear(`forgot-address:${email}`);
          transaction.mockClear();
          hit.mockClear();
          expect(await requestPasswordReset(deps, { email, client: `same-work-${i}` })).toEqual({ ok: true });
          // No timing is asserted (a shared machine makes that flaky): the same calls are.
          expect(transaction).toHaveBeenCalledTimes(1);
          expect(hit).toHaveBeenCalledTimes(2);
        }
      }
    } finally {
      transaction.mockRestore();
      hit.mockRestore();
    }
    expect(await mailCount("no-one@studio.test")).toBe(0);
  });

  it("limits requests per address and per client with 429 and Retry-After, the same for unknown addresses", async () => {
    for (const email of ["limited@studio.test", "maker@studio.test"]) {
      await t.deps.limits.clear(`forgot-address:${email}`);
      for (let i = 0; i < FORGOT_LIMITS.address.max; i++) expect((await forgot(email)).status).toBe(200);
      const over = await forgot(email);
      expect(over.status).toBe(429);
      expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await over.text()).toContain("Too many requests");
    }
    const from = "192.0.2.200";
    for (let i = 0; i < FORGOT_LIMITS.client.max; i++)
      expect((await forgot(`x${i}@studio.test`, from)).status).toBe(200);
    const over = await forgot("y@studio.test", from);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("sets a new password from the link, ends every session, signs this browser in, and works once", async () => {
    const phone = await signIn(send, "owner@studio.test", STAFF_PASSWORD, client());
    const laptop = await signIn(send, "owner@studio.test", STAFF_PASSWORD, client());
    await t.deps.limits.clear("forgot-address:owner@studio.test");
    expect((await forgot("owner@studio.test")).status).toBe(200);
    const path = await resetPath("owner@studio.test");

    const page = await send(path);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("owner@studio.test");
    const differ = await open(path, { password: NEW_PASSWORD, again: "something-else-entirely" });
    expect(differ.status).toBe(400);
    expect(await differ.text()).toContain("The two passwords differ.");

    const done = await open(path, { password: NEW_PASSWORD, again: NEW_PASSWORD });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/studio");
    expect(done.headers.get("set-cookie")).toContain("studio_device=");
    const cookie = sessionCookieOf(done)!;
    expect((await send("/studio/account", { headers: { cookie } })).status).toBe(200);
    // The owner's other sessions ended.
    for (const old of [phone, laptop])
      expect((await send("/studio/account", { headers: { cookie: old.cookie } })).status).toBe(302);

    // The person hears of it, as of every change of their password.
    const [told] = await t.deps.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, "owner@studio.test"))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    expect(told!.subject).toContain("Your password was changed");

    // The link is used.
    expect((await send(path)).status).toBe(404);
    expect((await open(path, { password: "another-new-one-99", again: "another-new-one-99" })).status).toBe(404);
    const [used] = await t.deps.database.db
      .select()
      .from(staffTokens)
      .where(sql`kind = 'reset' and used_at is not null`);
    expect(used).toBeTruthy();

    // The new password signs in; the old one does not.
    const wrong = await open("/studio/login", { email: "owner@studio.test", password: STAFF_PASSWORD });
    expect(wrong.status).toBe(401);
    await signIn(send, "owner@studio.test", NEW_PASSWORD, client());
  });

  it("is not stopped by a lockout from wrong passwords", async () => {
    for (let i = 0; i < 4; i++)
      await open("/studio/login", { email: "maker@studio.test", password: "guessing-wrong-1" });
    await t.deps.limits.clear("forgot-address:maker@studio.test");
    expect((await forgot("maker@studio.test")).status).toBe(200);
    const done = await open(await resetPath("maker@studio.test"), { password: NEW_PASSWORD, again: NEW_PASSWORD });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/studio");
    expect((await send("/studio/account", { headers: { cookie: sessionCookieOf(done)! } })).status).toBe(200);
  });

  it("still asks for the second step after a reset, when the account has one", async () => {
    await staffMember(t.deps, "two@studio.test", "owner");
    await t.deps.database.db
      .update(staffAccounts)
      .set({ totpSecret: newTotpSecret() })
      .where(eq(staffAccounts.email, "two@studio.test"));
    expect((await forgot("two@studio.test")).status).toBe(200);
    const done = await open(await resetPath("two@studio.test"), { password: NEW_PASSWORD, again: NEW_PASSWORD });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/studio/login/code");
    // Not yet a complete sign-in: the device is remembered once the code is given.
    expect(done.headers.get("set-cookie")).not.toContain("studio_device=");
    const cookie = sessionCookieOf(done)!;
    const back = await send("/studio/account", { headers: { cookie } });
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toBe("/studio/login/code");
  });

  it("refuses an expired link, and sends nothing for a disabled account", async () => {
    await staffMember(t.deps, "late@studio.test", "staff");
    expect((await forgot("late@studio.test")).status).toBe(200);
    const path = await resetPath("late@studio.test");
    await t.deps.database.db
      .update(staffTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(sql`used_at is null`);
    expect((await send(path)).status).toBe(404);
    expect((await open(path, { password: NEW_PASSWORD, again: NEW_PASSWORD })).status).toBe(404);

    // Links over a month ago are forgotten when the next one is made.
    await t.deps.database.db
      .update(staffTokens)
      .set({ expiresAt: sql`now() - interval '31 days'` })
      .where(sql`used_at is null`);
    await t.deps.limits.clear("forgot-address:late@studio.test");
    expect((await forgot("late@studio.test")).status).toBe(200);
    const left = await t.deps.database.db.select().from(staffTokens).where(sql`expires_at < now()`);
    expect(left).toEqual([]);

    await staffMember(t.deps, "off@studio.test", "staff");
    await t.deps.database.db
      .update(staffAccounts)
      .set({ disabled: true })
      .where(eq(staffAccounts.email, "off@studio.test"));
    expect((await forgot("off@studio.test")).status).toBe(200);
    expect(await mailCount("off@studio.test")).toBe(0);
    const sessions = await t.deps.database.db.select().from(staffSessions);
    expect(sessions.length).toBeGreaterThan(0);
  });
});
