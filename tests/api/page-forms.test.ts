import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app.ts";
import { enquiries, subscriptions } from "../../server/db/schema.ts";
import { sitePages } from "../../server/pages.ts";
import { devSiteBuild } from "../support/dev-site.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

// The pages' own form posts (app/features/enquiries/actions.server.ts): what a browser sends
// before or without the page's scripts, received as the API receives it.

const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#8a5a36" } })
  .jpeg()
  .toBuffer();

const contact = {
  firstName: "Ada",
  lastName: "Byron",
  email: "ada@example.com",
  phone: "717 555 0100",
  contactMethod: "Email",
  enquiryType: "General Inquiry",
  details: "A walnut bench for the hall, about five feet long.",
  honeyPot: "",
};

function multipart(fields: Record<string, string>, photos = 0) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  // One file input choosing several, as a browser sends it.
  for (let i = 0; i < photos; i++)
    f.append("images", new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), `p${i}.jpg`);
  return f;
}

describe("forms posted to their pages", () => {
  let t: TestApp;
  let site: Awaited<ReturnType<typeof devSiteBuild>>;
  const post = (path: string, body: FormData | URLSearchParams, headers: Record<string, string> = {}) =>
    createApp(t.deps, { pages: sitePages(t.deps, site.build) }).request(`http://localhost${path}`, {
      method: "POST",
      body,
      headers: { "x-forwarded-for": "203.0.113.9", ...headers },
    });
  const latest = async () => (await t.deps.database.db.select().from(enquiries).orderBy(sql`id desc`).limit(1))[0];

  beforeAll(async () => {
    [t, site] = await Promise.all([
      createTestApp("pglite", {
        env: { FORM_RATE_LIMIT: "4/600", TRUST_PROXY: "1", PUBLIC_URL: "https://shop.example" },
      }),
      devSiteBuild(),
    ]);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await site?.close();
  });

  it("stores an enquiry with its photos and goes on to the thank-you page", async () => {
    const res = await post("/contact", multipart(contact, 2));
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/contact-submitted");
    const row = await latest();
    expect(row?.fields).toMatchObject({ lastName: "Byron", enquiryType: "General Inquiry" });
    expect(row?.images.map((i) => i.fileName)).toEqual(["photo-1.jpg", "photo-2.jpg"]);
  });

  it("takes a post from the site's public address behind a proxy that ends HTTPS, and none from elsewhere", async () => {
    // Inside, the request is http://localhost; the browser names the public https origin.
    const ok = await post("/contact", multipart(contact), { origin: "https://shop.example" });
    expect(ok.status).toBe(303);
    const before = (await latest())?.id;
    const refused = await post("/contact", multipart(contact), { origin: "https://elsewhere.example" });
    expect(refused.status).toBe(403);
    expect((await latest())?.id).toBe(before);
  });

  it("answers a refused enquiry with the page, every message and the fields as typed, storing nothing", async () => {
    const before = (await latest())?.id;
    const res = await post("/contact", multipart({ ...contact, email: "ada@", details: "" }, 1));
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Please enter a valid email address.");
    expect(html).toContain("Please tell us about your project.");
    expect(html).toContain('value="Byron"');
    expect(html).toContain('value="ada@"');
    expect((await latest())?.id).toBe(before);
  });

  it("subscribes from the sign-up page, and says when the address is not one", async () => {
    const ok = await post("/subscribe", new URLSearchParams({ email: "Reader@Example.com", from: "/faqs" }));
    expect(ok.status).toBe(200);
    const page = await ok.text();
    expect(page).toContain("Thank you! You are now subscribed.");
    expect(page).toContain('href="/faqs"');
    const rows = await t.deps.database.db.select().from(subscriptions);
    expect(rows.map((r) => r.email)).toContain("reader@example.com");

    const bad = await post("/subscribe", new URLSearchParams({ email: "reader@", from: "https://elsewhere.example/" }));
    expect(bad.status).toBe(400);
    const again = await bad.text();
    expect(again).toContain("Please enter a valid email address.");
    expect(again).not.toContain('href="https://elsewhere.example/"');
    expect(again).not.toContain("Back to the page you were reading");
    // A path a browser would read as another site (it drops tabs and line breaks) is no way back.
    for (const from of ["/\t/elsewhere.example", "//elsewhere.example", "/\\elsewhere.example"]) {
      const res = await post("/subscribe", new URLSearchParams({ email: "reader@example.com", from }), {
        "x-forwarded-for": "192.0.2.7",
      });
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain("Thank you! You are now subscribed.");
      expect(html, JSON.stringify(from)).not.toContain("Back to the page you were reading");
    }
  });

  it("counts against the same limit as the API, per client", async () => {
    // Four in ten minutes: the three above from this client on /contact, then one more.
    expect((await post("/contact", multipart(contact))).status).toBe(303);
    const refused = await post("/contact", multipart(contact));
    expect(refused.status).toBe(429);
    expect(await refused.text()).toMatch(/Too many submissions\. Please try again in \d+ seconds\./);
    // The API's own route shares the count.
    const api = await createApp(t.deps).request("http://localhost/api/website/contact", {
      method: "POST",
      body: multipart(contact),
      headers: { "x-forwarded-for": "203.0.113.9" },
    });
    expect(api.status).toBe(429);
    // Another client is not held back.
    expect((await post("/contact", multipart(contact), { "x-forwarded-for": "198.51.100.4" })).status).toBe(303);
  });
});
