/**
 * The mail outbox: mail is written to `mail_outbox` in the same transaction as the order or
 * enquiry it is about, and delivered from there with retries (server/jobs/worker.ts), so an
 * SMTP outage loses nothing.
 *
 * A sent mail keeps only what says it was sent (kind, recipient, reply-to, subject, status,
 * attempts, times): its text, HTML and attachment list are cleared once the transport took it,
 * as the mail to a buyer carries the link that opens their order or quote. Links are not even in
 * a queued mail: it carries a mark where the token goes, minted as it is sent
 * (server/orders/links.ts, `mintMailedLinks`). The attachments are an enquiry's photos, kept in
 * the file store under the enquiry, which still names them: clearing the list deletes no file.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { mailOutbox } from "../db/schema.ts";
import { createJobWorker, type JobWorker } from "../jobs/worker.ts";
import type { Logger } from "../logger.ts";
import { mintMailedLinks } from "../orders/links.ts";
import type { MailTransport } from "./transport.ts";

export type OutgoingMail = {
  kind: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { path: string; filename: string; contentType: string }[];
};

type Tx = Pick<Db, "insert">;

/** Queues mail inside the caller's transaction. */
export async function enqueueMail(tx: Tx, mails: OutgoingMail[]): Promise<void> {
  if (mails.length === 0) return;
  // An empty text is how a sent mail's row reads (see createMailer), so no mail is queued without one.
  if (mails.some((m) => m.text.trim() === "")) throw new Error("A mail needs its text");
  await tx.insert(mailOutbox).values(
    mails.map((m) => ({
      kind: m.kind,
      to: m.to,
      replyTo: m.replyTo ?? null,
      subject: m.subject,
      text: m.text,
      html: m.html ?? null,
      attachments: m.attachments ?? [],
    })),
  );
}

type Row = {
  id: number;
  attempts: number;
  kind: string;
  to: string;
  reply_to: string | null;
  subject: string;
  text: string;
  html: string | null;
  attachments: { path: string; filename: string; contentType: string }[];
};

export type Mailer = JobWorker;

/** A sent mail's body, cleared: its row says what was sent, to whom and when, and no more. */
const cleared = sql`text = '', html = null, attachments = '[]'::jsonb`;

/**
 * Clears the bodies of mail sent before bodies were cleared at sending (or by a process that
 * stopped between the send and its clearing). Done as the outbox starts rather than in a
 * migration: no schema change is needed, and a database restored from an older backup is
 * cleared too, the first time a shop runs on it.
 */
export async function clearSentBodies(db: Db): Promise<number> {
  const result = await db.execute(sql`
    update mail_outbox set ${cleared}
     where status = 'sent' and (text <> '' or html is not null or attachments <> '[]'::jsonb)
    returning id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}

/** Delivers the outbox's mail through a transport (SMTP or files), with retries. */
export function createMailer(opts: {
  db: Db;
  transport: MailTransport;
  from: () => Promise<string>;
  logger: Logger;
}): Mailer {
  const { db, logger } = opts;
  const worker = createJobWorker<Row>({
    db,
    table: "mail_outbox",
    columns: sql`kind, "to", reply_to, subject, text, html, attachments`,
    label: "Mail",
    logger,
    deliver: async (row) => {
      // No text: the mail was sent and its body cleared, and the process stopped before the row
      // was marked sent. It is not sent again (it would go out empty); the worker marks it sent.
      if (row.text === "") return;
      const minted = await mintMailedLinks(db, row.to, [row.text, row.html]);
      if (minted.refused.length > 0)
        logger.warn(
          { id: row.id, kind: row.kind, marks: minted.refused },
          "A mailed page link names an order or quote of someone else: sent with a link that opens nothing",
        );
      const [text, html] = minted.bodies;
      await opts.transport.send({
        from: await opts.from(),
        to: row.to,
        replyTo: row.reply_to ?? undefined,
        subject: row.subject,
        text: text!,
        html: html ?? undefined,
        attachments: row.attachments,
        id: row.id,
        kind: row.kind,
      });
      await db.execute(sql`update mail_outbox set ${cleared} where id = ${row.id}`);
    },
  });
  // Once per process (again after a failure), before the first delivery.
  let swept: Promise<void> | null = null;
  const sweep = () => {
    swept ??= clearSentBodies(db).then(
      (n) => {
        if (n > 0) logger.info({ mails: n }, "Cleared the bodies of mail sent earlier");
      },
      (err) => {
        swept = null;
        logger.error({ err }, "Could not clear the bodies of mail sent earlier");
      },
    );
    return swept;
  };
  return {
    ...worker,
    async deliverDue() {
      await sweep();
      return worker.deliverDue();
    },
    start(intervalMs) {
      void sweep();
      worker.start(intervalMs);
    },
  };
}
