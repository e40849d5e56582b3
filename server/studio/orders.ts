/**
 * Orders as the studio works them: found, followed from paid to shipped (each step mailed to the
 * buyer through the outbox, in the same transaction), money given back through the card gateway,
 * and the list exported. Every change is written to the audit log with the order before and after.
 */
import { and, asc, desc, eq, ilike, inArray, or } from "drizzle-orm";
import { orderMoney } from "../../domain/ledger.ts";
import { isOrderStatus, ORDER_STATUSES, type OrderStatus } from "../../domain/order-status.ts";
import { isOrderStep, type OrderStep, STEP_NAMES, stepMove, studioDelivers } from "../../domain/order-steps.ts";
import type { Db } from "../db/client.ts";
import { orderLines, orders, type StaffNote } from "../db/schema.ts";
import type { AppDeps } from "../deps.ts";
import { badRequest } from "../http/errors.ts";
import { type MailStudio, renderBuyerMail } from "../mail/buyer-mail.tsx";
import { enqueueMail } from "../mail/outbox.ts";
import { ledgerRows, loadLedger, moneyOf, moneyOfMany } from "../orders/ledger.ts";
import { mailedOrderLink, orderPageUrl, revokeOrderLinks } from "../orders/links.ts";
import { escapeLike } from "../search/search.ts";
import type { StaffAccount } from "../staff/accounts.ts";
import { audit } from "../staff/audit.ts";
import { stepMail, stepMailSubject, trackingCorrectionMail } from "./order-mails.ts";
import { editedPhotos, keepAddedSince, type Photo, type PhotoEdits } from "./photos.ts";

const PAGE_SIZE = 50;

/** An order's states while its checkout runs (or after its payment failed): not yet the studio's to work. */
const CHECKOUT_STATES = ["pending", "failed"];

export type OrderFilter = { status?: OrderStatus; q?: string; page?: number };

export async function listOrders(db: Db, filter: OrderFilter = {}) {
  const q = (filter.q ?? "").trim().slice(0, 100);
  const like = `%${escapeLike(q)}%`;
  const where = and(
    inArray(orders.status, filter.status ? [filter.status] : [...ORDER_STATUSES]),
    q
      ? or(
          ilike(orders.orderRef, like),
          ilike(orders.email, like),
          ilike(orders.deliveryName, like),
          ilike(orders.trackingNumber, like),
        )
      : undefined,
  );
  const page = Math.max(1, filter.page ?? 1);
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(PAGE_SIZE + 1)
    .offset((page - 1) * PAGE_SIZE);
  return {
    // Each with its money from the ledger: what is still due (a balance after a deposit, a
    // delivery charge) and what was given back.
    orders: await withMoney(db, rows.slice(0, PAGE_SIZE)),
    page,
    more: rows.length > PAGE_SIZE,
  };
}

/** Orders with their money from the ledger, in cents (three queries for the lot). */
async function withMoney(db: Db, list: (typeof orders.$inferSelect)[]) {
  const money = await moneyOfMany(db, list);
  return list.map((o) => {
    const { comesTo, paid, refunded, due } = money.get(o.id)!;
    return { ...o, money: { comesTo, paid, refunded, due } };
  });
}

/** An order as the studio's page shows it: its lines, its ledger (payments, refunds, charges) and its money. */
export async function getOrder(db: Db, id: number) {
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  if (!order || CHECKOUT_STATES.includes(order.status)) return null;
  const [lines, ledger] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, id)).orderBy(asc(orderLines.id)),
    loadLedger(db, id),
  ]);
  const money = orderMoney(ledgerRows(order, ledger.payments, ledger.refunds, ledger.charges));
  const rows = new Map(ledger.payments.map((p) => [p.id, p]));
  const checkout = ledger.payments.find((p) => p.source === "checkout" && p.status === "approved");
  return {
    order,
    lines,
    /** Each refund and void tried, and whether it was of the checkout's charge. */
    refunds: ledger.refunds.map((r) => ({ ...r, ofCheckout: r.paymentId === null || r.paymentId === checkout?.id })),
    charges: ledger.charges,
    /** Each payment that went through, in cents: what was given back of it and what still can be. */
    payments: money.payments.map((p) => {
      // No row: the checkout's charge of an order the previous release made paid (ledger.ts).
      const row = rows.get(p.id);
      const at = row ? (row.settledAt ?? row.createdAt) : (order.paidAt ?? order.createdAt);
      return { ...p, reference: row?.reference ?? null, at };
    }),
    /** The order's money from its ledger, in cents (domain/ledger.ts). */
    money,
  };
}

export type OrderDetail = NonNullable<Awaited<ReturnType<typeof getOrder>>>;

export type StepOutcome =
  /** Nothing to do: the order is at that step already (with the same tracking). */
  | { done: "unchanged" }
  /** Moved (or its tracking corrected), and whether the buyer was mailed. */
  | { done: "moved" | "corrected"; mailed: boolean }
  /** Asked first: a step back, a skip or a tracking correction, with what will happen. */
  | { ask: string };

/**
 * Moves an order to `step`. The next step is made at once; a step back or a skip over steps is
 * only asked about (`ask`: what will happen and what the buyer is told) until `confirm`. Shipped
 * needs a carrier and a tracking number, which the buyer's mail carries, unless the studio
 * delivers the order itself. Each step forward mails the buyer once; a step back mails nothing;
 * the same step again changes nothing. A shipped order's tracking is corrected only when
 * confirmed, with a mail of its own.
 */
export async function setOrderStep(
  deps: Pick<AppDeps, "database" | "mailer" | "config">,
  who: StaffAccount,
  studio: MailStudio,
  input: { id: number; step: string; carrier?: string; trackingNumber?: string; confirm?: boolean },
): Promise<StepOutcome> {
  if (!isOrderStep(input.step)) throw badRequest("step", "Choose a status.");
  const step = input.step as OrderStep;
  const carrier = (input.carrier ?? "").trim().slice(0, 60);
  const trackingNumber = (input.trackingNumber ?? "").trim().slice(0, 80);
  const outcome = await deps.database.db.transaction(async (tx): Promise<StepOutcome> => {
    const [before] = await tx.select().from(orders).where(eq(orders.id, input.id)).for("update");
    // An order still at checkout (or whose payment failed) is not the studio's to move.
    if (!before || CHECKOUT_STATES.includes(before.status)) throw badRequest("id", "No such order.");
    if (!isOrderStep(before.status))
      throw badRequest("step", "This order is not paid yet (or was cancelled): record a payment first.");
    const ours = studioDelivers(before.shipping);
    const move = stepMove(before.status, step);
    const ref = before.orderRef;
    const correcting =
      move === "same" &&
      step === "shipped" &&
      !ours &&
      (carrier !== "" || trackingNumber !== "") &&
      (carrier !== (before.carrier ?? "") || trackingNumber !== (before.trackingNumber ?? ""));
    if (move === "same" && !correcting) return { done: "unchanged" };
    if (step === "shipped" && !ours) {
      if (!carrier) throw badRequest("carrier", "Enter the carrier.");
      if (!/^[A-Za-z0-9 -]{4,80}$/.test(trackingNumber))
        throw badRequest("trackingNumber", "Enter the tracking number (letters, digits, spaces or dashes).");
    }
    const subject = move === "back" ? null : stepMailSubject(before, step);
    const tells = subject ? `The buyer will get the '${subject}' mail.` : "The buyer is not mailed.";
    if (!input.confirm) {
      if (correcting)
        return {
          ask: `Change the tracking of order ${ref} to ${carrier} ${trackingNumber}? The buyer will get a mail with the corrected number.`,
        };
      if (move === "back")
        return {
          ask: `Move order ${ref} back to ${STEP_NAMES[step]}? ${before.carrier || before.trackingNumber ? "Its carrier and tracking number are cleared. " : ""}${tells}`,
        };
      if (move === "skip")
        return {
          ask: `Skip order ${ref} from ${stepName(before.status)} to ${STEP_NAMES[step]}? ${tells}`,
        };
    }
    const now = new Date();
    const [after] = await tx
      .update(orders)
      .set({
        ...(correcting
          ? {}
          : {
              status: step,
              statusChangedAt: now,
              history: [...before.history, { step, at: now.toISOString() }],
            }),
        // Shipped keeps its carrier and number; a step back from it clears them.
        ...(step === "shipped"
          ? ours
            ? { carrier: null, trackingNumber: null }
            : { carrier, trackingNumber }
          : { carrier: null, trackingNumber: null }),
      })
      .where(eq(orders.id, input.id))
      .returning();
    const lines = () =>
      tx.select().from(orderLines).where(eq(orderLines.orderId, after!.id)).orderBy(asc(orderLines.id));
    const page = async () => orderPageUrl(deps.config, mailedOrderLink(after!.id));
    const mail = correcting
      ? trackingCorrectionMail(after!, await lines(), studio, await page(), await moneyOf(tx, after!))
      : subject
        ? stepMail(after!, await lines(), step, studio, await page(), await moneyOf(tx, after!))
        : null;
    if (mail) await enqueueMail(tx, [mail]);
    await audit(tx, who, {
      action: "order.status",
      entity: "order",
      entityId: ref,
      before: { status: before.status, carrier: before.carrier, trackingNumber: before.trackingNumber },
      after: {
        status: after!.status,
        carrier: after!.carrier,
        trackingNumber: after!.trackingNumber,
        mailed: mail !== null,
      },
    });
    return { done: correcting ? "corrected" : "moved", mailed: mail !== null };
  });
  if ("done" in outcome && outcome.done !== "unchanged" && outcome.mailed) deps.mailer.kick();
  return outcome;
}

const stepName = (status: string) => (isOrderStep(status) ? STEP_NAMES[status] : status.replace(/_/g, " "));

/**
 * Revokes every link to the order's page (a mail forwarded to the wrong person, say) and mails
 * the buyer a new one. Gives how many links were revoked.
 */
export async function sendNewOrderLink(
  deps: Pick<AppDeps, "database" | "mailer" | "config">,
  who: StaffAccount,
  studio: MailStudio,
  id: number,
): Promise<number> {
  const revoked = await deps.database.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
    if (!order || !isOrderStatus(order.status)) throw badRequest("id", "No such order.");
    const gone = await revokeOrderLinks(tx, id);
    const url = orderPageUrl(deps.config, mailedOrderLink(id));
    await enqueueMail(tx, [
      {
        kind: "order-link",
        to: order.email,
        replyTo: studio.email,
        subject: `Your order's page has a new address (${order.orderRef})`,
        html: renderBuyerMail({
          studio,
          preview: `A new link to your order ${order.orderRef}`,
          heading: "Your order's page has a new address",
          paragraphs: [
            `Dear ${order.deliveryName},`,
            `Your order ${order.orderRef} has a new page; the links we sent before no longer open it.`,
          ],
          pageUrl: url,
          action: "Open your order",
        }),
        text: `Dear ${order.deliveryName},\n\nYour order ${order.orderRef} has a new page; the links we sent before no longer open it:\n${url}\n\nKeep this link to yourself: it opens your order without an account.\n\n${studio.name}\n`,
      },
    ]);
    await audit(tx, who, {
      action: "order.links",
      entity: "order",
      entityId: order.orderRef,
      before: { liveLinks: gone },
      after: { liveLinks: 1 },
    });
    return gone;
  });
  deps.mailer.kick();
  return revoked;
}

/**
 * The photos of an order's pieces being built, posted for the buyer's order page: several at a
 * time from a phone, each with its place and alt text, removable (server/studio/photos.ts).
 */
export async function saveBuildPhotos(
  deps: Pick<AppDeps, "database" | "files">,
  who: StaffAccount,
  id: number,
  change: { added: Photo[]; edits: PhotoEdits },
) {
  const [read] = await deps.database.db.select().from(orders).where(eq(orders.id, id));
  if (!read || !isOrderStep(read.status)) throw badRequest("id", "No such order.");
  const saved = await editedPhotos(deps, read.buildPhotos, change, {
    folder: "builds",
    title: read.orderRef,
    what: "order",
    least: 0,
  });
  await deps.database.db.transaction(async (tx) => {
    const [before] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
    const buildPhotos = keepAddedSince(saved, read.buildPhotos, before!.buildPhotos);
    await tx.update(orders).set({ buildPhotos }).where(eq(orders.id, id));
    await audit(tx, who, {
      action: "order.photos",
      entity: "order",
      entityId: read.orderRef,
      before: { buildPhotos: before!.buildPhotos },
      after: { buildPhotos },
    });
  });
}

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
