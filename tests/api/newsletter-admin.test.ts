/**
 * The newsletter in the back office: the subscribers, their CSV, and taking someone off the list,
 * which is pushed to Mailchimp (the fake) as an unsubscription by the sync job; signing up again
 * on the site puts them back on the shop's list.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subscriptions } from "../../server/db/schema.ts";
import { FakeMailchimp } from "../fakes/mailchimp.ts";
import { devSiteForFile, formBody, type Send, signedInApp } from "../support/studio.ts";
import { type DbKind, dbKinds, type TestApp } from "../support/test-app.ts";

const siteBuild = devSiteForFile();

describe.each(dbKinds)("the newsletter's subscribers on %s", (kind: DbKind) => {
  let t: TestApp;
  let send: Send;
  let mailchimp: FakeMailchimp;
  let session: { cookie: string; csrf: string };

  beforeAll(async () => {
    mailchimp = await new FakeMailchimp().start();
    ({ t, send, session } = await signedInApp(kind, siteBuild(), {
      env: {
        MAILCHIMP_API_KEY: mailchimp.apiKey,
        MAILCHIMP_BASE_URL: mailchimp.url,
        MAILCHIMP_LIST_ID: "list1",
        TRUST_PROXY: "1",
      },
    }));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await mailchimp?.stop();
  });

  const subscribe = (email: string) =>
    t.request("/api/Website/subscribe", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.5" },
      body: JSON.stringify({ email }),
    });

  it("lists subscribers, exports them, and takes one off the list here and in Mailchimp", async () => {
    expect((await subscribe("reader@example.com")).status).toBeLessThan(300);
    expect((await subscribe("=HYPERLINK(1)@example.com")).status).toBeLessThan(300);
    await t.deps.subscriptionSync.deliverDue();
    expect([...mailchimp.members.values()].find((m) => m.email_address === "reader@example.com")?.status).toBe(
      "subscribed",
    );

    const page = await (await send("/studio/newsletter?q=reader", { headers: { cookie: session.cookie } })).text();
    expect(page).toContain("reader@example.com");
    const csv = await (await send("/studio/newsletter.csv", { headers: { cookie: session.cookie } })).text();
    expect(csv.split("\r\n")[0]).toBe("email,subscribed");
    expect(csv).toContain('"reader@example.com"');
    expect(csv).toContain(`"'=hyperlink(1)@example.com"`);

    const [row] = await t.deps.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.email, "reader@example.com"));
    const off = await send("/studio/newsletter", {
      method: "POST",
      body: formBody({ csrf: session.csrf, id: String(row!.id) }),
      headers: { cookie: session.cookie },
    });
    expect(off.status).toBe(200);
    await t.deps.subscriptionSync.deliverDue();
    expect([...mailchimp.members.values()].find((m) => m.email_address === "reader@example.com")?.status).toBe(
      "unsubscribed",
    );
    const after = await (await send("/studio/newsletter.csv", { headers: { cookie: session.cookie } })).text();
    expect(after).not.toContain("reader@example.com");
    const gone = await (
      await send("/studio/newsletter?list=unsubscribed", { headers: { cookie: session.cookie } })
    ).text();
    expect(gone).toContain("reader@example.com");

    // Signing up again on the site puts them back on the shop's list.
    expect((await subscribe("reader@example.com")).status).toBeLessThan(300);
    const [back] = await t.deps.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.email, "reader@example.com"));
    expect(back!.wanted).toBe("subscribed");
  });

  it("refuses an unknown subscriber and a post without the form's token", async () => {
    const unknown = await send("/studio/newsletter", {
      method: "POST",
      body: formBody({ csrf: session.csrf, id: "999999" }),
      headers: { cookie: session.cookie },
    });
    expect(unknown.status).toBe(400);
    const forged = await send("/studio/newsletter", {
      method: "POST",
      body: formBody({ id: "1" }),
      headers: { cookie: session.cookie },
    });
    expect(forged.status).toBe(403);
  });
});
