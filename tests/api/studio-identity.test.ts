import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { studioConfig } from "../../server/db/schema.ts";
import { devSiteForFile, formBody, type Send, signedInApp } from "../support/studio.ts";
import { dbKinds, type TestApp } from "../support/test-app.ts";

const site = devSiteForFile();

describe.each(dbKinds)("the studio's identity, edited (%s)", (kind) => {
  let t: TestApp;
  let send: Send;
  let session: { cookie: string; csrf: string };
  beforeAll(async () => {
    ({ t, send, session } = await signedInApp(kind, site()));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const stored = async () => (await t.deps.database.db.select().from(studioConfig).where(eq(studioConfig.id, 1)))[0]!;
  const details = async (over: Record<string, string>) => {
    const s = await stored();
    return {
      shortName: s.shortName,
      timeZone: s.timeZone,
      leadTrackingScriptUrl: s.leadTrackingScriptUrl ?? "",
      email: s.email,
      phone: s.phone,
      street: s.street,
      city: s.city,
      state: s.state,
      zip: s.zip,
      backlogWeeks: String(s.backlogWeeks),
      depositPercent: String(s.depositPercent),
      depositMinimum: String(s.depositMinimum),
      ...over,
    };
  };
  const save = async (fields: Record<string, string>) =>
    send("/studio/content?intent=studio", {
      method: "POST",
      body: formBody({ csrf: session.csrf, ...fields }),
      headers: { cookie: session.cookie },
    });

  it("renames the short name and keeps the former one for visitors' saved lists", async () => {
    const before = (await stored()).shortName;
    const res = await save(await details({ shortName: "oakbench" }));
    expect(res.status).toBe(200);
    const after = await stored();
    expect(after.shortName).toBe("oakbench");
    expect(after.previousShortNames).toContain(before);
    const shell = await (await send("/api/studio")).json();
    expect(shell).toMatchObject({ shortName: "oakbench", previousShortNames: [before] });
    // Back to the first name: it is no longer a former one, and the other is.
    expect((await save(await details({ shortName: before }))).status).toBe(200);
    expect((await stored()).previousShortNames).toEqual(["oakbench"]);
  });

  it("refuses a malformed short name, time zone or script address, naming it and keeping what was typed", async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ shortName: "Oak Bench!" }, "shortName", "Short name: 2–30 lowercase letters"],
      [{ timeZone: "Mars/Olympus" }, "timeZone", "Time zone: choose one from the list"],
      [{ leadTrackingScriptUrl: "http://track.example/t.js" }, "leadTrackingScriptUrl", "https:// address"],
      [{ leadTrackingScriptUrl: "javascript:alert(1)" }, "leadTrackingScriptUrl", "https:// address"],
    ];
    const was = await stored();
    for (const [over, name, message] of cases) {
      const res = await save(await details({ ...over, phone: "(555) 010-0199" }));
      expect(res.status, name).toBe(400);
      const html = await res.text();
      expect(html, name).toContain(message);
      expect(html, name).toContain("(555) 010-0199");
    }
    const now = await stored();
    expect([now.shortName, now.timeZone, now.leadTrackingScriptUrl, now.phone]).toEqual([
      was.shortName,
      was.timeZone,
      was.leadTrackingScriptUrl,
      was.phone,
    ]);
  });

  it("allows the lead-tracking script's origin on the thank-you page only", async () => {
    const res = await save(
      await details({ timeZone: "America/Chicago", leadTrackingScriptUrl: "https://leads.example.net/t.js" }),
    );
    expect(res.status).toBe(200);
    expect((await stored()).timeZone).toBe("America/Chicago");
    const thanks = await send("/contact-submitted");
    expect(thanks.headers.get("content-security-policy")).toContain("https://leads.example.net");
    for (const p of ["/", "/contact", "/shop"]) {
      const page = await send(p);
      expect(page.headers.get("content-security-policy"), p).not.toContain("leads.example.net");
    }
  });
});
