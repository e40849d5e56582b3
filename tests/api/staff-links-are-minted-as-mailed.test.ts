import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, staffAccounts, staffTokens } from "../../server/db/schema.ts";
import { mintMailedLinks } from "../../server/orders/links.ts";
import { inviteStaff, sendResetLink } from "../../server/staff/people.ts";
import { mailedStaffLink } from "../../server/staff/tokens.ts";
import { devSiteForFile, pageSender, type Send } from "../support/studio.ts";
import { createTestApp, dbKinds, type TestApp } from "../support/test-app.ts";

// A staff invitation or reset link is a way into the back office: like an order's page link, it
// is minted as its mail is sent, so a queued mail in a backup opens nothing, and a sent mail's body
// is cleared (server/staff/tokens.ts, server/orders/links.ts).

const TOKEN = /token=([A-Za-z0-9_-]{43})/;
const siteBuild = devSiteForFile();

describe.each(dbKinds)("staff links on %s", (kind) => {
  let t: TestApp;
  let send: Send;
  const owner = { id: 0, email: "owner@studio.test", name: "Owner" };

  beforeAll(async () => {
    t = await createTestApp(kind);
    send = pageSender(t, siteBuild());
  });
  afterAll(() => t.close());

  const people = () => ({ db: t.deps.database.db, config: t.deps.config });
  const queuedTo = async (to: string) =>
    (
      await t.deps.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, to))
        .orderBy(desc(mailOutbox.id))
        .limit(1)
    )[0]!;
  const tokensOf = async (staffId: number) =>
    t.deps.database.db.select().from(staffTokens).where(eq(staffTokens.staffId, staffId));

  it("queues an invitation with no token, mints it as the mail is sent, then keeps no body", async () => {
    const account = await inviteStaff(people(), owner, { email: "maker@studio.test", role: "staff" });
    const queued = await queuedTo("maker@studio.test");
    expect(queued.text).not.toMatch(TOKEN);
    expect(queued.text).toContain(`token=${mailedStaffLink("invite", account.id)}`);
    expect(await tokensOf(account.id)).toHaveLength(0);

    const sent = (await t.sentMails()).filter((m) => m.to === "maker@studio.test").at(-1)!;
    const token = TOKEN.exec(sent.text)?.[1];
    expect(token).toBeDefined();
    expect(await tokensOf(account.id)).toHaveLength(1);
    expect((await queuedTo("maker@studio.test")).text).toBe("");
    // The link works: the welcome page opens for it.
    expect((await send(`/studio/welcome?token=${token}`)).status).toBe(200);
  });

  it("ends an earlier reset link when a new one is asked, and mints only for the account's own address", async () => {
    const [row] = await t.deps.database.db
      .select()
      .from(staffAccounts)
      .where(eq(staffAccounts.email, "maker@studio.test"));
    await t.deps.database.db.update(staffAccounts).set({ passwordHash: "x" }).where(eq(staffAccounts.id, row!.id));
    await sendResetLink(people(), owner, { id: row!.id });
    const first = TOKEN.exec((await t.sentMails()).filter((m) => m.to === "maker@studio.test").at(-1)!.text)![1];
    await sendResetLink(people(), owner, { id: row!.id });
    // Asked again: the first link stops at once, before the new mail is even sent.
    expect((await send(`/studio/login/reset?token=${first}`)).status).toBe(404);
    const second = TOKEN.exec((await t.sentMails()).filter((m) => m.to === "maker@studio.test").at(-1)!.text)![1];
    expect((await send(`/studio/login/reset?token=${second}`)).status).toBe(200);

    // A mark of this account's link in a mail to someone else gets a token that opens nothing.
    const before = await tokensOf(row!.id);
    const minted = await mintMailedLinks(t.deps.database.db, "stranger@example.com", [
      `https://shop.example/studio/login/reset?token=${mailedStaffLink("reset", row!.id)}`,
    ]);
    expect(minted.refused).toEqual([mailedStaffLink("reset", row!.id)]);
    const stray = TOKEN.exec(minted.bodies[0]!)![1];
    expect((await send(`/studio/login/reset?token=${stray}`)).status).toBe(404);
    expect(await tokensOf(row!.id)).toEqual(before);
  });
});
