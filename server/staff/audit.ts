/** The audit log: who changed what in the back office and when, with the record before and after. */
import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { auditLog, staffAccounts } from "../db/schema.ts";
import type { StaffAccount } from "./accounts.ts";

type Tx = Pick<Db, "insert">;

export type AuditEntry = {
  action: string;
  entity: string;
  entityId: string | number;
  before?: unknown;
  after?: unknown;
};

/** Writes an entry inside the caller's transaction, so a change and its record stand or fall together. */
export async function audit(tx: Tx, who: Pick<StaffAccount, "id" | "email">, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    staffId: who.id,
    staffEmail: who.email,
    action: entry.action,
    entity: entry.entity,
    entityId: String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

export async function listAudit(db: Db, opts: { entity?: string; entityId?: string; limit?: number } = {}) {
  const where =
    opts.entity && opts.entityId
      ? sql`${auditLog.entity} = ${opts.entity} and ${auditLog.entityId} = ${opts.entityId}`
      : opts.entity
        ? eq(auditLog.entity, opts.entity)
        : undefined;
  // The name of whoever made the entry, as their account now has it (empty when it has none).
  const rows = await db
    .select({ entry: auditLog, staffName: staffAccounts.name })
    .from(auditLog)
    .leftJoin(staffAccounts, eq(staffAccounts.id, auditLog.staffId))
    .where(where)
    .orderBy(desc(auditLog.id))
    .limit(opts.limit ?? 100);
  return rows.map((r) => ({ ...r.entry, staffName: r.staffName }));
}
