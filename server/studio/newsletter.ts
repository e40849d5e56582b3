/**
 * The newsletter's subscribers as the studio sees them: who signed up and when, a CSV of them,
 * and unsubscribing someone who asked (by mail, by phone). An unsubscription is pushed to
 * Mailchimp by the same job as a sign-up (server/newsletter/subscriptions.ts), so it survives an
 * outage; without a Mailchimp list it is kept here only.
 */
import { and, desc, eq, ilike, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { subscriptions } from "../db/schema.ts";
import type { AppDeps } from "../deps.ts";
import { badRequest } from "../http/errors.ts";
import { escapeLike } from "../search/search.ts";
import type { StaffAccount } from "../staff/accounts.ts";
import { audit } from "../staff/audit.ts";
import { csvCell } from "./orders-csv.ts";

const PAGE_SIZE = 100;

export async function listSubscribers(db: Db, filter: { q?: string; page?: number; unsubscribed?: boolean } = {}) {
  const q = (filter.q ?? "").trim().slice(0, 100);
  const page = Math.max(1, filter.page ?? 1);
  const where = and(
    eq(subscriptions.wanted, filter.unsubscribed ? "unsubscribed" : "subscribed"),
    q ? ilike(subscriptions.email, `%${escapeLike(q)}%`) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: subscriptions.id,
        email: subscriptions.email,
        createdAt: subscriptions.createdAt,
        unsubscribedAt: subscriptions.unsubscribedAt,
        status: subscriptions.status,
      })
      .from(subscriptions)
      .where(where)
      .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
      .limit(PAGE_SIZE + 1)
      .offset((page - 1) * PAGE_SIZE),
    db.select({ n: sql<number>`count(*)::int` }).from(subscriptions).where(where),
  ]);
  return { subscribers: rows.slice(0, PAGE_SIZE), total: count?.n ?? 0, page, more: rows.length > PAGE_SIZE };
}

export async function subscribersCsv(db: Db): Promise<string> {
  const rows = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.wanted, "subscribed"))
    .orderBy(subscriptions.createdAt);
  const lines = rows.map((r) => [r.email, r.createdAt.toISOString()].map(csvCell).join(","));
  return `${["email,subscribed", ...lines].join("\r\n")}\r\n`;
}

/** Takes someone off the list here and, through the sync job, off the Mailchimp list. */
export async function unsubscribe(
  deps: Pick<AppDeps, "database" | "config" | "subscriptionSync">,
  who: StaffAccount,
  id: number,
) {
  const pushed = Boolean(deps.config.mailchimp?.listId);
  const changed = await deps.database.db.transaction(async (tx) => {
    const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for("update");
    if (!row) throw badRequest("id", "No such subscriber.");
    if (row.wanted === "unsubscribed") return false;
    await tx
      .update(subscriptions)
      .set({
        wanted: "unsubscribed",
        unsubscribedAt: new Date(),
        status: pushed ? "pending" : "local",
        attempts: 0,
        nextAttemptAt: new Date(),
        lastError: null,
      })
      .where(eq(subscriptions.id, id));
    await audit(tx, who, {
      action: "newsletter.unsubscribe",
      entity: "subscriber",
      entityId: row.email,
      before: { wanted: row.wanted },
      after: { wanted: "unsubscribed" },
    });
    return true;
  });
  if (changed && pushed) deps.subscriptionSync.kick();
}
