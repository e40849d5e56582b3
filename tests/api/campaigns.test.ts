import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Campaign } from "../../domain/catalog-types.ts";
import { mailchimpCampaigns } from "../../server/newsletter/campaigns.ts";
import { MailchimpClient } from "../../server/providers/mailchimp.ts";
import { FakeMailchimp } from "../fakes/mailchimp.ts";
import { createTestApp, dbKinds, type TestApp } from "../support/test-app.ts";

describe.each(dbKinds)("newsletter campaigns from the local store on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it("lists campaigns newest first with the spec's fields", async () => {
    const res = await t.request("/api/Mailchimp/GetCampaigns?count=100");
    expect(res.status).toBe(200);
    const list = (await res.json()) as Campaign[];
    expect(list.length).toBeGreaterThanOrEqual(5);
    expect(Object.keys(list[0]!).sort()).toEqual(["campaignId", "createdDate", "description", "imageUrl", "title"]);
    const dates = list.map((c) => Date.parse(c.createdDate));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    const two = (await (await t.request("/api/mailchimp/getcampaigns?count=2")).json()) as Campaign[];
    expect(two).toHaveLength(2);
  });

  it("serves one campaign's HTML", async () => {
    const [first] = (await (await t.request("/api/Mailchimp/GetCampaigns")).json()) as Campaign[];
    const res = await t.request(`/api/Mailchimp/GetCampaignContent?campaignId=${first!.campaignId}`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { html: string }).html).toMatch(/<html|<table|<div|<p/i);
  });

  it("answers 404 for an unknown campaign and 400 for a missing or malformed id", async () => {
    expect((await t.request("/api/Mailchimp/GetCampaignContent?campaignId=nope123")).status).toBe(404);
    const missing = await t.request("/api/Mailchimp/GetCampaignContent");
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ error: { field: "campaignId" } });
    expect((await t.request("/api/Mailchimp/GetCampaignContent?campaignId=../x")).status).toBe(400);
    expect((await t.request("/api/Mailchimp/GetCampaigns?count=0")).status).toBe(400);
    expect((await t.request("/api/Mailchimp/GetCampaigns?count=ten")).status).toBe(400);
  });
});

describe("newsletter campaigns from Mailchimp", () => {
  const fake = new FakeMailchimp();
  let t: TestApp;
  beforeAll(async () => {
    await fake.start();
    fake.campaigns = [
      {
        id: "c0ffee01",
        title: "Spring kiln",
        preview: "Fresh slabs",
        created: "2026-03-01T10:00:00+00:00",
        html: "<p>Spring</p>",
      },
      {
        id: "c0ffee02",
        title: "Autumn",
        preview: "Walnut season",
        created: "2026-10-01T10:00:00+00:00",
        html: "<p>Autumn</p>",
      },
    ];
    t = await createTestApp("pglite", {
      campaigns: () => mailchimpCampaigns(new MailchimpClient(fake.url, fake.apiKey, "/images/media/newsletter.jpg")),
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

  it("maps Mailchimp campaigns to the spec's shape", async () => {
    const list = (await (await t.request("/api/Mailchimp/GetCampaigns?count=100")).json()) as Campaign[];
    expect(list).toEqual([
      {
        campaignId: "c0ffee02",
        title: "Autumn",
        description: "Walnut season",
        imageUrl: "/images/media/newsletter.jpg",
        createdDate: "2026-10-01T10:00:00+00:00",
      },
      {
        campaignId: "c0ffee01",
        title: "Spring kiln",
        description: "Fresh slabs",
        imageUrl: "/images/media/newsletter.jpg",
        createdDate: "2026-03-01T10:00:00+00:00",
      },
    ]);
    expect(fake.requests.some((r) => r.url.includes("sort_field=create_time") && r.url.includes("count=100"))).toBe(
      true,
    );
  });

  it("serves campaign content and 404 for an id Mailchimp does not know", async () => {
    const res = await t.request("/api/Mailchimp/GetCampaignContent?campaignId=c0ffee01");
    expect(await res.json()).toEqual({ html: "<p>Spring</p>" });
    expect((await t.request("/api/Mailchimp/GetCampaignContent?campaignId=unknown1")).status).toBe(404);
  });

  it("answers 502 with a JSON error when Mailchimp is down", async () => {
    fake.failWith = 500;
    try {
      const res = await t.request("/api/Mailchimp/GetCampaigns?count=7");
      expect(res.status).toBe(502);
      expect(await res.json()).toMatchObject({ error: { code: "upstream_error" } });
    } finally {
      fake.failWith = null;
    }
  });

  it("subscribes idempotently on the member's hash", async () => {
    const client = new MailchimpClient(fake.url, fake.apiKey);
    await client.subscribe("list1", "Ada@Example.com");
    await client.subscribe("list1", "ada@example.com");
    expect(fake.members.size).toBe(1);
  });

  it("reports bad credentials as an error", async () => {
    const client = new MailchimpClient(fake.url, "wrong-us99");
    await expect(client.listCampaigns(10)).rejects.toThrow(/401/);
  });
});
