/**
 * Orders as the studio works them: found, followed from paid to shipped (each step mailed to the
 * buyer through the outbox, in the same transaction), money given back through the card gateway,
 * and the list exported. Every change is written to the audit log with the order before and after.
 */
import { and, asc, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import { AMOUNT, formatPrice } from "../../domain/format.ts";
import { shipDatesText } from "../../domain/lead-time.ts";
import { lineChoices } from "../../domain/order-lines.ts";
import { isOrderStep, ORDER_STEPS, type OrderStep } from "../../domain/order-steps.ts";
import type { Db } from "../db/client.ts";
import { orderLines, orderPayments, orderRefunds, orders } from "../db/schema.ts";
import type { AppDeps } from "../deps.ts";
import { badRequest } from "../http/errors.ts";
import { type MailStudio, mailPictureUrl, renderBuyerMail } from "../mail/buyer-mail.tsx";
import { enqueueMail, type OutgoingMail } from "../mail/outbox.ts";
import { amountDue } from "../orders/balance.ts";
import { newOrderLink, orderPageUrl, revokeOrderLinks } from "../orders/links.ts";
import { GatewayUnavailable, type ReturnAnswer } from "../payments/gateway.ts";
import { escapeLike } from "../search/search.ts";
import type { StaffAccount } from "../staff/accounts.ts";
import { audit } from "../staff/audit.ts";
import { editedPhotos, keepAddedSince, type Photo, type PhotoEdits } from "./photos.ts";

const PAGE_SIZE = 50;

export type OrderFilter = { status?: OrderStep; q?: string; page?: number };

export async function listOrders(db: Db, filter: OrderFilter = {}) {
  const q = (filter.q ?? "").trim().slice(0, 100);
  const like = `%${escapeLike(q)}%`;
  const where = and(
    inArray(orders.status, filter.status ? [filter.status] : [...ORDER_STEPS]),
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
    // Each with what is still due (a balance after a deposit, a delivery charge).
    orders: rows.slice(0, PAGE_SIZE).map((o) => ({ ...o, due: amountDue(o) })),
    page,
    more: rows.length > PAGE_SIZE,
  };
}

export async function getOrder(db: Db, id: number) {
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  if (!order || !isOrderStep(order.status)) return null;
  const [lines, refunds] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, id)).orderBy(asc(orderLines.id)),
    db.select().from(orderRefunds).where(eq(orderRefunds.orderId, id)).orderBy(asc(orderRefunds.id)),
  ]);
  return { order, lines, refunds };
}

export type OrderDetail = NonNullable<Awaited<ReturnType<typeof getOrder>>>;

/** What each step's mail says: subject, heading, and the words of both parts. */
const STEP_MAILS: Partial<Record<OrderStep, { kind: string; subject: string; heading: string; says: string }>> = {
  in_production: {
    kind: "order-in-production",
    subject: "Your order is in the workshop",
    heading: "Your order is in the workshop",
    says: "Work has begun on your order {ref}. We will write again when it is ready to leave the studio.",
  },
  ready: {
    kind: "order-ready",
    subject: "Your order is ready",
    heading: "Your order is ready",
    says: "Your order {ref} is finished and ready to leave the studio. We will send its tracking number as soon as it ships.",
  },
  shipped: {
    kind: "order-shipped",
    subject: "Your order has shipped",
    heading: "Your order is on its way",
    says: "Your order {ref} is on its way.",
  },
};

/** The mail of a step forward (none for 'paid', which the confirmation says): both parts. */
function stepMail(
  order: typeof orders.$inferSelect,
  lines: (typeof orderLines.$inferSelect)[],
  step: OrderStep,
  studio: MailStudio,
  pageUrl: string,
): OutgoingMail | null {
  const words = STEP_MAILS[step];
  if (!words) return null;
  // Ready with money still owed (the balance after a deposit, a delivery charge): the mail asks for it.
  const owed = amountDue(order);
  const due = step === "ready" ? owed : 0;
  const asks = due > 0 ? ` ${formatPrice(due)} is now due: you can pay it on your order's page.` : "";
  const says = words.says.replace("{ref}", order.orderRef) + asks;
  const tracking = step === "shipped" ? `Carrier: ${order.carrier}\nTracking number: ${order.trackingNumber}\n\n` : "";
  const leaves = step !== "shipped" && order.shipWindow ? shipDatesText(order.shipWindow) : null;
  const origin = new URL(pageUrl).origin;
  return {
    kind: words.kind,
    to: order.email,
    replyTo: studio.email,
    subject: `${words.subject}${due > 0 ? `: ${formatPrice(due)} due` : ""} (${order.orderRef})`,
    text: `Dear ${order.deliveryName},\n\n${says}\n\n${tracking}${leaves ? `Expected to leave the studio: ${leaves}\n\n` : ""}Reply to this mail with any question.\n\nYour order's page: ${pageUrl}\n\n${studio.name}\n`,
    html: renderBuyerMail({
      studio,
      preview: says,
      heading: words.heading,
      paragraphs: [`Dear ${order.deliveryName},`, says],
      note:
        step === "shipped"
          ? { label: `Tracking number (${order.carrier})`, value: order.trackingNumber ?? "" }
          : leaves
            ? { label: "Expected to leave the studio", value: leaves }
            : null,
      lines: lines.map((l) => {
        const details = l.details as { picture?: { folder: string; fileName: string } | null } | null;
        return {
          title: l.title,
          details: lineChoices(l.kind, l.details),
          quantity: l.quantity,
          total: formatPrice(l.total),
          pictureUrl: mailPictureUrl(origin, details?.picture),
        };
      }),
      // What the order comes to, what was paid and what is still due.
      sums: [
        { label: "Total (USD, tax included)", value: formatPrice(order.total + order.chargesTotal) },
        { label: "Paid", value: formatPrice(order.paidTotal) },
        ...(owed > 0 ? [{ label: "Due", value: formatPrice(owed), strong: true }] : []),
      ],
      pageUrl,
      ...(due > 0 ? { action: `Pay the balance, ${formatPrice(due)}` } : {}),
    }),
  };
}

/**
 * Moves an order to `step` (forward or back, for a mistake). Shipped needs a carrier and a
 * tracking number, which the buyer's mail carries. The buyer is mailed for each step forward.
 */
export async function setOrderStep(
  deps: Pick<AppDeps, "database" | "mailer" | "config">,
  who: StaffAccount,
  studio: MailStudio,
  input: { id: number; step: string; carrier?: string; trackingNumber?: string },
) {
  if (!isOrderStep(input.step)) throw badRequest("step", "Choose a status.");
  const step = input.step as OrderStep;
  const carrier = (input.carrier ?? "").trim().slice(0, 60);
  const trackingNumber = (input.trackingNumber ?? "").trim().slice(0, 80);
  if (step === "shipped" && !carrier) throw badRequest("carrier", "Enter the carrier.");
  if (step === "shipped" && !/^[A-Za-z0-9 -]{4,80}$/.test(trackingNumber))
    throw badRequest("trackingNumber", "Enter the tracking number (letters, digits, spaces or dashes).");
  const mailed = await deps.database.db.transaction(async (tx) => {
    const [before] = await tx.select().from(orders).where(eq(orders.id, input.id)).for("update");
    if (!before || !isOrderStep(before.status)) throw badRequest("id", "No such order.");
    if (before.status === step && step !== "shipped") return false;
    const [after] = await tx
      .update(orders)
      .set({
        status: step,
        statusChangedAt: new Date(),
        history: [...before.history, { step, at: new Date().toISOString() }],
        ...(step === "shipped" ? { carrier, trackingNumber } : {}),
      })
      .where(eq(orders.id, input.id))
      .returning();
    const forward = ORDER_STEPS.indexOf(step) > ORDER_STEPS.indexOf(before.status as OrderStep);
    const trackingChanged = step === "shipped" && before.trackingNumber !== trackingNumber;
    const mail =
      (forward || trackingChanged) && STEP_MAILS[step]
        ? stepMail(
            after!,
            await tx.select().from(orderLines).where(eq(orderLines.orderId, after!.id)).orderBy(asc(orderLines.id)),
            step,
            studio,
            orderPageUrl(deps.config, await newOrderLink(tx, after!.id)),
          )
        : null;
    if (mail) await enqueueMail(tx, [mail]);
    await audit(tx, who, {
      action: "order.status",
      entity: "order",
      entityId: before.orderRef,
      before: { status: before.status, carrier: before.carrier, trackingNumber: before.trackingNumber },
      after: { status: after!.status, carrier: after!.carrier, trackingNumber: after!.trackingNumber },
    });
    return mail !== null;
  });
  if (mailed) deps.mailer.kick();
}

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
    if (!order || !isOrderStep(order.status)) throw badRequest("id", "No such order.");
    const gone = await revokeOrderLinks(tx, id);
    const url = orderPageUrl(deps.config, await newOrderLink(tx, id));
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

/** Parses "12.34" (or "12") into cents; null when it is not an amount. */
function cents(text: string): number | null {
  if (!AMOUNT.test(text.trim())) return null;
  return Math.round(Number(text) * 100);
}

const amountText = (c: number) => (c / 100).toFixed(2);

/**
 * Gives money back on one of an order's card payments (the checkout's, or a later one from the
 * order's page): a refund of `amount`, or a void of the whole charge before it settles. The
 * amount is reserved first (in a transaction, under the order row's lock), on the order and on
 * the payment, so two refunds at once can never give back more than that payment took; the
 * gateway is asked after, outside the transaction; a refusal or no answer gives the reservation
 * back. Every answer is recorded.
 */
export async function giveMoneyBack(
  deps: Pick<AppDeps, "database" | "gateway" | "logger">,
  who: StaffAccount,
  input: { id: number; kind: string; amount: string; payment?: string },
): Promise<{ answer: ReturnAnswer }> {
  const db = deps.database.db;
  if (input.kind !== "refund" && input.kind !== "void") throw badRequest("kind", "Choose refund or void.");
  const paymentId = input.payment && input.payment !== "checkout" ? Number(input.payment) : null;
  if (paymentId !== null && !(Number.isInteger(paymentId) && paymentId > 0))
    throw badRequest("payment", "Choose one of the order's payments.");
  const reserve = await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, input.id)).for("update");
    if (!order || !isOrderStep(order.status)) throw badRequest("id", "No such order.");
    const later = await tx
      .select()
      .from(orderPayments)
      .where(and(eq(orderPayments.orderId, order.id), eq(orderPayments.status, "approved")));
    const p = paymentId === null ? null : later.find((x) => x.id === paymentId);
    if (paymentId !== null && !p) throw badRequest("payment", "Choose one of the order's payments.");
    const retref = p ? p.retref : order.paymentRef;
    if (!retref) throw badRequest("kind", "This order has no card payment to give back.");
    // What that payment took, and what was given back of it (the checkout's: the order's refunds less the later payments').
    const took = Math.round((p ? p.amount : (order.deposit ?? order.total)) * 100);
    const laterRefunded = later.reduce((s, x) => s + Math.round(x.refunded * 100), 0);
    const refunded = p ? Math.round(p.refunded * 100) : Math.round(order.refundedTotal * 100) - laterRefunded;
    let amount: number;
    if (input.kind === "void") {
      if (refunded > 0) throw badRequest("kind", "Part of this payment was already given back: refund instead.");
      amount = took;
    } else {
      const asked = cents(input.amount);
      if (asked === null || asked <= 0) throw badRequest("amount", "Enter an amount such as 120.00.");
      if (asked > took - refunded)
        throw badRequest("amount", `At most ${formatPrice((took - refunded) / 100)} can be refunded of this payment.`);
      amount = asked;
    }
    await tx
      .update(orders)
      .set({ refundedTotal: sql`${orders.refundedTotal} + ${amountText(amount)}::numeric` })
      .where(eq(orders.id, order.id));
    if (p)
      await tx
        .update(orderPayments)
        .set({ refunded: sql`${orderPayments.refunded} + ${amountText(amount)}::numeric` })
        .where(eq(orderPayments.id, p.id));
    return { order, amount, retref, paymentId: p?.id ?? null };
  });

  const { order, amount, retref } = reserve;
  let answer: ReturnAnswer;
  try {
    answer =
      input.kind === "void"
        ? await deps.gateway.voidAmount(retref)
        : await deps.gateway.refund(retref, amountText(amount));
  } catch (err) {
    if (!(err instanceof GatewayUnavailable)) throw err;
    deps.logger.warn({ err, orderRef: order.orderRef }, "Card gateway did not answer a refund");
    answer = {
      respstat: "B",
      respcode: "",
      resptext: "The card gateway did not answer",
      retref: "",
      amount: amountText(amount),
    };
  }
  const accepted = answer.respstat === "A";
  await db.transaction(async (tx) => {
    if (!accepted) {
      await tx
        .update(orders)
        .set({ refundedTotal: sql`${orders.refundedTotal} - ${amountText(amount)}::numeric` })
        .where(eq(orders.id, order.id));
      if (reserve.paymentId !== null)
        await tx
          .update(orderPayments)
          .set({ refunded: sql`${orderPayments.refunded} - ${amountText(amount)}::numeric` })
          .where(eq(orderPayments.id, reserve.paymentId));
    }
    await tx.insert(orderRefunds).values({
      orderId: order.id,
      paymentId: reserve.paymentId,
      kind: input.kind,
      amount: amount / 100,
      respstat: answer.respstat,
      resptext: answer.resptext,
      retref: answer.retref || null,
      staffId: who.id,
    });
    await audit(tx, who, {
      action: `order.${input.kind}`,
      entity: "order",
      entityId: order.orderRef,
      before: { refundedTotal: order.refundedTotal },
      after: {
        refundedTotal: accepted ? (Math.round(order.refundedTotal * 100) + amount) / 100 : order.refundedTotal,
        amount: amountText(amount),
        respstat: answer.respstat,
        resptext: answer.resptext,
        retref: answer.retref,
      },
    });
  });
  return { answer };
}

const CSV_COLUMNS = [
  "order",
  "date",
  "status",
  "name",
  "email",
  "phone",
  "city",
  "region",
  "country",
  "subtotal",
  "shipping",
  "total",
  "refunded",
  "paid",
  "due",
  "carrier",
  "tracking",
] as const;

/** A spreadsheet cell: quoted, and a leading = + - @ defused so a spreadsheet never runs it. */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export async function ordersCsv(db: Db, filter: OrderFilter = {}): Promise<string> {
  const rows = await db
    .select()
    .from(orders)
    .where(inArray(orders.status, filter.status ? [filter.status] : [...ORDER_STEPS]))
    .orderBy(desc(orders.createdAt));
  const lines = rows.map((o) =>
    [
      o.orderRef,
      o.createdAt.toISOString(),
      o.status,
      o.deliveryName,
      o.email,
      o.phone,
      o.address.city,
      o.address.region,
      o.address.country,
      o.subtotal.toFixed(2),
      o.shippingTotal.toFixed(2),
      o.total.toFixed(2),
      o.refundedTotal.toFixed(2),
      o.paidTotal.toFixed(2),
      amountDue(o).toFixed(2),
      o.carrier,
      o.trackingNumber,
    ]
      .map(csvCell)
      .join(","),
  );
  return `${[CSV_COLUMNS.join(","), ...lines].join("\r\n")}\r\n`;
}
