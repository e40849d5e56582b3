/**
 * The back office refuses whoever is not signed in: every /studio route of the site's own route
 * table (read from the build, so a route added later is tried too), as a page, as the router's
 * data request and as a form post, with no session, an expired one, a forged cookie, and a
 * session still waiting for its second factor. The answer is a redirect to the sign-in (or a
 * 4xx), never the data: the order, enquiry and staff details planted first appear in no answer.
 * Then hostile form posts from a signed-in owner to every action: never a 5xx, and a refused one
 * changes nothing.
 */
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enquiries } from "../../server/db/schema.ts";
import { setTotpSecret } from "../../server/staff/accounts.ts";
import { hostileText } from "../support/hostile-requests.ts";
import {
  devSiteForFile,
  formBody,
  pageSender,
  paidOrder,
  type Send,
  STAFF_PASSWORD,
  signIn,
  staffMember,
} from "../support/studio.ts";
import { createTestApp, type DbKind, dbKinds, type TestApp } from "../support/test-app.ts";

/**
 * Pages anyone may open: the sign-in and its second step (which needs a session of its own), and
 * the pages of "Forgot password" and of a mailed link (which need the link's token, tested in
 * staff-invites.test.ts and forgot-password.test.ts).
 */
const OPEN = new Set([
  "studio/login",
  "studio/login/code",
  "studio/login/forgot",
  "studio/login/reset",
  "studio/welcome",
]);

const siteBuild = devSiteForFile();

/** Every route path under /studio in the build's route table, with its parameters filled in. */
function studioPaths(ids: { order: number; enquiry: number }): string[] {
  const routes = Object.values(siteBuild().routes).filter((r) => r?.path?.startsWith("studio"));
  const paths = routes
    .map((r) => r!.path!)
    .filter((p) => !OPEN.has(p))
    .map((p) =>
      `/${p}`
        .replace(/^\/studio\/orders\/:id/, `/studio/orders/${ids.order}`)
        .replace(/^\/studio\/enquiries\/:id/, `/studio/enquiries/${ids.enquiry}`)
        .replace(":kind/:id", "slabs/1")
        .replace(":kind", "slabs")
        .replace(":collection", "testimonials")
        .replace(":id", "1")
        .replace(":n", "1")
        .replace("*", "anything/else"),
    );
  return [...new Set(paths)];
}

const SECRETS = ["secret-buyer@example.com", "Plans for a hidden safe", "second-owner@studio.test"];

function expectRefused(res: Response, body: string, what: string) {
  const redirect = res.status === 302 || res.status === 303;
  const toSignIn = (res.headers.get("location") ?? "").startsWith("/studio/login");
  // A data request's redirect comes back as the router's own 202/204 with the target inside.
  const dataRedirect = (res.status === 202 || res.status === 204) && body.includes("/studio/login");
  expect(
    (redirect && toSignIn) || dataRedirect || [401, 403, 405].includes(res.status),
    `${what}: ${res.status} ${res.headers.get("location") ?? ""}`,
  ).toBe(true);
  for (const secret of SECRETS) expect(body, what).not.toContain(secret);
}

describe.each(dbKinds)("the back office's doors on %s", (kind: DbKind) => {
  let t: TestApp;
  let send: Send;
  let ids: { order: number; enquiry: number };

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { TRUST_PROXY: "1" } });
    send = pageSender(t, siteBuild());
    const order = await paidOrder(t.deps, { email: SECRETS[0] });
    const [enquiry] = await t.deps.database.db
      .insert(enquiries)
      .values({ kind: "contact", fields: { firstName: "Eve", email: "eve@example.com", details: SECRETS[1]! } })
      .returning();
    ids = { order: order.id, enquiry: enquiry!.id };
    await staffMember(t.deps, "owner@studio.test", "owner");
    await staffMember(t.deps, SECRETS[2]!, "owner");
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it("finds the back office's routes in the route table", () => {
    const paths = studioPaths(ids);
    expect(paths).toEqual(
      expect.arrayContaining(["/studio", "/studio/orders", `/studio/orders/${ids.order}`, "/studio/staff"]),
    );
    expect(paths.length).toBeGreaterThanOrEqual(12);
  });

  it("refuses every route without a session, with a forged or expired one, and before the second factor", async () => {
    const expired = await signIn(send, "owner@studio.test", STAFF_PASSWORD, "198.51.100.1");
    await t.deps.database.db.execute(sql`update staff_sessions set expires_at = now() - interval '1 second'`);
    // A session that has passed the password but not the code.
    const halfway = await staffMember(t.deps, "halfway@studio.test", "owner");
    await setTotpSecret(t.deps.database.db, halfway.id, "JBSWY3DPEHPK3PXP");
    const half = await send("/studio/login", {
      method: "POST",
      body: formBody({ email: "halfway@studio.test", password: STAFF_PASSWORD }),
      headers: { "x-forwarded-for": "198.51.100.2" },
    });
    expect(half.headers.get("location")).toBe("/studio/login/code");
    const halfCookie = /studio_session=[^;]+/.exec(half.headers.get("set-cookie") ?? "")![0];
    const forged = `studio_session=${createHash("sha256").update("guess").digest("base64url")}`;

    const who: [string, Record<string, string>][] = [
      ["nobody", {}],
      ["forged cookie", { cookie: forged }],
      ["expired session", { cookie: expired.cookie }],
      ["before the second factor", { cookie: halfCookie }],
    ];
    let tried = 0;
    for (const path of studioPaths(ids)) {
      for (const [label, headers] of who) {
        const page = await send(path, { headers });
        expectRefused(page, await page.text(), `GET ${path} as ${label}`);
        const data = await send(`${path.replace(/\/$/, "")}.data`, { headers });
        expectRefused(data, await data.text(), `GET ${path}.data as ${label}`);
        const posted = await send(`${path}?intent=status`, {
          method: "POST",
          body: formBody({ csrf: expired.csrf, step: "shipped", carrier: "X", trackingNumber: "1234" }),
          headers,
        });
        expectRefused(posted, await posted.text(), `POST ${path} as ${label}`);
        tried += 3;
      }
    }
    expect(tried).toBeGreaterThan(100);
    const [row] = (
      (await t.deps.database.db.execute(sql`select status from orders where id = ${ids.order}`)) as unknown as {
        rows: { status: string }[];
      }
    ).rows;
    expect(row!.status).toBe("paid");
  });

  it("shows no staff field on a public page or API answer: accounts, secrets, notes and the audit log stay inside", async () => {
    const owner = await signIn(send, "owner@studio.test", STAFF_PASSWORD, "198.51.100.11");
    const marker = "Internal note 7f3a: buyer is a competitor";
    // A note on the enquiry, through the back office's own form.
    const noted = await send(`/studio/enquiries/${ids.enquiry}?intent=note`, {
      method: "POST",
      body: formBody({ csrf: owner.csrf, note: marker }),
      headers: { cookie: owner.cookie },
    });
    expect(noted.status).toBeLessThan(400);
    expect(
      await (await send(`/studio/enquiries/${ids.enquiry}`, { headers: { cookie: owner.cookie } })).text(),
    ).toContain(marker);
    const totp = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
    const [account] = (
      (await t.deps.database.db.execute(
        sql`select id, password_hash from staff_accounts where email = ${SECRETS[2]}`,
      )) as unknown as { rows: { id: number; password_hash: string }[] }
    ).rows;
    await setTotpSecret(t.deps.database.db, account!.id, totp);
    const inside = [SECRETS[2]!, "owner@studio.test", totp, account!.password_hash, marker];

    const pages = ["/", "/shop", "/slabs", "/bases", "/contact", "/our-story", "/faqs", "/media", "/divergence"];
    const api = [
      "/api/homepage",
      "/api/studio",
      "/api/Products",
      "/api/slabs",
      "/api/faqs",
      "/api/team",
      "/sitemap.xml",
    ];
    for (const path of [...pages, ...api]) {
      const res = path.startsWith("/api") || path.endsWith(".xml") ? await t.request(path) : await send(path);
      const body = await res.text();
      expect(res.status, path).toBe(200);
      for (const secret of inside) expect(body, path).not.toContain(secret);
    }
  });

  it("takes hostile form posts to every action without a 5xx, and a refused one changes nothing", async () => {
    const owner = await signIn(send, "owner@studio.test", STAFF_PASSWORD, "198.51.100.9");
    const snapshot = async () =>
      JSON.stringify(
        (
          (await t.deps.database.db.execute(sql`select
            (select json_agg(o order by id) from (select id, status, carrier, tracking_number, refunded_total, charges_total, paid_total from orders) o) as orders,
            (select json_agg(e order by id) from (select id, status, spam, notes from enquiries) e) as enquiries,
            (select json_agg(s order by id) from (select id, email, role, disabled, totp_required, password_hash from staff_accounts) s) as staff,
            (select json_agg(x order by id) from (select id, title, starting_price, sale_price, visibility, images from slabs) x) as slabs,
            (select json_agg(x order by id) from (select id, title, price, stock, visibility, tag from products) x) as products,
            (select json_agg(x order by id) from (select id, wanted from subscriptions) x) as subscribers,
            (select json_agg(x order by id) from (select id, size, price, stock from divergence_sizes) x) as sizes,
            (select json_agg(x) from (select live_edge_price, ceramic_coating_price from divergence_metadata) x) as divergence,
            (select json_agg(x order by id) from (select id, content, link, active from announcements) x) as announcements,
            (select json_agg(x) from (select email, phone, street, deposit_percent, deposit_minimum, hours, socials, name, tagline, story, founder_bio from studio_config) x) as studio,
            (select json_agg(x order by id) from (select id, message, rating, author, sort_order from testimonials) x) as testimonials,
            (select json_agg(x order by id) from (select id, section, content, sort_order from faq_sections) x) as faqs,
            (select json_agg(x order by id) from (select id, title, button_link, file_name, sort_order from carousel_items) x) as carousel,
            (select json_agg(x order by id) from (select id, title, content, date, videos from media_posts) x) as media,
            (select json_agg(x order by id) from (select id, name, kind from finishes) x) as finishes,
            (select json_agg(x order by id) from (select id, name, species_general_imagery, species_finishes from divergence_species) x) as species,
            (select json_agg(x) from (select title, description, general_imagery from divergence_metadata) x) as divergence_text,
            (select count(*) from order_refunds where respstat = 'A') as refunds,
            (select count(*) from quotes) as quotes,
            (select count(*) from mail_outbox) as mail`)) as unknown as { rows: unknown[] }
        ).rows[0],
      );
    const actions: { path: string; fields: string[] }[] = [
      { path: `/studio/orders/${ids.order}?intent=status`, fields: ["step", "carrier", "trackingNumber"] },
      { path: `/studio/orders/${ids.order}?intent=status`, fields: ["step", "carrier", "trackingNumber", "confirm"] },
      { path: `/studio/orders/${ids.order}?intent=refund`, fields: ["kind", "amount"] },
      { path: `/studio/orders/${ids.order}?intent=refund`, fields: ["kind", "amount", "payment"] },
      { path: `/studio/orders/${ids.order}?intent=refund`, fields: ["kind", "amount", "confirm", "restock"] },
      { path: `/studio/orders/${ids.order}?intent=note`, fields: ["note"] },
      { path: `/studio/orders/${ids.order}?intent=charge`, fields: ["label", "chargeAmount"] },
      { path: `/studio/orders/${ids.order}?intent=photos`, fields: ["photo", "remove", "alt-x"] },
      { path: `/studio/enquiries/${ids.enquiry}?intent=status`, fields: ["status"] },
      { path: `/studio/enquiries/${ids.enquiry}?intent=reply`, fields: ["subject", "text"] },
      {
        path: `/studio/enquiries/${ids.enquiry}?intent=quote`,
        fields: ["line-0-title", "line-0-price", "depositPercent", "validUntil"],
      },
      { path: `/studio/enquiries/${ids.enquiry}?intent=withdraw-quote`, fields: ["quote"] },
      { path: "/studio/staff?intent=invite", fields: ["email", "name", "role", "totpRequired"] },
      { path: "/studio/staff?intent=send-reset", fields: ["id", "email", "name", "role"] },
      { path: "/studio/staff?intent=update", fields: ["id", "role", "disabled", "totpRequired"] },
      { path: "/studio/account?intent=password", fields: ["current", "currentCode", "password"] },
      { path: "/studio/account?intent=totp-on", fields: ["current", "currentCode", "newSecret", "code"] },
      { path: "/studio/account?intent=totp-off", fields: ["current", "currentCode"] },
      { path: "/studio/newsletter", fields: ["id"] },
      { path: "/studio/catalog/divergence", fields: ["liveEdgePrice", "size", "size-1-price", "size-1-stock"] },
      { path: "/studio/content?intent=announcement", fields: ["content", "link", "active"] },
      { path: "/studio/content?intent=studio", fields: ["email", "phone", "hours-days-0", "socials-url-0"] },
      { path: "/studio/content?intent=studio", fields: ["email", "depositPercent", "depositMinimum", "backlogWeeks"] },
      { path: "/studio/catalog/slabs/1", fields: ["title", "startingPrice", "salePrice", "length"] },
      { path: "/studio/catalog/products/1", fields: ["price", "stock", "tag", "visibility"] },
      { path: "/studio/catalog/slabs/new", fields: ["title", "startingPrice", "visibility", "seats"] },
      { path: "/studio/catalog/products/new?variantOf=1", fields: ["title", "variantOf", "variantType", "price"] },
      { path: "/studio/content/testimonials/new", fields: ["message", "author", "rating"] },
      { path: "/studio/content/testimonials", fields: ["id", "intent"] },
      { path: "/studio/content/faqs/1", fields: ["section", "content-question-0", "content-answer-0", "intent"] },
      { path: "/studio/content/media/new", fields: ["title", "date", "content", "videos"] },
      { path: "/studio/content/carousel/1", fields: ["title", "buttonText", "buttonLink", "isExternal"] },
      { path: "/studio/content/finishes/new", fields: ["name", "kind"] },
      { path: "/studio/catalog/divergence", fields: ["intent", "title", "description", "photo"] },
      { path: "/studio/catalog/divergence/species/1", fields: ["intent", "name", "size", "sizeId"] },
      { path: "/studio/catalog/divergence/species/1", fields: ["intent", "finish", "photo", "remove"] },
      { path: "/studio/catalog/divergence/species/new", fields: ["name", "size", "price", "stock"] },
      { path: "/studio/content?intent=identity", fields: ["name", "story", "storyVideoUrl", "founderName"] },
    ];
    let refusedUnchanged = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...actions),
        fc.array(hostileText, { minLength: 4, maxLength: 4 }),
        fc.boolean(),
        async (action, values, withToken) => {
          const fields: Record<string, string> = withToken ? { csrf: owner.csrf } : {};
          action.fields.forEach((f, i) => {
            fields[f] = values[i] ?? "";
          });
          const before = await snapshot();
          const res = await send(action.path, {
            method: "POST",
            body: formBody(fields),
            headers: { cookie: owner.cookie },
          });
          await res.arrayBuffer();
          expect(res.status, `${action.path} ${JSON.stringify(fields)}`).toBeLessThan(500);
          if (res.status >= 400) {
            expect(await snapshot()).toBe(before);
            refusedUnchanged++;
          }
        },
      ),
      { numRuns: kind === "pglite" ? 400 : 100 },
    );
    expect(refusedUnchanged).toBeGreaterThan(50);
  }, 300_000);
});
