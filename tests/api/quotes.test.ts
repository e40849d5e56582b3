/**
 * Quotes (docs/product.md, "Quotes"): the studio writes a quote from a commission enquiry, the
 * visitor is mailed its link, and accepting it pays the deposit through the checkout's payment,
 * making an order whose page shows the balance; two pages cannot both accept it; an expired or
 * withdrawn quote cannot be paid; a wrong token is the plain 404; bad forms are refused naming
 * the field, keeping what was typed.
 */
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatPrice } from "../../domain/format.ts";
import { enquiries, mailOutbox, quotes } from "../../server/db/schema.ts";
import { loggablePath } from "../../server/orders/links.ts";
import type { AuthRequest } from "../../server/payments/gateway.ts";
import { countingApp } from "../support/counting-gateway.ts";
import { devSiteForFile, formBody, type Send } from "../support/studio.ts";
import { type DbKind, dbKinds, type TestApp } from "../support/test-app.ts";

const siteBuild = devSiteForFile();
const QUOTE_LINK = /\/quotes\/([A-Za-z0-9_-]{43})/;
const ORDER_LINK = /\/orders\/([A-Za-z0-9_-]{43})/;
const DECLINED = "4387751111111038";
const textOf = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");

describe.each(dbKinds)("quotes on %s", (kind: DbKind) => {
  let t: TestApp;
  let send: Send;
  let session: { cookie: string; csrf: string };
  let charged: AuthRequest[] = [];
  const db = () => t.deps.database.db;

  beforeAll(async () => {
    ({
      t,
      send,
      session,
      gw: { charged },
    } = await countingApp(kind, siteBuild()));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const studioPost = (path: string, fields: Record<string, string>) =>
    send(path, {
      method: "POST",
      body: formBody({ csrf: session.csrf, ...fields }),
      headers: { cookie: session.cookie },
    });

  const inFuture = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

  /** A commission enquiry, and a quote of two pieces written from it; gives the quote page's token. */
  async function quoted(over: Record<string, string> = {}) {
    const email = `q-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const [enquiry] = await db()
      .insert(enquiries)
      .values({
        kind: "custom",
        fields: { firstName: "Grace", lastName: "Hopper", email, description: "A walnut table for ten" },
      })
      .returning();
    const res = await studioPost(`/studio/enquiries/${enquiry!.id}?intent=quote`, {
      "line-0-title": "Walnut dining table",
      "line-0-description": "96 by 42 inches, bookmatched top, blackened steel base",
      "line-0-price": "7200",
      "line-0-quantity": "1",
      "line-1-title": "Matching bench",
      "line-1-price": "900",
      "line-1-quantity": "2",
      buildWeeksMin: "10",
      buildWeeksMax: "14",
      depositPercent: "40",
      validUntil: inFuture(20),
      note: "",
      ...over,
    });
    const mail = (await db().select().from(mailOutbox)).find((m) => m.to === email && m.kind === "quote");
    return { res, email, enquiryId: enquiry!.id, token: mail ? QUOTE_LINK.exec(mail.text)![1]! : "", mail };
  }

  const accept = (token: string, fields: Record<string, string> = {}) =>
    send(`/quotes/${token}`, {
      method: "POST",
      body: formBody({
        firstname: "Grace",
        lastname: "Hopper",
        address: "4 Mill Race Road",
        city: "Kutztown",
        region: "PA",
        postal: "19530",
        phone: "",
        account: "4111 1111 1111 1111",
        expiry: "12/30",
        cvv2: "123",
        name: "Grace Hopper",
        amount: "3600.00",
        key: `k${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`,
        ...fields,
      }),
    });

  it("mails the visitor a quote written from a commission, and its page shows it", async () => {
    const { res, mail, token, enquiryId } = await quoted();
    expect(res.status).toBe(200);
    expect(mail!.subject).toContain(formatPrice(9000));
    expect(mail!.text).toContain("2 x Matching bench: $1,800");
    expect(mail!.text).toContain("deposit of $3,600 (40%)");
    expect(mail!.html).toContain("See and accept the quote");
    const page = await textOf(await send(`/quotes/${token}`));
    expect(page).toContain("Walnut dining table");
    expect(page).toContain("bookmatched top");
    expect(page).toContain("Built to order in 10–14 weeks");
    expect(page).toContain("Accept and pay the deposit");
    expect(page).toContain("Accept and pay $3,600");
    expect(page).toContain('content="noindex, nofollow"');
    const [enquiry] = await db().select().from(enquiries).where(eq(enquiries.id, enquiryId));
    expect(enquiry!.status).toBe("replied");
    const studioPage = await textOf(
      await send(`/studio/enquiries/${enquiryId}`, { headers: { cookie: session.cookie } }),
    );
    expect(studioPage).toMatch(/Quote #\d+/);
    expect(studioPage).toContain("Sent");
  });

  it("refuses a bad quote form naming the field, and keeps what was typed", async () => {
    const bad = await quoted({ "line-1-price": "lots" });
    expect(bad.res.status).toBe(400);
    const html = await textOf(bad.res);
    expect(html).toContain("Price: an amount such as 2400");
    expect(html).toContain('value="Matching bench"');
    expect(bad.mail).toBeUndefined();
    const past = await quoted({ validUntil: "2020-01-01" });
    expect(past.res.status).toBe(400);
    expect(await textOf(past.res)).toContain("Valid until: today or later.");
    const reversed = await quoted({ buildWeeksMin: "12", buildWeeksMax: "8" });
    expect(reversed.res.status).toBe(400);
  });

  it("makes an order when the visitor accepts and pays the deposit; the order page shows the balance", async () => {
    const { token, email } = await quoted();
    const before = charged.length;
    const declined = await accept(token, { account: DECLINED });
    expect(declined.status).toBe(402);
    expect(await textOf(declined)).toContain("The card was declined");
    const noCity = await accept(token, { city: "" });
    expect(noCity.status).toBe(400);
    expect(await textOf(noCity)).toContain('value="4 Mill Race Road"');
    expect(charged.length).toBe(before);

    const paid = await accept(token);
    expect(paid.status).toBe(200);
    const html = await textOf(paid);
    expect(html).toContain("Thank you: your order is placed");
    expect(charged.length).toBe(before + 1);
    expect(charged.at(-1)!.amount).toBe("3600.00");

    const confirmation = (await db().select().from(mailOutbox)).find(
      (m) => m.to === email && m.kind === "order-confirmation",
    )!;
    expect(confirmation.text).toContain("Deposit paid: $3,600");
    expect(confirmation.text).toContain("Matching bench");
    const orderPage = await textOf(await send(`/orders/${ORDER_LINK.exec(confirmation.text)![1]}`));
    expect(orderPage).toContain("Deposit paid");
    expect(orderPage).toContain("$5,400 due");
    expect(orderPage).toContain("bookmatched top");
    expect(orderPage).toContain("Expected to leave the studio:");

    // Accepted: the page says so and takes no second payment.
    const again = await textOf(await send(`/quotes/${token}`));
    expect(again).toContain("This quote is accepted");
    const second = await accept(token);
    expect(second.status).toBe(409);
    expect(await textOf(second)).toContain("This quote has already been accepted.");
    expect(charged.length).toBe(before + 1);
  });

  it("lets only one of several pages accept a quote at once", async () => {
    const { token } = await quoted();
    const before = charged.length;
    const answers = await Promise.all(Array.from({ length: 4 }, () => accept(token)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    expect(charged.length).toBe(before + 1);
    const [{ count }] = (
      (await db().execute(
        sql`select count(*)::int as count from orders o join order_lines l on l.order_id = o.id where l.kind = 'quote' and o.email = (select email from quotes where token_hash = (select token_hash from quotes order by id desc limit 1))`,
      )) as unknown as { rows: { count: number }[] }
    ).rows as [{ count: number }];
    expect(count).toBe(2);
  });

  it("cannot be paid once expired or withdrawn", async () => {
    const expired = await quoted();
    await db()
      .update(quotes)
      .set({ validUntil: "2020-01-01" })
      .where(sql`${quotes.tokenHash} is not null and ${quotes.email} = ${expired.email}`);
    const page = await textOf(await send(`/quotes/${expired.token}`));
    expect(page).toContain("This quote has expired");
    expect(page).not.toContain("Accept and pay");
    const before = charged.length;
    const paid = await accept(expired.token);
    expect(paid.status).toBe(409);
    expect(await textOf(paid)).toContain("This quote has expired");

    const withdrawn = await quoted();
    const [q] = await db().select().from(quotes).where(eq(quotes.email, withdrawn.email));
    expect(
      (await studioPost(`/studio/enquiries/${withdrawn.enquiryId}?intent=withdraw-quote`, { quote: String(q!.id) }))
        .status,
    ).toBe(200);
    expect(await textOf(await send(`/quotes/${withdrawn.token}`))).toContain("This quote was withdrawn");
    expect((await accept(withdrawn.token)).status).toBe(409);
    expect(charged.length).toBe(before);
  });

  it("takes hostile posts to a quote's page without a 5xx or a charge", async () => {
    const { token } = await quoted();
    const before = charged.length;
    const junk = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom("", "-1", "1e9", "3600.001", "<script>", "\u0000", "4111111111111111"),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(junk, { minLength: 6, maxLength: 6 }),
        async ([city, account, cvv2, amount, key, postal]) => {
          const res = await accept(token, {
            city: city!,
            account: account!,
            cvv2: cvv2!,
            amount: amount!,
            key: key!,
            postal: postal!,
          });
          await res.arrayBuffer();
          expect(res.status).toBeLessThan(500);
        },
      ),
      { numRuns: 50 },
    );
    expect(charged.length).toBe(before);
    expect(await textOf(await send(`/quotes/${token}`))).toContain("Accept and pay the deposit");
  });

  it("answers a wrong or malformed token with the plain 404, and never logs a token", async () => {
    for (const token of ["x".repeat(43), "short", "%00"]) {
      const res = await send(`/quotes/${token}`);
      expect(res.status).toBe(404);
      const html = await res.text();
      expect(html).toContain("We could not find that");
      expect(html).not.toContain("Your quote");
    }
    expect(loggablePath("/quotes/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG")).toBe("/quotes/:token");
  });
});
