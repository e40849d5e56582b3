/** The audit log's page: the newest entries, each under the record it changed, by name and with its page where it still has one. */
import { inArray } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import type { Db } from "../../../server/db/client.ts";
import { divergenceSpecies, enquiries, orders } from "../../../server/db/schema.ts";
import { listAudit } from "../../../server/staff/audit.ts";
import { requireStaff } from "./guard.server.ts";
import { subjectOf } from "./history-words.ts";
import { enquiryName } from "./labels.ts";

type Subject = { name?: string; href?: string };

/** The records the entries name that have a name or a page of their own: orders, enquiries, Divergence species. */
async function subjects(db: Db, entries: { entity: string; entityId: string }[]) {
  const ids = (entity: string) => [...new Set(entries.filter((e) => e.entity === entity).map((e) => e.entityId))];
  const numbers = (entity: string) =>
    ids(entity)
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0 && n < 2 ** 31);
  const refs = ids("order");
  const [orderRows, enquiryRows, speciesRows] = await Promise.all([
    refs.length
      ? db.select({ id: orders.id, ref: orders.orderRef }).from(orders).where(inArray(orders.orderRef, refs))
      : [],
    numbers("enquiry").length
      ? db
          .select()
          .from(enquiries)
          .where(inArray(enquiries.id, numbers("enquiry")))
      : [],
    numbers("divergence_species").length
      ? db
          .select({ id: divergenceSpecies.id, name: divergenceSpecies.name })
          .from(divergenceSpecies)
          .where(inArray(divergenceSpecies.id, numbers("divergence_species")))
      : [],
  ]);
  const found = new Map<string, Subject>();
  for (const o of orderRows) found.set(`order:${o.ref}`, { href: `/studio/orders/${o.id}` });
  for (const q of enquiryRows)
    found.set(`enquiry:${q.id}`, { name: enquiryName(q), href: `/studio/enquiries/${q.id}` });
  for (const s of speciesRows)
    found.set(`divergence_species:${s.id}`, {
      name: `Divergence species “${s.name}”`,
      href: `/studio/catalog/divergence/species/${s.id}`,
    });
  return found;
}

export async function auditLoader(request: Request, context: AppLoadContext) {
  await requireStaff(request, context, { right: "audit.view" });
  const db = context.deps.database.db;
  const entries = await listAudit(db, { limit: 200 });
  const named = await subjects(db, entries);
  return {
    entries: entries.map((e) => {
      const found = named.get(`${e.entity}:${e.entityId}`);
      return { ...e, subject: subjectOf(e, found?.name), href: found?.href ?? null };
    }),
  };
}
