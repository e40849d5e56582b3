/**
 * The mail outbox: mail is written to `mail_outbox` in the same transaction as the order or
 * enquiry it is about, and delivered from there with retries (server/jobs/worker.ts), so an
 * SMTP outage loses nothing.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { mailOutbox } from "../db/schema.ts";
import { createJobWorker, type JobWorker } from "../jobs/worker.ts";
import type { Logger } from "../logger.ts";
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

/** Delivers the outbox's mail through a transport (SMTP or files), with retries. */
export function createMailer(opts: {
  db: Db;
  transport: MailTransport;
  from: () => Promise<string>;
  logger: Logger;
}): Mailer {
  return createJobWorker<Row>({
    db: opts.db,
    table: "mail_outbox",
    columns: sql`kind, "to", reply_to, subject, text, html, attachments`,
    label: "Mail",
    logger: opts.logger,
    deliver: async (row) =>
      opts.transport.send({
        from: await opts.from(),
        to: row.to,
        replyTo: row.reply_to ?? undefined,
        subject: row.subject,
        text: row.text,
        html: row.html ?? undefined,
        attachments: row.attachments,
        id: row.id,
        kind: row.kind,
      }),
  });
}
