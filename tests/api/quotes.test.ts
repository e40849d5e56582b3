/**
 * Quotes (docs/product.md, "Quotes"): the studio writes a quote from a commission enquiry, the
 * visitor is mailed its link, and accepting it pays the deposit through the checkout's payment,
 * making an order whose page shows the balance; two pages cannot both accept it; an expired or
 * withdrawn quote cannot be paid; a wrong token is the plain 404; bad forms are refused naming
 * the field, keeping what was typed.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatPrice } from "../../domain/format.ts";
import { enquiries, mailOutbox, orderLinks, orderPayments, orders, quotes } from "../../server/db/schema.ts";
import type { MailMessage, MailTransport } from "../../server/mail/transport.ts";
import { loggablePath, revokeOrderLinks } from "../../server/orders/links.ts";
import type { AuthRequest } from "../../server/payments/gateway.ts";
import { acceptanceForm } from "../support/buy.ts";
import { countingGateway } from "../support/counting-gateway.ts";
import { devSiteForFile, formBody, newKey, type Send, signedInApp, textOf } from "../support/studio.ts";
import { type DbKind, dbKinds, type TestApp } from "../support/test-app.ts";

const siteBuild = devSiteForFile();
const QUOTE_LINK = /\/quotes\/([A-Za-z0-9_-]{43})/;
const ORDER_LINK = /\/orders\/([A-Za-z0-9_-]{43})/;
const DECLINED = "4387751111111038";

describe.each(dbKinds)("quotes on %s", (kind: DbKind) => {
  let t: TestApp;
  let send: Send;
  let session: { cookie: string; csrf: string };
  const gw = countingGateway();
  const charged: AuthRequest[] = gw.charged;
  // The mail as it left: the outbox mints a mail's page links as it sends it, and keeps no body after.
  const sent: MailMessage[] = [];
  const transport: MailTransport = {
    kind: "files",
    async send(m) {
      sent.push(m);
    },
  };
  const db = () => t.deps.database.db;

  beforeAll(async () => {
    ({ t, send, session } = await signedInApp(kind, siteBuild(), {
      gateway: gw.gateway,
      mailTransport: transport,
      // The tests pay many times from one address on purpose.
      env: { PAYMENT_RATE_LIMIT: "100000/600", PAYMENT_DECLINE_LIMIT: "100000/600" },
    }));
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
    const queued = (await db().select().from(mailOutbox)).find((m) => m.to === email && m.kind === "quote");
    const mail = queued ? await mailTo(email, "quote") : undefined;
    return { res, email, enquiryId: enquiry!.id, token: mail ? QUOTE_LINK.exec(mail.text)![1]! : "", mail };
  }

  /** The mail of a kind sent to an address, once the outbox has sent it. */
  async function mailTo(email: string, kind: string): Promise<MailMessage> {
    for (let round = 0; round < 100; round++) {
      await t.deps.mailer.deliverDue();
      const mail = sent.find((m) => m.to === email && m.kind === kind);
      if (mail) return mail;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`No ${kind} mail was sent to ${email}`);
  }

  /** The quote's deposit (40 % of $9,000) with its share of Pennsylvania's 6 %, where the form delivers. */
  const PA_DEPOSIT = "3816.00";
  const accept = (token: string, fields: Record<string, string> = {}) =>
    send(`/quotes/${token}`, {
      method: "POST",
      body: acceptanceForm({ amount: PA_DEPOSIT, key: newKey(), ...fields }),
    });

  it("mails the visitor a quote written from a commission, and its page shows it", async () => {
    const { res, mail, token, enquiryId } = await quoted();
    expect(res.status).toBe(200);
    expect(mail!.subject).toContain(formatPrice(9000));
    expect(mail!.text).toContain("2 x Matching bench: $1,800");
    expect(mail!.text).toContain("deposit of $3,600 (40%)");
    // Prices before tax, and where it is added; never "tax included".
    expect(mail!.text).toContain("Total before sales tax: $9,000 (USD)");
    expect(mail!.text).toContain("6% for delivery in Pennsylvania");
    expect(`${mail!.text}${mail!.html}`).not.toContain("tax included");
    expect(mail!.html).toContain("See and accept the quote");
    const page = await textOf(await send(`/quotes/${token}`));
    expect(page).toContain("Walnut dining table");
    expect(page).toContain("bookmatched top");
    expect(page).toContain("Built to order in 10–14 weeks");
    expect(page).toContain("Accept and pay the deposit");
    expect(page).toContain("Accept and pay $3,600");
    expect(page).toContain("Total before sales tax (USD)");
    expect(page).toContain("Delivered in Pennsylvania: sales tax 6%, $540; deposit now $3,816.");
    expect(page).not.toContain("tax included");
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
    expect(html).toContain("Thank you: your quote is accepted");
    expect(html).toContain("we received $3,816. The balance of $5,724 is asked for when your pieces are ready.");
    expect(html).toContain(`We mailed the link to your order&#x27;s page to ${email}.`);
    expect(html).not.toMatch(ORDER_LINK);
    expect(charged.length).toBe(before + 1);
    expect(charged.at(-1)!.amount).toBe("3816.00");

    const confirmation = await mailTo(email, "order-confirmation");
    expect(confirmation.text).toContain("Deposit paid: $3,816");
    expect(confirmation.text).toContain("Matching bench");
    const orderPage = await textOf(await send(`/orders/${ORDER_LINK.exec(confirmation.text)![1]}`));
    expect(orderPage).toContain("Deposit paid");
    expect(orderPage).toContain("$5,724 due");
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

  it("charges Pennsylvania's tax on a quote delivered there: the order keeps 6 % of the quote and its rule", async () => {
    const { token, email } = await quoted();
    const paid = await accept(token);
    expect(paid.status).toBe(200);
    const [order] = await db().select().from(orders).where(eq(orders.email, email));
    expect(Number(order!.subtotal)).toBe(9000);
    expect(Number(order!.tax)).toBe(540);
    expect(Number(order!.total)).toBe(9540);
    expect(order!.taxRule).toEqual({ state: "PA", rate: 6, delivery: true });
    const [payment] = await db().select().from(orderPayments).where(eq(orderPayments.orderId, order!.id));
    expect(Number(payment!.amount)).toBe(3816);
    expect(Number(payment!.tax)).toBe(216);
    const confirmation = await mailTo(email, "order-confirmation");
    expect(confirmation.text).toContain("Sales tax (PA 6%): $540");
  });

  it("charges no tax on a quote delivered where the studio collects none", async () => {
    const { token, email } = await quoted();
    const before = charged.length;
    const ohio = { region: "OH", city: "Columbus", postal: "43004" };
    const taxedFigure = await accept(token, ohio);
    expect(taxedFigure.status).toBe(409);
    expect(await textOf(taxedFigure)).toContain("Delivered in Ohio, the deposit comes to $3,600, with no sales tax.");
    const paid = await accept(token, { ...ohio, amount: "3600.00" });
    expect(paid.status).toBe(200);
    expect(charged.length).toBe(before + 1);
    expect(charged.at(-1)!.amount).toBe("3600.00");
    const [order] = await db().select().from(orders).where(eq(orders.email, email));
    expect(Number(order!.tax)).toBe(0);
    expect(Number(order!.total)).toBe(9000);
    expect(order!.taxRule).toBeNull();
  });

  it("asks again, charging nothing, when the buyer in Pennsylvania confirms the untaxed figure", async () => {
    const { token, email } = await quoted();
    const before = charged.length;
    const untaxed = await accept(token, { amount: "3600.00" });
    expect(untaxed.status).toBe(409);
    const html = await textOf(untaxed);
    expect(html).toContain(
      "Delivered in Pennsylvania, the deposit comes to $3,816 with its sales tax of $216 (6%). Nothing was charged",
    );
    // The page answers with the figures for Pennsylvania, ready to confirm, the address kept.
    expect(html).toContain("Sales tax (PA 6%)");
    expect(html).toContain('name="amount" value="3816.00"');
    expect(html).toContain("Accept and pay $3,816");
    expect(html).toContain('value="4 Mill Race Road"');
    expect(charged.length).toBe(before);
    expect(await db().select().from(orders).where(eq(orders.email, email))).toHaveLength(0);
    const [q] = await db().select().from(quotes).where(eq(quotes.email, email));
    expect(q!.status).toBe("sent");
    expect((await accept(token)).status).toBe(200);
    expect(charged.length).toBe(before + 1);
  });

  it("asks for the whole quote with its tax when the deposit is all of it", async () => {
    const { token, email } = await quoted({ depositPercent: "100" });
    expect(await textOf(await send(`/quotes/${token}`))).toContain(
      "Delivered in Pennsylvania: sales tax 6%, $540; $9,540 now.",
    );
    const paid = await accept(token, { amount: "9540.00" });
    expect(paid.status).toBe(200);
    expect(await textOf(paid)).toContain("we received $9,540.");
    const [order] = await db().select().from(orders).where(eq(orders.email, email));
    expect(Number(order!.tax)).toBe(540);
  });

  /** What the page says once it is accepted: its "quote-done" section, as the visitor reads it. */
  const acceptedSection = (html: string) =>
    /<section aria-labelledby="quote-done"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "(no accepted section)";

  /** The quote's order (the one its acceptance claimed) and that order's page links, live or not. */
  async function orderOfQuote(email: string) {
    const [q] = await db().select().from(quotes).where(eq(quotes.email, email));
    const made = await db().select().from(orders).where(eq(orders.email, email));
    const links = made.length ? await db().select().from(orderLinks).where(eq(orderLinks.orderId, made[0]!.id)) : [];
    return { quote: q!, orders: made, links };
  }

  it("answers a replay of an accepted quote's form and key with the first answer, and mails the only link", async () => {
    const { token, email } = await quoted();
    const before = charged.length;
    const key = `replay${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
    const first = await accept(token, { key });
    expect(first.status).toBe(200);
    const answer = acceptedSection(await textOf(first));
    expect(answer).toContain("$3,816");
    expect(answer).not.toMatch(ORDER_LINK);
    for (let i = 0; i < 3; i++) {
      const replay = await accept(token, { key });
      expect(replay.status).toBe(200);
      expect(acceptedSection(await textOf(replay))).toBe(answer);
    }
    expect(charged.length).toBe(before + 1);
    // The confirmation mail is sent: its link is the order's one link.
    const confirmation = await mailTo(email, "order-confirmation");
    expect(confirmation.text).toMatch(ORDER_LINK);
    const { quote, orders: made, links } = await orderOfQuote(email);
    expect(made).toHaveLength(1);
    expect(made[0]!.orderRef).toBe(quote.orderRef);
    expect(answer).toContain(quote.orderRef!);
    expect(links).toHaveLength(1);
  });

  it("opens nothing when an accepted quote's form is replayed after the studio revoked its order's links", async () => {
    const { token, email } = await quoted();
    const key = `revoked${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
    const first = await accept(token, { key });
    expect(first.status).toBe(200);
    const answer = acceptedSection(await textOf(first));
    await mailTo(email, "order-confirmation");
    const { orders: made } = await orderOfQuote(email);
    expect(made).toHaveLength(1);
    const orderId = made[0]!.id;
    await db().transaction((tx) => revokeOrderLinks(tx, orderId));
    const before = charged.length;
    const replay = await accept(token, { key });
    expect(replay.status).toBe(200);
    expect(acceptedSection(await textOf(replay))).toBe(answer);
    await t.deps.mailer.deliverDue();
    const live = await db()
      .select()
      .from(orderLinks)
      .where(and(eq(orderLinks.orderId, orderId), isNull(orderLinks.revokedAt)));
    expect(live).toHaveLength(0);
    expect(charged.length).toBe(before);
  });

  it("refuses a second key once a quote is accepted, charging nothing", async () => {
    const { token, email } = await quoted();
    expect((await accept(token)).status).toBe(200);
    const before = charged.length;
    const other = await accept(token);
    expect(other.status).toBe(409);
    const html = await textOf(other);
    expect(html).toContain("This quote has already been accepted.");
    expect(acceptedSection(html)).toBe("(no accepted section)");
    expect(charged.length).toBe(before);
    await mailTo(email, "order-confirmation");
    await t.deps.mailer.deliverDue();
    const { orders: made, links } = await orderOfQuote(email);
    expect(made).toHaveLength(1);
    expect(links).toHaveLength(1);
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
