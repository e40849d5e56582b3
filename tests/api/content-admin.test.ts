/**
 * The studio's words and whereabouts from the back office: the announcement and the studio's
 * contact details, hours and links reach the API and the pages at once; bad input is refused,
 * naming the field, and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { devSiteForFile, formBody, type Send, signedInApp } from "../support/studio.ts";
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
});
