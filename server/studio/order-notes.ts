/**
 * An order's internal notes: written by the studio's staff, each with who and when, shown only
 * in the back office and never to the buyer, and written to the audit log.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { orders, type StaffNote } from "../db/schema.ts";
import { badRequest } from "../http/errors.ts";
import type { StaffAccount } from "../staff/accounts.ts";
import { audit } from "../staff/audit.ts";
import { CHECKOUT_STATES } from "./order-list.ts";

/** The longest internal note an order keeps. */
export const ORDER_NOTE_MAX = 5000;

/** Adds a staff member's internal note to an order: only the back office shows it, never the buyer. */
export async function addOrderNote(db: Db, who: StaffAccount, id: number, text: string) {
  const body = text.trim();
  if (!body) throw badRequest("note", "Write the note first.");
  if (body.length > ORDER_NOTE_MAX) throw badRequest("note", "A note can be at most 5,000 characters.");
  const note: StaffNote = { at: new Date().toISOString(), by: who.name || who.email, text: body };
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
    if (!before || CHECKOUT_STATES.includes(before.status)) throw badRequest("id", "No such order.");
    await tx
      .update(orders)
      .set({ notes: [...before.notes, note] })
      .where(eq(orders.id, id));
    await audit(tx, who, { action: "order.note", entity: "order", entityId: before.orderRef, after: { text: body } });
  });
}
