import { Writable } from "node:stream";
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { issueSetupCode } from "../../server/studio/setup.ts";
import { devSiteForFile, formBody, pageSender, type Send, sessionCookieOf } from "../support/studio.ts";
import { createTestApp, dbKinds, type TestApp } from "../support/test-app.ts";

const site = devSiteForFile();

const STUDIO = {
  name: "Test Bench Studio",
  shortName: "testbench",
  email: "owner@testbench.example",
  password: "planed-and-oiled-2026",
};

describe.each(dbKinds)("a shop started empty (%s)", (kind) => {
  let t: TestApp;
  let send: Send;
  afterEach(async () => {
    await t?.close();
  });

  const logs: { level: number; msg: string; status?: number }[] = [];
  async function emptyShop() {
    logs.length = 0;
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).trim().split("\n")) logs.push(JSON.parse(line));
        done();
      },
    });
    t = await createTestApp(kind, { seed: false, env: { SEED: "none" }, logger: pino({ level: "info" }, sink) });
    send = pageSender(t, site());
  }

  it("says it is opening soon on public pages and the API until it is set up", async () => {
    await emptyShop();
    for (const p of ["/", "/shop", "/our-story", "/sitemap.xml"]) {
      const res = await send(p);
      expect(res.status, p).toBe(503);
      expect(Number(res.headers.get("retry-after")), p).toBeGreaterThan(0);
      expect(await res.text(), p).toContain("Opening soon");
    }
    const api = await send("/api/catalog/products");
    expect(api.status).toBe(503);
    expect(await api.json()).toMatchObject({ error: { code: "not_ready" } });
    expect((await send("/healthz")).status).toBe(200);
    // Said to every visitor on purpose: logged, but not as a server error.
    expect(logs.filter((l) => l.status === 503).length).toBeGreaterThan(0);
    expect(logs.filter((l) => l.level >= 50)).toEqual([]);
  });

  it("sets up the studio and its first owner from a one-time link, then shows only that studio", async () => {
    await emptyShop();
    expect((await send("/studio/setup")).status).toBe(404);
    expect((await send("/studio/setup?code=guessed")).status).toBe(404);
    const code = (await issueSetupCode(t.deps.database.db))!;
    const page = await send(`/studio/setup?code=${code}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const label of ["Studio name", "Short name", "Email", "Password", "Time zone"]) expect(html).toContain(label);

    // A refused field is named, and what was typed is kept.
    const refused = await send(`/studio/setup?code=${code}`, {
      method: "POST",
      body: formBody({ code, ...STUDIO, shortName: "Test Bench!" }),
    });
    expect(refused.status).toBe(400);
    const refusedHtml = await refused.text();
    expect(refusedHtml).toContain("Short name: 2–30 lowercase letters");
    expect(refusedHtml).toContain('value="Test Bench Studio"');
    expect(refusedHtml).not.toContain(STUDIO.password);

    const done = await send(`/studio/setup?code=${code}`, { method: "POST", body: formBody({ code, ...STUDIO }) });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toMatch(/^\/studio/);
    const cookie = sessionCookieOf(done)!;
    expect(cookie).toBeTruthy();
    expect((await send("/studio", { headers: { cookie } })).status).toBe(200);

    const home = await send("/");
    expect(home.status).toBe(200);
    const homeHtml = await home.text();
    expect(homeHtml).toContain("Test Bench Studio");
    expect(homeHtml).not.toMatch(/hay ?creek/i);
    // No rate given: the shop charges no sales tax, and the page said where to set it.
    expect(html).toContain("More states are added later under Content, Sales tax.");
    expect(((await (await send("/api/studio")).json()) as { salesTax: unknown }).salesTax).toEqual([]);

    // The link was for one use; the setup page now sends to the sign-in.
    const again = await send(`/studio/setup?code=${code}`, {
      method: "POST",
      body: formBody({ code, ...STUDIO, name: "Other Studio" }),
    });
    expect(again.headers.get("location")).toBe("/studio/login");
    expect(await (await send("/")).text()).not.toContain("Other Studio");
    expect((await send(`/studio/setup?code=${code}`)).status).toBe(302);
    expect(await issueSetupCode(t.deps.database.db)).toBeNull();
  });

  it("takes only a code a start printed, and each start's code works", async () => {
    await emptyShop();
    const first = (await issueSetupCode(t.deps.database.db))!;
    const second = (await issueSetupCode(t.deps.database.db))!;
    expect(first).not.toBe(second);
    const wrong = await send(`/studio/setup?code=${first}`, {
      method: "POST",
      body: formBody({ ...STUDIO, code: "x".repeat(24) }),
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("This setup link has been used or is not valid.");
    const ok = await send(`/studio/setup?code=${second}`, {
      method: "POST",
      body: formBody({ code: first, ...STUDIO }),
    });
    expect(ok.status).toBe(302);
  });

  it("sets the sales tax of the studio's own state with it, refusing a bad rate or an unknown state", async () => {
    await emptyShop();
    const code = (await issueSetupCode(t.deps.database.db))!;
    const post = (fields: Record<string, string>) =>
      send(`/studio/setup?code=${code}`, { method: "POST", body: formBody({ code, ...STUDIO, ...fields }) });
    const badRate = await post({ state: "NJ", salesTaxRate: "25" });
    expect(badRate.status).toBe(400);
    const badRateHtml = await badRate.text();
    expect(badRateHtml).toContain("Sales tax: a percentage above 0 and at most 20");
    const rateInput = /<input[^>]*name="salesTaxRate"[^>]*>/.exec(badRateHtml)?.[0] ?? "";
    expect(rateInput, rateInput).toContain('aria-invalid="true"');
    const nowhere = await post({ state: "Atlantis", salesTaxRate: "6" });
    expect(nowhere.status).toBe(400);
    expect(await nowhere.text()).toContain("State: a US state, such as PA, to collect its sales tax.");
    const done = await post({ state: "New Jersey", salesTaxRate: "6.625" });
    expect(done.status).toBe(302);
    expect(((await (await send("/api/studio")).json()) as { salesTax: unknown }).salesTax).toEqual([
      { state: "NJ", rate: 6.625, delivery: false },
    ]);
  });
});
