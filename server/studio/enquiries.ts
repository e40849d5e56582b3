/**
 * The enquiry and commission inbox: what visitors sent (with their photos), its handling
 * ('open', 'replied', 'closed'), staff's internal notes, the spam flag, and replies mailed to
 * the visitor through the outbox with the studio's address to answer to.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { enquiries, type StaffNote } from "../db/schema.ts";
import type { AppDeps } from "../deps.ts";
import { badRequest } from "../http/errors.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { escapeLike } from "../search/search.ts";
import type { StaffAccount } from "../staff/accounts.ts";
import { audit } from "../staff/audit.ts";

export const ENQUIRY_STATUSES = ["open", "replied", "closed"] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];

export type InboxFilter = { status?: EnquiryStatus; spam?: boolean; q?: string };

export async function listEnquiries(db: Db, filter: InboxFilter = {}) {
  const q = (filter.q ?? "").trim().slice(0, 100);
  return db
    .select()
    .from(enquiries)
    .where(
      and(
        eq(enquiries.spam, filter.spam ?? false),
        filter.status ? eq(enquiries.status, filter.status) : undefined,
        q ? sql`${enquiries.fields}::text ilike ${`%${escapeLike(q)}%`}` : undefined,
      ),
    )
    .orderBy(desc(enquiries.createdAt), desc(enquiries.id))
    .limit(200);
}

export async function getEnquiry(db: Db, id: number) {
  const [row] = await db.select().from(enquiries).where(eq(enquiries.id, id));
  return row ?? null;
}

async function change(
  db: Db,
  who: StaffAccount,
  id: number,
  action: string,
  set: (row: typeof enquiries.$inferSelect) => Partial<typeof enquiries.$inferInsert>,
  more?: (tx: Parameters<Parameters<Db["transaction"]>[0]>[0], row: typeof enquiries.$inferSelect) => Promise<void>,
) {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(enquiries).where(eq(enquiries.id, id)).for("update");
    if (!before) throw badRequest("id", "No such enquiry.");
    const values = set(before);
    await tx.update(enquiries).set(values).where(eq(enquiries.id, id));
    if (more) await more(tx, before);
    await audit(tx, who, {
      action,
      entity: "enquiry",
      entityId: id,
      before: { status: before.status, spam: before.spam },
      after: values,
    });
  });
}

export async function setEnquiryStatus(db: Db, who: StaffAccount, id: number, status: string) {
  if (!(ENQUIRY_STATUSES as readonly string[]).includes(status)) throw badRequest("status", "Choose a status.");
  await change(db, who, id, "enquiry.status", () => ({ status }));
}

export async function setSpam(db: Db, who: StaffAccount, id: number, spam: boolean) {
  await change(db, who, id, spam ? "enquiry.spam" : "enquiry.not-spam", () => ({ spam }));
}

function note(who: StaffAccount, text: string): StaffNote {
  return { at: new Date().toISOString(), by: who.name || who.email, text };
}

export async function addEnquiryNote(db: Db, who: StaffAccount, id: number, text: string) {
  const body = text.trim();
  if (!body) throw badRequest("note", "Write the note first.");
  if (body.length > 5000) throw badRequest("note", "A note can be at most 5,000 characters.");
  await change(db, who, id, "enquiry.note", (row) => ({ notes: [...row.notes, note(who, body)] }));
}

/**
 * Mails a reply to the visitor (the outbox, so an SMTP outage loses nothing), keeps it as a note
 * and marks the enquiry replied, all in one transaction.
 */
export async function replyToEnquiry(
  deps: Pick<AppDeps, "database" | "mailer">,
  who: StaffAccount,
  studio: { name: string; email: string },
  id: number,
  input: { subject: string; text: string },
) {
  const subject = input.subject.trim().slice(0, 200);
  const text = input.text.trim();
  if (!subject) throw badRequest("subject", "Give the reply a subject.");
  if (!text) throw badRequest("text", "Write the reply first.");
  if (text.length > 20_000) throw badRequest("text", "A reply can be at most 20,000 characters.");
  await change(
    deps.database.db,
    who,
    id,
    "enquiry.reply",
    (row) => ({ status: "replied", notes: [...row.notes, note(who, `Replied: ${subject}\n\n${text}`)] }),
    async (tx, row) => {
      const to = row.fields.email;
      if (!to) throw badRequest("text", "This enquiry has no email address to reply to.");
      await enqueueMail(tx, [
        { kind: "enquiry-reply", to, replyTo: studio.email, subject, text: `${text}\n\n${studio.name}\n` },
      ]);
    },
  );
  deps.mailer.kick();
}
