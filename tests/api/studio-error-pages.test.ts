/**
 * The back office's error page (app/routes/studio/layout.tsx's boundary) names itself like every
 * other page: an owner's page opened by staff (403) and a missing order (404) are documents with
 * a title saying what happened (a page without one fails WCAG 2.4.2, and a tab of it reads
 * nothing), and are kept out of search engines.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { devSiteForFile, pageSender, type Send, signIn, staffMember } from "../support/studio.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

const siteBuild = devSiteForFile();

describe("the back office's error page", () => {
  let t: TestApp;
  let send: Send;
  let staff: { cookie: string };
  let owner: { cookie: string };

  beforeAll(async () => {
    t = await createTestApp("pglite");
    send = pageSender(t, siteBuild());
    await staffMember(t.deps, "maker@studio.test", "staff");
    await staffMember(t.deps, "owner@studio.test", "owner");
    staff = await signIn(send, "maker@studio.test");
    owner = await signIn(send, "owner@studio.test");
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

  it("names an owner's page refused to staff", async () => {
    const res = await send("/studio/staff", { headers: { cookie: staff.cookie } });
    expect(res.status).toBe(403);
    const html = await res.text();
    expect(html).toContain("Not allowed");
    expect(titleOf(html)).toBe("Not allowed — Studio");
    expect(html).toMatch(/<meta name="robots" content="noindex, nofollow"/);
  });

  it("names a page that is not there", async () => {
    const res = await send("/studio/orders/999999", { headers: { cookie: owner.cookie } });
    expect(res.status).toBe(404);
    expect(titleOf(await res.text())).toBe("Not found — Studio");
  });
});
