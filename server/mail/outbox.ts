/**
 * The mail outbox: mail is written to `mail_outbox` in the same transaction as the order or
 * enquiry it is about, and delivered from there with retries, so an SMTP outage loses nothing.
 * Rows are claimed with a lease (status 'sending' until `next_attempt_at`), so several app
 * processes can deliver side by side and a crash mid-send is retried after the lease.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { mailOutbox } from "../db/schema.ts";
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

const LEASE_SECONDS = 300;
const MAX_ATTEMPTS = 12;
/** 30 s, 1 min, 2 min … capped at an hour. */
export const retryDelaySeconds = (attempts: number): number => Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));

type Row = {
  id: number;
  kind: string;
  to: string;
  reply_to: string | null;
  subject: string;
  text: string;
  html: string | null;
  attachments: { path: string; filename: string; contentType: string }[];
  attempts: number;
};

export type Mailer = {
  /** Delivers what is due now; resolves with the number sent. */
  deliverDue(): Promise<number>;
  /** Asks for a delivery round soon (after a new mail was queued). */
  kick(): void;
  start(intervalMs?: number): void;
  stop(): Promise<void>;
};

export function createMailer(opts: {
  db: Db;
  transport: MailTransport;
  from: () => Promise<string>;
  logger: Logger;
}): Mailer {
  const { db, transport, logger } = opts;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | null = null;
  let again = false;

  async function claim(): Promise<Row[]> {
    const result = await db.execute(sql`
      update mail_outbox
         set status = 'sending',
             attempts = attempts + 1,
             next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS})
       where id in (
         select id from mail_outbox
          where status in ('pending', 'sending') and next_attempt_at <= now()
          order by id
          limit 20
          for update skip locked)
      returning id, kind, "to", reply_to, subject, text, html, attachments, attempts`);
    return (result as unknown as { rows: Row[] }).rows;
  }

  async function round(): Promise<number> {
    const from = await opts.from();
    let sent = 0;
    for (;;) {
      const rows = await claim();
      if (rows.length === 0) return sent;
      for (const row of rows) {
        try {
          await transport.send({
            from,
            to: row.to,
            replyTo: row.reply_to ?? undefined,
            subject: row.subject,
            text: row.text,
            html: row.html ?? undefined,
            attachments: row.attachments,
            id: row.id,
            kind: row.kind,
          });
          await db.execute(
            sql`update mail_outbox set status = 'sent', sent_at = now(), last_error = null where id = ${row.id}`,
          );
          sent++;
        } catch (err) {
          const failed = row.attempts >= MAX_ATTEMPTS;
          const message = err instanceof Error ? err.message : String(err);
          logger.warn({ mailId: row.id, kind: row.kind, attempts: row.attempts, err: message }, "Mail not delivered");
          await db.execute(sql`
            update mail_outbox
               set status = ${failed ? "failed" : "pending"},
                   last_error = ${message.slice(0, 1000)},
                   next_attempt_at = now() + make_interval(secs => ${retryDelaySeconds(row.attempts)})
             where id = ${row.id}`);
        }
      }
    }
  }

  async function deliverDue(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = round().finally(() => {
      running = null;
    });
    const n = await running;
    if (again) {
      again = false;
      return n + (await deliverDue());
    }
    return n;
  }

  const safeRound = () => deliverDue().catch((err) => logger.error({ err }, "Mail delivery round failed"));

  return {
    deliverDue,
    kick: () => {
      setImmediate(safeRound);
    },
    start(intervalMs = 15_000) {
      if (timer) return;
      timer = setInterval(safeRound, intervalMs);
      timer.unref();
      void safeRound();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
  };
}
