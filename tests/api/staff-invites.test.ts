import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffAccounts, staffSessions, staffTokens, studioConfig } from "../../server/db/schema.ts";
import { updateAccount } from "../../server/staff/accounts.ts";
import { inviteStaff } from "../../server/staff/people.ts";
import { totpCode } from "../../server/staff/totp.ts";
import {
  csrfOf,
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

// Inviting people to the back office (docs/product.md, "People"): the owner never types anyone's
// password; the invited person chooses it from a one-time link, then signs in.

const siteBuild = devSiteForFile();
const NEW_PASSWORD = "cherry-and-brass-2027";

describe.each(dbKinds)("invitations on %s", (kind) => {
  let t: TestApp;
  let send: Send;
  let owner: { cookie: string; csrf: string };
  let clientN = 0;
  const client = () => `198.51.100.${++clientN}`;
  const post = (path: string, cookie: string, fields: Record<string, string>) =>
    send(path, { method: "POST", body: formBody(fields), headers: { cookie, "x-forwarded-for": client() } });
  const open = (path: string, fields: Record<string, string>) =>
    send(path, { method: "POST", body: formBody(fields), headers: { "x-forwarded-for": client() } });

  /** The newest mail to `to`, and the one-time link in it. */
  async function mailTo(to: string) {
    const mail = (await t.sentMails()).filter((m) => m.to === to).at(-1);
    if (!mail) throw new Error(`No mail to ${to}`);
    const m = /(\/studio\/(?:welcome|login\/reset)\?token=([A-Za-z0-9_-]{43}))/.exec(mail.text);
    return { mail, path: m?.[1] ?? "", token: m?.[2] ?? "" };
  }

  async function invite(email: string, fields: Record<string, string> = {}) {
    const res = await post("/studio/staff?intent=invite", owner.cookie, {
      csrf: owner.csrf,
      email,
      name: "Ada Wood",
      role: "staff",
      ...fields,
    });
    expect(res.status).toBe(200);
    return mailTo(email);
  }

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { TRUST_PROXY: "1" } });
    send = pageSender(t, siteBuild());
    await staffMember(t.deps, "owner@studio.test", "owner");
    owner = await signIn(send, "owner@studio.test", STAFF_PASSWORD, client());
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it("invites by e-mail: a mail with a one-time link, only the token's hash kept, the studio's own name", async () => {
    const { mail, token } = await invite("ada@studio.test");
    const [studio] = await t.deps.database.db.select({ name: studioConfig.name }).from(studioConfig);
    expect(mail.subject).toContain(studio!.name);
    expect(mail.text).toContain(studio!.name);
    expect(mail.text).toContain("72 hours");
    expect(token).toHaveLength(43);

    const [account] = await t.deps.database.db
      .select()
      .from(staffAccounts)
      .where(eq(staffAccounts.email, "ada@studio.test"));
    expect(account!.passwordHash).toBe("");
    const tokens = await t.deps.database.db.select().from(staffTokens).where(eq(staffTokens.staffId, account!.id));
    expect(tokens).toHaveLength(1);
    expect(tokens[0]!.kind).toBe("invite");
    expect(tokens[0]!.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    const hours = (tokens[0]!.expiresAt.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72.01);
  });

  it("lists the invitation as waiting, and its account cannot sign in before a password is chosen", async () => {
    const page = await send("/studio/staff", { headers: { cookie: owner.cookie } });
    const html = await page.text();
    expect(html).toContain("Invitations waiting");
    expect(html).toMatch(/Invitations waiting[\s\S]*ada@studio\.test/);
    expect(html).not.toContain('name="password"');

    for (const password of ["", "anything-at-all-123"]) {
      const res = await open("/studio/login", { email: "ada@studio.test", password });
      expect([400, 401]).toContain(res.status);
      expect(sessionCookieOf(res)).toBeNull();
    }
  });

  it("lets the person choose a password on the welcome page, signs them in, and takes the link once", async () => {
    const { path } = await mailTo("ada@studio.test");
    const page = await send(path);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("ada@studio.test");
    expect(html).toMatch(/<label[^>]*for="studio-password"/);
    expect(page.headers.get("x-robots-tag") ?? "").toContain("noindex");

    const short = await open(path, { password: "too-short", again: "too-short" });
    expect(short.status).toBe(400);
    expect(await short.text()).toContain("at least 12 characters");
    const differ = await open(path, { password: NEW_PASSWORD, again: `${NEW_PASSWORD}x` });
    expect(differ.status).toBe(400);
    expect(await differ.text()).toContain("The two passwords differ.");

    // Opened in a browser signed in as someone else: that session ends, this one begins.
    const carried = await signIn(send, "owner@studio.test", STAFF_PASSWORD, client());
    const done = await send(path, {
      method: "POST",
      body: formBody({ password: NEW_PASSWORD, again: NEW_PASSWORD }),
      headers: { cookie: carried.cookie, "x-forwarded-for": client() },
    });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/studio");
    expect((await send("/studio/account", { headers: { cookie: carried.cookie } })).status).toBe(302);
    const cookie = sessionCookieOf(done)!;
    const account = await send("/studio/account", { headers: { cookie } });
    expect(account.status).toBe(200);
    expect(await account.text()).toContain("ada@studio.test");

    // The link is used: the page and the form both say so, and nothing changes.
    const again = await send(path);
    expect(again.status).toBe(404);
    expect(await again.text()).toContain("This link does not work");
    const replay = await open(path, { password: "someone-elses-pass-1", again: "someone-elses-pass-1" });
    expect(replay.status).toBe(404);

    // The password chosen signs in; the Staff page no longer lists the invitation.
    await signIn(send, "ada@studio.test", NEW_PASSWORD, client());
    const staff = await (await send("/studio/staff", { headers: { cookie: owner.cookie } })).text();
    expect(staff).not.toContain("Invitations waiting");
  });

  it("refuses an expired, a made-up or a replaced link", async () => {
    const first = await invite("late@studio.test");
    await t.deps.database.db
      .update(staffTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(staffTokens.tokenHash, createHash("sha256").update(first.token).digest("hex")));
    expect((await send(first.path)).status).toBe(404);
    expect((await open(first.path, { password: NEW_PASSWORD, again: NEW_PASSWORD })).status).toBe(404);
    expect((await send(`/studio/welcome?token=${"A".repeat(43)}`)).status).toBe(404);
    expect((await send("/studio/welcome")).status).toBe(404);

    // The page shows the expiry; sending again makes a new link, and only the newest works.
    const staff = await (await send("/studio/staff", { headers: { cookie: owner.cookie } })).text();
    expect(staff).toContain("Link expired");
    const [row] = await t.deps.database.db
      .select()
      .from(staffAccounts)
      .where(eq(staffAccounts.email, "late@studio.test"));
    const resent = await post("/studio/staff?intent=resend", owner.cookie, { csrf: owner.csrf, id: String(row!.id) });
    expect(resent.status).toBe(200);
    const second = await mailTo("late@studio.test");
    expect(second.token).not.toBe(first.token);
    expect((await send(second.path)).status).toBe(200);
    const third = await post("/studio/staff?intent=resend", owner.cookie, { csrf: owner.csrf, id: String(row!.id) });
    expect(third.status).toBe(200);
    expect((await send(second.path)).status).toBe(404);
  });

  it("withdraws an invitation: the account and its link are gone", async () => {
    const { path } = await invite("gone@studio.test");
    const [row] = await t.deps.database.db
      .select()
      .from(staffAccounts)
      .where(eq(staffAccounts.email, "gone@studio.test"));
    const res = await post("/studio/staff?intent=cancel", owner.cookie, { csrf: owner.csrf, id: String(row!.id) });
    expect(res.status).toBe(200);
    expect(
      await t.deps.database.db.select().from(staffAccounts).where(eq(staffAccounts.email, "gone@studio.test")),
    ).toHaveLength(0);
    expect((await send(path)).status).toBe(404);
    // An account that has a password is not an invitation: it cannot be withdrawn this way.
    const [ada] = await t.deps.database.db
      .select()
      .from(staffAccounts)
      .where(eq(staffAccounts.email, "ada@studio.test"));
    const refused = await post("/studio/staff?intent=cancel", owner.cookie, { csrf: owner.csrf, id: String(ada!.id) });
    expect(refused.status).toBe(404);
  });

  it("asks for the second step when the owner requires it, and keeps the link for a wrong code", async () => {
    const { path } = await invite("two@studio.test", { totpRequired: "1", role: "owner" });
    const html = await (await send(path)).text();
    const secret = /name="newSecret" value="([A-Z2-7]+)"/.exec(html)?.[1];
    expect(secret).toBeTruthy();
    const none = await open(path, { password: NEW_PASSWORD, again: NEW_PASSWORD, newSecret: secret! });
    expect(none.status).toBe(400);
    expect(await none.text()).toContain("needs two-step sign-in");
    const wrong = await open(path, { password: NEW_PASSWORD, again: NEW_PASSWORD, newSecret: secret!, code: "000000" });
    expect(wrong.status).toBe(400);
    // The same key is shown again, so the app it was added to still fits.
    expect(await wrong.text()).toContain(secret!);
    const code = totpCode(secret!, Date.now());
    const right = await open(path, { password: NEW_PASSWORD, again: NEW_PASSWORD, newSecret: secret!, code });
    expect(right.status).toBe(302);
    // A complete sign-in: this device is remembered, as after a code at the sign-in.
    expect(right.headers.get("set-cookie")).toContain("studio_device=");

    // The code that proved the app is taken: it does not pass the sign-in's code step again.
    const login = await open("/studio/login", { email: "two@studio.test", password: NEW_PASSWORD });
    expect(login.headers.get("location")).toBe("/studio/login/code");
    const half = sessionCookieOf(login)!;
    const codePage = await send("/studio/login/code", { headers: { cookie: half } });
    const replay = await post("/studio/login/code", half, { csrf: csrfOf(await codePage.text()), code });
    expect(replay.status).toBe(401);
    const [row] = await t.deps.database.db
      .select()
      .from(staffAccounts)
      .where(eq(staffAccounts.email, "two@studio.test"));
    expect(row!.totpSecret).toBe(secret);
    expect(row!.role).toBe("owner");
  });

  it("sets up the second step when the person chooses it, and not when they leave the code empty", async () => {
    const { path } = await invite("opt@studio.test");
    const secret = /name="newSecret" value="([A-Z2-7]+)"/.exec(await (await send(path)).text())![1]!;
    const done = await open(path, {
      password: NEW_PASSWORD,
      again: NEW_PASSWORD,
      newSecret: secret,
      code: totpCode(secret, Date.now()),
    });
    expect(done.status).toBe(302);
    const skipped = await invite("skip@studio.test");
    expect((await open(skipped.path, { password: NEW_PASSWORD, again: NEW_PASSWORD, newSecret: secret })).status).toBe(
      302,
    );
    const rows = await t.deps.database.db
      .select({ email: staffAccounts.email, totpSecret: staffAccounts.totpSecret })
      .from(staffAccounts)
      .where(sql`email in ('opt@studio.test', 'skip@studio.test')`)
      .orderBy(staffAccounts.email);
    expect(rows).toEqual([
      { email: "opt@studio.test", totpSecret: secret },
      { email: "skip@studio.test", totpSecret: null },
    ]);
  });

  it("no longer takes a password typed by the owner, and refuses an address already in use", async () => {
    const add = await post("/studio/staff?intent=add", owner.cookie, {
      csrf: owner.csrf,
      email: "typed@studio.test",
      password: "owner-typed-password-1",
      role: "staff",
    });
    expect(add.status).toBeGreaterThanOrEqual(400);
    expect(add.status).toBeLessThan(500);
    expect(
      await t.deps.database.db.select().from(staffAccounts).where(eq(staffAccounts.email, "typed@studio.test")),
    ).toHaveLength(0);

    const taken = await post("/studio/staff?intent=invite", owner.cookie, {
      csrf: owner.csrf,
      email: "Ada@Studio.test",
      name: "Someone Else",
      role: "staff",
    });
    expect(taken.status).toBe(400);
    const html = await taken.text();
    expect(html).toContain("There is already an account for ada@studio.test.");
    // What was typed stays in the form.
    expect(html).toContain('value="Someone Else"');
  });

  it("does not count an owner's invitation not taken up as an owner who can sign in", async () => {
    const fresh = await createTestApp(kind);
    try {
      const db = fresh.deps.database.db;
      const only = await staffMember(fresh.deps, "only@studio.test", "owner");
      const invited = await inviteStaff({ db, config: fresh.deps.config }, only, {
        email: "next@studio.test",
        role: "owner",
      });
      await expect(updateAccount(db, only.id, { role: "staff" })).rejects.toThrow(
        "The shop needs at least one owner who can sign in.",
      );
      await expect(updateAccount(db, only.id, { disabled: true })).rejects.toThrow();
      // The invitation itself may be changed freely.
      expect((await updateAccount(db, invited.id, { role: "staff" })).after.role).toBe("staff");
    } finally {
      await fresh.close();
    }
  });

  it("refuses invitations to anyone who may not manage staff", async () => {
    await staffMember(t.deps, "maker@studio.test", "staff");
    const maker = await signIn(send, "maker@studio.test", STAFF_PASSWORD, client());
    const res = await post("/studio/staff?intent=invite", maker.cookie, {
      csrf: maker.csrf,
      email: "sneaky@studio.test",
      role: "owner",
    });
    expect(res.status).toBe(403);
    expect(
      await t.deps.database.db.select().from(staffAccounts).where(eq(staffAccounts.email, "sneaky@studio.test")),
    ).toHaveLength(0);
  });

  it("sends a reset link from the Staff page; using it ends every session of that person", async () => {
    const ada = await signIn(send, "ada@studio.test", NEW_PASSWORD, client());
    const [row] = await t.deps.database.db
      .select()
      .from(staffAccounts)
      .where(eq(staffAccounts.email, "ada@studio.test"));
    const staffPage = await (await send("/studio/staff", { headers: { cookie: owner.cookie } })).text();
    expect(staffPage).toContain("Send a password reset link");
    const sent = await post("/studio/staff?intent=send-reset", owner.cookie, {
      csrf: owner.csrf,
      id: String(row!.id),
    });
    expect(sent.status).toBe(200);
    const { path, mail } = await mailTo("ada@studio.test");
    expect(path).toMatch(/^\/studio\/login\/reset\?token=/);
    expect(mail.text).toContain("1 hour");
    // The owner's own page still works, and Ada is still in until the link is used.
    expect((await send("/studio/account", { headers: { cookie: ada.cookie } })).status).toBe(200);
    const done = await open(path, { password: "fresh-oak-and-pine-1", again: "fresh-oak-and-pine-1" });
    expect(done.status).toBe(302);
    const before = await send("/studio/account", { headers: { cookie: ada.cookie } });
    expect(before.status).toBe(302);
    const sessions = await t.deps.database.db.select().from(staffSessions).where(eq(staffSessions.staffId, row!.id));
    expect(sessions).toHaveLength(1);
    // Only the owner's form carries the token: the page's answer is a notice, not a link.
    expect(csrfOf(staffPage)).toBe(owner.csrf);
  });
});
