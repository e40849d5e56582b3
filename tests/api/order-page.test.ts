/**
 * The buyer's order page without an account: the confirmation mail carries its link; the page
 * shows where the order stands, what is in it and what was paid, and follows the studio's steps
 * (each step's mail carries a link of its own); a wrong, malformed or revoked token is the plain
 * 404 and shows nothing of any order; tokens are never logged, and only their hashes are kept.
 */
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { pino } from "pino";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatPrice } from "../../domain/format.ts";
import { buyShippablePiece } from "../support/buy.ts";
import { devSiteForFile, formBody, type Send, signedInApp } from "../support/studio.ts";
import { type DbKind, dbKinds, type TestApp } from "../support/test-app.ts";

const siteBuild = devSiteForFile();
const LINK = /https?:\/\/[^\s/]+\/orders\/([A-Za-z0-9_-]{43})/;

describe.each(dbKinds)("the order page on %s", (kind: DbKind) => {
  let t: TestApp;
  let send: Send;
  let session: { cookie: string; csrf: string };
  const logs: string[] = [];

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _encoding, done) {
        logs.push(String(chunk));
        done();
      },
    });
    ({ t, send, session } = await signedInApp(kind, siteBuild(), { logger: pino({ level: "debug" }, sink) }));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const mailsTo = async (to: string) => (await t.sentMails()).filter((m) => m.to === to).map((m) => m);

  /** A paid order through the checkout API; its reference and the buyer's address. */
  async function buy() {
    const email = `buyer-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const { ref, piece, res } = await buyShippablePiece(t, { email });
    expect(res.status).toBe(200);
    return { ref, email, piece };
  }

  const orderId = async (ref: string) =>
    (
      (await t.deps.database.db.execute(sql`select id from orders where order_ref = ${ref}`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows[0]!.id;

  it("opens from the confirmation mail's link, without an account, and shows the order", async () => {
    const { ref, email, piece } = await buy();
    const [confirmation] = await mailsTo(email);
    const token = LINK.exec(confirmation!.text)?.[1];
    expect(token).toBeDefined();
    // The HTML part says the same, with the piece's picture and a button to the page.
    const part = confirmation!.html ?? "";
    expect(part).toMatch(/^<!doctype html>/);
    expect(part).toContain(piece.title);
    expect(part).toContain(`/orders/${token}`);
    expect(part).toContain("Follow your order");
    expect(part).toMatch(/<img src="http[^"]+\/api\/images\/optimize\?filePath=images%2F[^"]+format=jpeg"/);
    // The studio's own mail carries no link to the buyer's page.
    const studioMail = (await t.sentMails()).find((m) => m.kind === "order-notification" && m.text.includes(ref));
    expect(studioMail!.text).not.toMatch(LINK);

    const page = await send(`/orders/${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("x-robots-tag")).toContain("noindex");
    expect(page.headers.get("cache-control")).toContain("no-store");
    const html = await page.text();
    expect(html).toContain(`Order ${ref}`);
    expect(html).toContain(piece.title);
    expect(html).toMatch(/<meta name="robots" content="noindex/);
    expect(html).toContain("Where it stands");
    // Bought for delivery in PA: the sales tax on a line of its own, then the total, what was paid and is due.
    const [o] = (
      (await t.deps.database.db.execute(sql`select tax, total from orders where order_ref = ${ref}`)) as unknown as {
        rows: { tax: string; total: string }[];
      }
    ).rows;
    const sums = /<dl class="order-sums">.*?<\/dl>/s.exec(html)![0];
    expect(Number(o!.tax)).toBeGreaterThan(0);
    expect(sums).toContain(`<dt>Sales tax (PA 6%)</dt><dd>${formatPrice(Number(o!.tax))}</dd>`);
    expect(sums).toContain(`<dt>Total</dt><dd>${formatPrice(Number(o!.total))}</dd>`);
    expect(sums).toContain("<dt>Due</dt><dd>$0</dd>");
    expect(sums).not.toMatch(/tax included/i);

    // Only the token's hash is kept.
    const stored = (
      (await t.deps.database.db.execute(sql`select token_hash from order_links`)) as unknown as {
        rows: { token_hash: string }[];
      }
    ).rows.map((r) => r.token_hash);
    expect(stored.some((h) => h.includes(token!))).toBe(false);
    expect(stored.length).toBeGreaterThan(0);
  });

  it("follows the studio's steps: the shipped mail carries a link of its own, and the page the tracking number", async () => {
    const { ref, email } = await buy();
    const id = await orderId(ref);
    const first = LINK.exec((await mailsTo(email))[0]!.text)![1]!;
    const shipped = await send(`/studio/orders/${id}?intent=status`, {
      method: "POST",
      body: formBody({
        csrf: session.csrf,
        step: "shipped",
        carrier: "UPS",
        trackingNumber: "1Z999AA10123456784",
        confirm: "1",
      }),
      headers: { cookie: session.cookie },
    });
    expect(shipped.status).toBe(200);
    const mail = (await mailsTo(email)).find((m) => m.kind === "order-shipped")!;
    const second = LINK.exec(mail.text)![1]!;
    expect(mail.html).toContain("Your order is on its way");
    expect(mail.html).toContain("1Z999AA10123456784");
    expect(mail.html).toContain(`/orders/${second}`);
    expect(second).not.toBe(first);
    for (const token of [first, second]) {
      const html = await (await send(`/orders/${token}`)).text();
      expect(html).toContain("1Z999AA10123456784");
      expect(html).toMatch(/aria-current="step"[^>]*>\s*<span[^>]*>Shipped/);
    }
  });

  it("shows the build photos the studio posts from the back office", async () => {
    const { ref, email } = await buy();
    const id = await orderId(ref);
    const token = LINK.exec((await mailsTo(email))[0]!.text)![1]!;
    const form = new FormData();
    form.append("csrf", session.csrf);
    for (const colour of ["#6b4a2f", "#8a6a4f"]) {
      const bytes = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: colour } })
        .jpeg()
        .toBuffer();
      form.append("photos", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), "IMG.jpg");
    }
    const posted = await send(`/studio/orders/${id}?intent=photos`, {
      method: "POST",
      body: form,
      headers: { cookie: session.cookie },
    });
    expect(posted.status).toBe(200);
    const html = await (await send(`/orders/${token}`)).text();
    expect(html).toContain("From the workshop");
    expect(html.match(/filePath=images%2Fbuilds%2F[^"&]+/g)?.length).toBeGreaterThanOrEqual(2);
    const file = /filePath=(images%2Fbuilds%2F[^"&]+)/.exec(html)![1]!;
    const picture = await t.request(
      `/api/images/optimize?filePath=${file}&width=480&height=360&quality=80&format=webp`,
    );
    expect(picture.status).toBe(200);
  });

  it("answers a wrong, malformed or revoked token with the plain 404, showing nothing, and logs no token", async () => {
    const { ref, email } = await buy();
    const id = await orderId(ref);
    const token = LINK.exec((await mailsTo(email))[0]!.text)![1]!;
    const wrong = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const bad of [wrong, "short", `${token}x`, "..%2Fstudio", "%00"]) {
      const res = await send(`/orders/${bad}`);
      expect(res.status, bad).toBe(404);
      const html = await res.text();
      expect(html).not.toContain(ref);
      expect(html).not.toContain(email);
    }

    // The studio revokes the links (a forwarded mail) and the buyer gets a new one.
    const revoked = await send(`/studio/orders/${id}?intent=links`, {
      method: "POST",
      body: formBody({ csrf: session.csrf }),
      headers: { cookie: session.cookie },
    });
    expect(revoked.status).toBe(200);
    expect(await revoked.text()).toContain("A new link is on its way");
    expect((await send(`/orders/${token}`)).status).toBe(404);
    const fresh = LINK.exec((await mailsTo(email)).find((m) => m.kind === "order-link")!.text)![1]!;
    expect((await send(`/orders/${fresh}`)).status).toBe(200);

    const logged = logs.join("");
    expect(logged).toContain("/orders/:token");
    for (const secret of [token, fresh, wrong]) expect(logged).not.toContain(secret);
  });
});
