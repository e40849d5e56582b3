/**
 * A stranger cannot turn the sign-in against the studio (docs/product.md, "The back office"):
 * each attack a red team ran against the back office, as the requests it sent.
 *
 * - Wrong passwords for the owner's address from anywhere slow down the guesser's address and
 *   the account's unknown devices, never a device the owner signed in on before.
 * - The second step keeps its own count, which a right password does not reset: signing in
 *   again every few codes buys no more guesses.
 * - A TOTP code is accepted once; the session is renewed after each step.
 * - Changing or removing the second step, or the password, needs the current password and a
 *   current code; guesses of them are counted; each change mails the person.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, staffAccounts, staffSessions } from "../../server/db/schema.ts";
import { setTotpSecret } from "../../server/staff/accounts.ts";
import { newTotpSecret, totpCode } from "../../server/staff/totp.ts";
import {
  csrfOf,
  devSiteForFile,
  formBody,
  pageSender,
  type Send,
  STAFF_PASSWORD,
  sessionCookieOf,
  staffMember,
} from "../support/studio.ts";
import { createTestApp, type DbKind, dbKinds, type TestApp } from "../support/test-app.ts";

const siteBuild = devSiteForFile();

/** The device cookie a response sets ("name=value"), or null. */
function deviceCookieOf(res: Response): string | null {
  const m = /studio_device=([^;,]+)/.exec(res.headers.get("set-cookie") ?? "");
  return m?.[1] ? `studio_device=${m[1]}` : null;
}

const cookies = (...c: (string | null | undefined)[]) => c.filter(Boolean).join("; ");

describe.each(dbKinds)("the sign-in under attack on %s", (kind: DbKind) => {
  let t: TestApp;
  let send: Send;
  const db = () => t.deps.database.db;

  const login = (email: string, password: string, client: string, cookie = "") =>
    send("/studio/login", {
      method: "POST",
      body: formBody({ email, password, next: "/studio" }),
      headers: { "x-forwarded-for": client, ...(cookie ? { cookie } : {}) },
    });

  const giveCode = async (session: string, code: string, client: string, device = "") => {
    const page = await send("/studio/login/code", { headers: { cookie: cookies(session, device) } });
    return send("/studio/login/code", {
      method: "POST",
      body: formBody({ csrf: csrfOf(await page.text()), code }),
      headers: { cookie: cookies(session, device), "x-forwarded-for": client },
    });
  };

  /** An account with a second step, and its secret. */
  async function twoStepAccount(email: string) {
    const account = await staffMember(t.deps, email, "owner");
    const secret = newTotpSecret();
    await setTotpSecret(db(), account.id, secret);
    return { account, secret };
  }

  beforeAll(async () => {
    // The shop's own limits: 5 wrong per account in 15 minutes, 20 per client address.
    t = await createTestApp(kind, { env: { TRUST_PROXY: "1" } });
    send = pageSender(t, siteBuild());
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it("lets the owner in from a device used before while strangers' wrong passwords lock the account's unknown devices", async () => {
    await staffMember(t.deps, "owner@attack.test", "owner");
    const first = await login("owner@attack.test", STAFF_PASSWORD, "198.51.100.10");
    expect(first.status).toBe(302);
    const device = deviceCookieOf(first);
    expect(device).not.toBeNull();
    expect(first.headers.get("set-cookie")).toMatch(/studio_device=[^;]+; Path=\/studio; HttpOnly; SameSite=Lax/);

    // Five wrong passwords, from five addresses: the account's unknown devices are locked.
    for (let i = 0; i < 5; i++)
      expect((await login("owner@attack.test", `guess-${i}-guess-guess`, `203.0.113.${i + 1}`)).status).toBe(401);
    const stranger = await login("owner@attack.test", STAFF_PASSWORD, "203.0.113.50");
    expect(stranger.status).toBe(429);
    expect(Number(stranger.headers.get("retry-after"))).toBeGreaterThan(0);
    // A forged device cookie is no device at all.
    const forged = device!.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    expect((await login("owner@attack.test", STAFF_PASSWORD, "203.0.113.51", forged)).status).toBe(429);

    // The owner's own laptop, from the office's address, signs in with the right password.
    const owner = await login("owner@attack.test", STAFF_PASSWORD, "198.51.100.10", device!);
    expect(owner.status).toBe(302);
    expect(owner.headers.get("location")).toBe("/studio");
    expect((await send("/studio", { headers: { cookie: sessionCookieOf(owner)! } })).status).toBe(200);
  });

  it("gives a known device a count of its own: a stolen laptop cannot guess for ever", async () => {
    await staffMember(t.deps, "laptop@attack.test", "owner");
    const device = deviceCookieOf(await login("laptop@attack.test", STAFF_PASSWORD, "198.51.100.11"))!;
    for (let i = 0; i < 5; i++)
      expect((await login("laptop@attack.test", `guess-${i}-guess-guess`, `203.0.113.${60 + i}`, device)).status).toBe(
        401,
      );
    expect((await login("laptop@attack.test", STAFF_PASSWORD, "203.0.113.70", device)).status).toBe(429);
  });

  it("slows down the guesser's own address, whatever accounts it tries", async () => {
    for (let i = 0; i < 20; i++) await login(`nobody${i}@attack.test`, "whatever-it-is", "203.0.113.100");
    await staffMember(t.deps, "busy@attack.test", "owner");
    expect((await login("busy@attack.test", STAFF_PASSWORD, "203.0.113.100")).status).toBe(429);
  });

  it("stops 48 wrong codes across fresh password sign-ins well before the end", async () => {
    const { secret } = await twoStepAccount("codes@attack.test");
    const answers: number[] = [];
    for (let i = 0; i < 12; i++) {
      // A right password each time, from a fresh address, then four wrong codes.
      const signedIn = await login("codes@attack.test", STAFF_PASSWORD, `192.0.2.${i + 1}`);
      const session = sessionCookieOf(signedIn);
      if (!session) {
        answers.push(signedIn.status);
        continue;
      }
      for (let j = 0; j < 4; j++) {
        const wrong = String((Number(totpCode(secret, Date.now())) + 500_000 + i * 4 + j) % 1_000_000).padStart(6, "0");
        answers.push((await giveCode(session, wrong, `192.0.2.${i + 1}`)).status);
      }
    }
    expect(answers.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(answers.indexOf(429)).toBeGreaterThan(-1);
    expect(answers.indexOf(429)).toBeLessThanOrEqual(5);
    expect(answers.slice(5).every((s) => s === 429)).toBe(true);
    const last = await login("codes@attack.test", STAFF_PASSWORD, "192.0.2.99");
    const stopped = await giveCode(sessionCookieOf(last)!, totpCode(secret, Date.now()), "192.0.2.99");
    expect(stopped.status).toBe(429);
    expect(Number(stopped.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("still takes the owner's code on a device used before while a stranger guesses codes", async () => {
    const { secret } = await twoStepAccount("coded-owner@attack.test");
    // The owner's laptop: a complete sign-in, password and code, leaves the device cookie.
    const pw = await login("coded-owner@attack.test", STAFF_PASSWORD, "198.51.100.12");
    const done = await giveCode(sessionCookieOf(pw)!, totpCode(secret, Date.now() - 30_000), "198.51.100.12");
    expect(done.status).toBe(302);
    const device = deviceCookieOf(done)!;
    expect(device).toBeTruthy();
    // Someone with the password guesses codes from elsewhere until stopped.
    const theirs = sessionCookieOf(await login("coded-owner@attack.test", STAFF_PASSWORD, "203.0.113.150"))!;
    for (let i = 0; i < 6; i++) await giveCode(theirs, "000000", "203.0.113.150");
    expect((await giveCode(theirs, totpCode(secret, Date.now()), "203.0.113.150")).status).toBe(429);
    // The owner, on the laptop, is let through.
    const mine = await login("coded-owner@attack.test", STAFF_PASSWORD, "198.51.100.12", device);
    expect(mine.status).toBe(302);
    const code = await giveCode(sessionCookieOf(mine)!, totpCode(secret, Date.now() + 30_000), "198.51.100.12", device);
    expect(code.status).toBe(302);
    expect(code.headers.get("location")).toBe("/studio");
  });

  it("accepts a code once", async () => {
    const { secret } = await twoStepAccount("once@attack.test");
    const code = totpCode(secret, Date.now());
    const a = sessionCookieOf(await login("once@attack.test", STAFF_PASSWORD, "198.51.100.13"))!;
    expect((await giveCode(a, code, "198.51.100.13")).status).toBe(302);
    const b = sessionCookieOf(await login("once@attack.test", STAFF_PASSWORD, "198.51.100.14"))!;
    const again = await giveCode(b, code, "198.51.100.14");
    expect(again.status).toBe(401);
    // And an earlier one (the step before) is refused too, once a later one was taken.
    expect((await giveCode(b, totpCode(secret, Date.now() - 30_000), "198.51.100.14")).status).toBe(401);
  });

  it("renews the session after the password and after the code", async () => {
    const { account, secret } = await twoStepAccount("renew@attack.test");
    // A session the browser had before (planted by someone, say) ends at sign-in.
    const before = sessionCookieOf(await login("renew@attack.test", STAFF_PASSWORD, "198.51.100.15"))!;
    const pw = await login("renew@attack.test", STAFF_PASSWORD, "198.51.100.15", before);
    const pending = sessionCookieOf(pw)!;
    expect(pending).not.toBe(before);
    expect((await send("/studio/login/code", { headers: { cookie: before } })).headers.get("location")).toBe(
      "/studio/login",
    );
    const done = await giveCode(pending, totpCode(secret, Date.now()), "198.51.100.15");
    expect(done.status).toBe(302);
    const full = sessionCookieOf(done);
    expect(full).toBeTruthy();
    expect(full).not.toBe(pending);
    // The half-open token is worth nothing now; the new one opens the back office.
    const old = await send("/studio/orders", { headers: { cookie: pending } });
    expect(old.headers.get("location")).toMatch(/^\/studio\/login/);
    expect((await send("/studio/orders", { headers: { cookie: full! } })).status).toBe(200);
    const rows = await db().select().from(staffSessions).where(eq(staffSessions.staffId, account.id));
    expect(rows).toHaveLength(1);
  });

  describe("the Account page", () => {
    const mailsTo = async (to: string) =>
      (await db().select().from(mailOutbox)).filter((m) => m.to === to && m.kind === "staff-account-change");

    /**
     * A signed-in session of an account with a second step, through both steps, with the code of
     * the step `stepsBack` before the current one (taken then, as the server sees it). The code is
     * worked out once the password step has answered: a slow password check must not carry it
     * across a 30 s boundary, out of the window the server accepts.
     */
    async function signedIn(email: string, secret: string, client: string, stepsBack = 0) {
      const pw = await login(email, STAFF_PASSWORD, client);
      const done = await giveCode(sessionCookieOf(pw)!, totpCode(secret, Date.now() - stepsBack * 30_000), client);
      const cookie = sessionCookieOf(done)!;
      const page = await send("/studio/account", { headers: { cookie } });
      return { cookie, csrf: csrfOf(await page.text()) };
    }
    const post = (s: { cookie: string; csrf: string }, intent: string, fields: Record<string, string>) =>
      send(`/studio/account?intent=${intent}`, {
        method: "POST",
        body: formBody({ csrf: s.csrf, ...fields }),
        headers: { cookie: s.cookie },
      });
    const secretOf = async (id: number) =>
      (await db().select().from(staffAccounts).where(eq(staffAccounts.id, id)))[0]!.totpSecret;

    it("does not turn off the second step without the password and a current code, and mails the change", async () => {
      const { account, secret } = await twoStepAccount("off@attack.test");
      const s = await signedIn("off@attack.test", secret, "198.51.100.20", 1);
      const bare = await post(s, "totp-off", {});
      expect(bare.status).toBe(400);
      expect(await secretOf(account.id)).toBe(secret);
      const noCode = await post(s, "totp-off", { current: STAFF_PASSWORD });
      expect(noCode.status).toBe(400);
      expect(await noCode.text()).toContain("That code from your authenticator app is not right.");
      expect(await secretOf(account.id)).toBe(secret);
      expect(await mailsTo("off@attack.test")).toHaveLength(0);

      const ok = await post(s, "totp-off", { current: STAFF_PASSWORD, currentCode: totpCode(secret, Date.now()) });
      expect(ok.status).toBe(200);
      expect(await secretOf(account.id)).toBeNull();
      const [mail] = await mailsTo("off@attack.test");
      expect(mail!.subject).toContain("Two-step sign-in is off");
      expect(mail!.text).toContain("If it was not you");
    });

    it("does not replace the second step without the password and a current code", async () => {
      const { account, secret } = await twoStepAccount("move@attack.test");
      const s = await signedIn("move@attack.test", secret, "198.51.100.21", 1);
      const mine = newTotpSecret();
      const fields = { newSecret: mine, code: totpCode(mine, Date.now()) };
      expect((await post(s, "totp-on", fields)).status).toBe(400);
      expect((await post(s, "totp-on", { ...fields, current: STAFF_PASSWORD })).status).toBe(400);
      expect(await secretOf(account.id)).toBe(secret);
      const ok = await post(s, "totp-on", {
        ...fields,
        current: STAFF_PASSWORD,
        currentCode: totpCode(secret, Date.now()),
      });
      expect(ok.status).toBe(200);
      expect(await secretOf(account.id)).toBe(mine);
      expect((await mailsTo("move@attack.test")).map((m) => m.subject)).toEqual([
        expect.stringContaining("moved to a new app"),
      ]);
    });

    it("asks for the current password to turn the second step on, and mails it", async () => {
      const account = await staffMember(t.deps, "on@attack.test", "staff");
      const pw = await login("on@attack.test", STAFF_PASSWORD, "198.51.100.22");
      const cookie = sessionCookieOf(pw)!;
      const s = { cookie, csrf: csrfOf(await (await send("/studio/account", { headers: { cookie } })).text()) };
      const mine = newTotpSecret();
      const fields = { newSecret: mine, code: totpCode(mine, Date.now()) };
      expect((await post(s, "totp-on", fields)).status).toBe(400);
      expect(await secretOf(account.id)).toBeNull();
      expect((await post(s, "totp-on", { ...fields, current: STAFF_PASSWORD })).status).toBe(200);
      expect(await secretOf(account.id)).toBe(mine);
      expect(await mailsTo("on@attack.test")).toHaveLength(1);
    });

    it("changes the password only with the current one and a code, and mails it", async () => {
      const { secret } = await twoStepAccount("pw@attack.test");
      const s = await signedIn("pw@attack.test", secret, "198.51.100.23", 1);
      const next = "a-new-and-long-password";
      expect((await post(s, "password", { current: STAFF_PASSWORD, password: next })).status).toBe(400);
      const ok = await post(s, "password", {
        current: STAFF_PASSWORD,
        currentCode: totpCode(secret, Date.now()),
        password: next,
      });
      expect(ok.status).toBe(200);
      const [mail] = await mailsTo("pw@attack.test");
      expect(mail!.subject).toContain("Your password was changed");
      expect((await login("pw@attack.test", next, "198.51.100.23")).status).toBe(302);
    });

    it("counts wrong current passwords: guessing it from a signed-in browser is stopped", async () => {
      await staffMember(t.deps, "guess@attack.test", "staff");
      const cookie = sessionCookieOf(await login("guess@attack.test", STAFF_PASSWORD, "198.51.100.24"))!;
      const s = { cookie, csrf: csrfOf(await (await send("/studio/account", { headers: { cookie } })).text()) };
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++)
        statuses.push(
          (await post(s, "password", { current: `guess-${i}-of-the-password`, password: "another-long-password" }))
            .status,
        );
      expect(statuses).toEqual([400, 400, 400, 400, 400]);
      const right = await post(s, "password", { current: STAFF_PASSWORD, password: "another-long-password" });
      expect(right.status).toBe(429);
      expect(Number(right.headers.get("retry-after"))).toBeGreaterThan(0);
    });
  });
});
