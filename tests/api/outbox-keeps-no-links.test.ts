/**
 * The outbox keeps no link that opens a page (docs/architecture.md, the outbox): a queued mail
 * carries a mark where its order's or quote's token goes, the token is minted as the mail is
 * handed to the transport, and a sent mail's row keeps what says it was sent, not its body. So
 * no table of the database — read as a backup would be — holds a token or a page's address,
 * while the buyer's mail opens their page.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { enquiries, mailOutbox } from "../../server/db/schema.ts";
import { createLogger } from "../../server/logger.ts";
import { createMailer, enqueueMail } from "../../server/mail/outbox.ts";
import type { MailMessage, MailTransport } from "../../server/mail/transport.ts";
import { mailedOrderLink } from "../../server/orders/links.ts";
import { buyShippablePiece } from "../support/buy.ts";
import { devSiteForFile, formBody, type Send, signedInApp } from "../support/studio.ts";
import { type DbKind, dbKinds, type TestApp } from "../support/test-app.ts";

const siteBuild = devSiteForFile();
const ORDER_LINK = /\/orders\/([A-Za-z0-9_-]{43})/;
const QUOTE_LINK = /\/quotes\/([A-Za-z0-9_-]{43})/;
const ANY_PAGE_LINK = /\/(orders|quotes)\/[A-Za-z0-9_-]{43}/;

/**
 * A transport keeping what it was handed, which holds each send until `open()` (so a test sees
 * the outbox while its mail waits) and reads the database as the mail leaves (`during`).
 */
function holdingTransport() {
  const sent: MailMessage[] = [];
  const during: string[] = [];
  let release: () => void = () => undefined;
  let gate = new Promise<void>((r) => {
    release = r;
  });
  let dump: (() => Promise<string>) | undefined;
  const transport: MailTransport = {
    kind: "files",
    async send(m) {
      await gate;
      if (dump) during.push(await dump());
      sent.push(m);
    },
  };
  return {
    transport,
    sent,
    during,
    readWith(d: () => Promise<string>) {
      dump = d;
    },
    open: () => release(),
    close() {
      gate = new Promise<void>((r) => {
        release = r;
      });
    },
  };
}

/** Every row of every table of the app's schema, as JSON text: what a backup holds. */
async function everyRow(t: TestApp): Promise<string> {
  const db = t.deps.database.db;
  const tables = (
    (await db.execute(sql`
      select table_name from information_schema.tables
       where table_schema = current_schema() and table_type = 'BASE TABLE'`)) as unknown as {
      rows: { table_name: string }[];
    }
  ).rows.map((r) => r.table_name);
  expect(tables).toContain("mail_outbox");
  const parts = await Promise.all(
    tables.map(async (name) => {
      const res = (await db.execute(
        sql`select coalesce(string_agg(row_to_json(x)::text, ''), '') as text from ${sql.identifier(name)} x`,
      )) as unknown as { rows: { text: string }[] };
      return res.rows[0]?.text ?? "";
    }),
  );
  return parts.join("\n");
}

describe.each(dbKinds)("the outbox keeps no page link on %s", (kind: DbKind) => {
  let t: TestApp;
  let send: Send;
  let session: { cookie: string; csrf: string };
  const mail = holdingTransport();
  const db = () => t.deps.database.db;

  beforeAll(async () => {
    ({ t, send, session } = await signedInApp(kind, siteBuild(), { mailTransport: mail.transport }));
    mail.readWith(() => everyRow(t));
  }, 120_000);
  afterAll(async () => {
    mail.open();
    await t?.close();
  });
  beforeEach(() => {
    mail.close();
    mail.sent.length = 0;
    mail.during.length = 0;
  });

  it("mails a buyer a link to their order's page, which no table holds before, during or after the send", async () => {
    const email = `links-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const { res, ref } = await buyShippablePiece(t, { email });
    expect(res.status).toBe(200);
    // Queued (the payment's delivery round waits at the transport): no page address anywhere.
    const queued = await everyRow(t);
    expect(queued).toContain(ref);
    expect(queued.match(ANY_PAGE_LINK)?.[0]).toBeUndefined();
    const [waiting] = await db().select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(waiting!.text).toContain(ref);

    mail.open();
    await t.deps.mailer.deliverDue();
    const confirmation = mail.sent.find((m) => m.to === email && m.kind === "order-confirmation")!;
    const token = ORDER_LINK.exec(confirmation.text)![1]!;
    expect(confirmation.html).toContain(`/orders/${token}`);
    expect((await send(`/orders/${token}`)).status).toBe(200);

    for (const seen of [...mail.during, await everyRow(t)]) {
      expect(seen.includes(token)).toBe(false);
      expect(seen.match(ANY_PAGE_LINK)?.[0]).toBeUndefined();
    }
    const rows = await db().select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: "order-confirmation",
      subject: confirmation.subject,
      status: "sent",
      text: "",
      html: null,
      attachments: [],
    });
    expect(rows[0]!.sentAt).toBeInstanceOf(Date);
    // The studio's own notice of the order is sent and cleared the same way.
    const notice = mail.sent.find((m) => m.kind === "order-notification" && m.text.includes(ref))!;
    const [noticeRow] = await db().select().from(mailOutbox).where(eq(mailOutbox.id, notice.id));
    expect(noticeRow).toMatchObject({ status: "sent", text: "", html: null });
  });

  it("mails a quote's link that opens the quote, and keeps neither it nor its token", async () => {
    const email = `quote-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const [enquiry] = await db()
      .insert(enquiries)
      .values({ kind: "custom", fields: { firstName: "Grace", lastName: "Hopper", email, description: "A bench" } })
      .returning();
    const res = await send(`/studio/enquiries/${enquiry!.id}?intent=quote`, {
      method: "POST",
      body: formBody({
        csrf: session.csrf,
        "line-0-title": "Walnut bench",
        "line-0-price": "900",
        "line-0-quantity": "1",
        buildWeeksMin: "4",
        buildWeeksMax: "6",
        depositPercent: "40",
        validUntil: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
        note: "",
      }),
      headers: { cookie: session.cookie },
    });
    expect(res.status).toBeLessThan(400);
    const [waiting] = await db().select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(waiting).toMatchObject({ kind: "quote", status: expect.stringMatching(/^(pending|sending)$/) });
    expect((await everyRow(t)).match(ANY_PAGE_LINK)?.[0]).toBeUndefined();

    mail.open();
    await t.deps.mailer.deliverDue();
    const quote = mail.sent.find((m) => m.to === email && m.kind === "quote")!;
    const token = QUOTE_LINK.exec(quote.text)![1]!;
    expect(quote.html).toContain(`/quotes/${token}`);
    expect((await send(`/quotes/${token}`)).status).toBe(200);
    for (const seen of [...mail.during, await everyRow(t)]) {
      expect(seen.includes(token)).toBe(false);
      expect(seen.match(ANY_PAGE_LINK)?.[0]).toBeUndefined();
    }
    const [row] = await db().select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(row).toMatchObject({ kind: "quote", subject: quote.subject, status: "sent", text: "", html: null });
  });

  it("clears the bodies of mail sent before, and sends a mark of someone else's order as a link that opens nothing", async () => {
    mail.open();
    // A mail sent as the outbox used to keep it, with its link in full.
    const link = `http://localhost/orders/${"a".repeat(43)}`;
    const [old] = await db()
      .insert(mailOutbox)
      .values({
        kind: "order-confirmation",
        to: "old@example.com",
        subject: "Your order",
        text: `Your order's page: ${link}`,
        html: `<a href="${link}">Open</a>`,
        attachments: [{ path: "enquiries/1/photo-1.jpg", filename: "photo-1.jpg", contentType: "image/jpeg" }],
        status: "sent",
        sentAt: new Date(),
      })
      .returning();
    // A mark typed into a mail to someone who is not the order's buyer.
    const { ref } = await buyShippablePiece(t, { email: "buyer@example.com" });
    const [order] = (
      (await db().execute(sql`select id from orders where order_ref = ${ref}`)) as unknown as { rows: { id: number }[] }
    ).rows;
    await db().transaction((tx) =>
      enqueueMail(tx, [
        {
          kind: "enquiry-reply",
          to: "stranger@example.com",
          subject: "Re: your question",
          text: `You wrote: http://localhost/orders/${mailedOrderLink(order!.id)}`,
        },
      ]),
    );
    // A new process's outbox (the app's own already ran once).
    const mailer = createMailer({
      db: db(),
      transport: mail.transport,
      from: async () => "shop@localhost",
      logger: createLogger("silent"),
    });
    await mailer.deliverDue();
    const [cleared] = await db().select().from(mailOutbox).where(eq(mailOutbox.id, old!.id));
    expect(cleared).toMatchObject({ to: "old@example.com", subject: "Your order", status: "sent", text: "" });
    expect(cleared!.html).toBeNull();
    expect(cleared!.attachments).toEqual([]);

    const reply = mail.sent.find((m) => m.to === "stranger@example.com")!;
    const token = ORDER_LINK.exec(reply.text)![1]!;
    expect((await send(`/orders/${token}`)).status).toBe(404);
    await mailer.stop();
  });
});
