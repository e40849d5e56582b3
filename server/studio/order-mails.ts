/**
 * The mails the studio's work on an order sends the buyer (through the outbox, in the writer's
 * transaction): each step forward, a corrected tracking number, and money given back. The words
 * fit the order: one the studio delivers itself promises no tracking number.
 */
import { formatPrice } from "../../domain/format.ts";
import { shipDatesText } from "../../domain/lead-time.ts";
import type { OrderMoney } from "../../domain/ledger.ts";
import { type Cents, formatCents } from "../../domain/money.ts";
import { exactPrice, type MoneyBackKind } from "../../domain/money-back.ts";
import { lineChoices } from "../../domain/order-lines.ts";
import { collectedAtStudio, type OrderStep, partlyStudioDelivered, studioDelivers } from "../../domain/order-steps.ts";
import { taxLabel } from "../../domain/tax.ts";
import type { orderLines, orders } from "../db/schema.ts";
import { type MailStudio, mailPictureUrl, renderBuyerMail } from "../mail/buyer-mail.tsx";
import type { OutgoingMail } from "../mail/outbox.ts";

type Order = typeof orders.$inferSelect;
type Line = typeof orderLines.$inferSelect;

type Words = {
  kind: string;
  subject: string;
  heading: string;
  says: string;
  note: { label: string; value: string } | null;
};

/** The subject of the mail a step forward sends (the back office's questions name it), or null: no mail. */
export function stepMailSubject(order: Pick<Order, "shipping">, step: OrderStep): string | null {
  if (step === "in_production") return "Your order is in the workshop";
  const collected = collectedAtStudio(order.shipping);
  if (step === "ready") return collected ? "Your order is ready to collect" : "Your order is ready";
  if (step === "shipped")
    return collected
      ? "Your order has been collected"
      : studioDelivers(order.shipping)
        ? "Your order is on its way"
        : "Your order has shipped";
  return null;
}

/** What each step's mail says, for this order: its subject, heading, words and the note beside them. */
function stepWords(order: Order, step: OrderStep): Words | null {
  const subject = stepMailSubject(order, step);
  if (!subject) return null;
  const ref = order.orderRef;
  const ours = studioDelivers(order.shipping);
  if (step === "in_production") {
    const leaves = order.shipWindow ? shipDatesText(order.shipWindow) : null;
    return {
      kind: "order-in-production",
      subject,
      heading: subject,
      says: `Work has begun on your order ${ref}. We will write again when it is ready to leave the studio.`,
      note: leaves ? { label: "Expected to leave the studio", value: leaves } : null,
    };
  }
  if (step === "ready")
    return {
      kind: "order-ready",
      subject,
      heading: subject,
      says: collectedAtStudio(order.shipping)
        ? `Your order ${ref} is finished and ready to collect from the studio. Reply to this mail to agree a time that suits you.`
        : ours
          ? `Your order ${ref} is finished. Next we deliver it ourselves: we will be in touch to agree a day that suits you.`
          : `Your order ${ref} is finished. Next we pack it and hand it to the carrier, and we will mail you its tracking number the day it ships.`,
      note: null,
    };
  const rest = partlyStudioDelivered(order.shipping)
    ? " The pieces we deliver ourselves come with the studio's own delivery: we will be in touch to agree a day."
    : "";
  if (collectedAtStudio(order.shipping))
    return {
      kind: "order-shipped",
      subject,
      heading: subject,
      says: `Your order ${ref} has been collected from the studio. Thank you, and enjoy it.`,
      note: null,
    };
  return {
    kind: "order-shipped",
    subject,
    heading: "Your order is on its way",
    says: ours
      ? `Your order ${ref} is on its way with the studio's own delivery. We will be in touch about when we arrive.`
      : `Your order ${ref} is on its way.${rest}`,
    note: ours ? null : { label: `Tracking number (${order.carrier})`, value: order.trackingNumber ?? "" },
  };
}

/** The order's mail, both parts: its words, its pieces with their pictures, and its sums. */
function orderMail(
  order: Order,
  lines: Line[],
  words: Words,
  studio: MailStudio,
  pageUrl: string,
  money: OrderMoney,
  /** What the mail asks the buyer to pay (0: it asks for nothing). */
  due: Cents,
): OutgoingMail {
  const owed = money.due;
  const asks = due > 0 ? ` ${formatCents(due)} is now due: you can pay it on your order's page.` : "";
  const says = words.says + asks;
  const origin = new URL(pageUrl).origin;
  const note = words.note ? `${words.note.label}: ${words.note.value}\n\n` : "";
  return {
    kind: words.kind,
    to: order.email,
    replyTo: studio.email,
    subject: `${words.subject}${due > 0 ? `: ${formatCents(due)} due` : ""} (${order.orderRef})`,
    text: `Dear ${order.deliveryName},\n\n${says}\n\n${note}Reply to this mail with any question.\n\nYour order's page: ${pageUrl}\n\n${studio.name}\n`,
    html: renderBuyerMail({
      studio,
      preview: says,
      heading: words.heading,
      paragraphs: [`Dear ${order.deliveryName},`, says],
      note: words.note,
      lines: lines.map((l) => ({
        title: l.title,
        details: lineChoices(l.kind, l.details),
        quantity: l.quantity,
        total: formatPrice(l.total),
        pictureUrl: mailPictureUrl(origin, l.details?.picture),
      })),
      // What the order comes to (its sales tax on a line of its own), what was paid, given back
      // and is still due: the ledger's figures.
      sums: [
        ...(money.tax.comesTo > 0 ? [{ label: taxLabel(order.taxRule), value: formatCents(money.tax.comesTo) }] : []),
        { label: "Total (USD)", value: formatCents(money.comesTo) },
        { label: "Paid", value: formatCents(money.paid) },
        ...(money.refunded > 0
          ? [
              {
                label:
                  money.tax.refunded > 0
                    ? `Given back (${formatCents(money.tax.refunded)} of it sales tax)`
                    : "Given back",
                value: formatCents(money.refunded),
              },
            ]
          : []),
        ...(owed > 0 ? [{ label: "Due", value: formatCents(owed), strong: true }] : []),
      ],
      pageUrl,
      ...(due > 0 ? { action: `Pay the balance, ${formatCents(due)}` } : {}),
    }),
  };
}

/** The mail of a step forward (none for 'paid', which the confirmation says). Ready asks for what is due. */
export function stepMail(
  order: Order,
  lines: Line[],
  step: OrderStep,
  studio: MailStudio,
  pageUrl: string,
  money: OrderMoney,
): OutgoingMail | null {
  const words = stepWords(order, step);
  if (!words) return null;
  // Ready with money still owed (the balance after a deposit, a delivery charge): the mail asks for it.
  return orderMail(order, lines, words, studio, pageUrl, money, step === "ready" ? money.due : 0);
}

/** The mail of a corrected carrier or tracking number, once the order has shipped. */
export function trackingCorrectionMail(
  order: Order,
  lines: Line[],
  studio: MailStudio,
  pageUrl: string,
  money: OrderMoney,
): OutgoingMail {
  const words: Words = {
    kind: "order-tracking",
    subject: "A corrected tracking number for your order",
    heading: "A corrected tracking number",
    says: `The tracking number we sent for your order ${order.orderRef} was not the right one. This one is.`,
    note: { label: `Tracking number (${order.carrier})`, value: order.trackingNumber ?? "" },
  };
  return orderMail(order, lines, words, studio, pageUrl, money, 0);
}

/**
 * The mail of money given back: what (in dollars), to which card, the sales tax in it when there
 * is some, and when it shows.
 */
export function moneyBackMail(
  order: Order,
  back: { kind: MoneyBackKind; amount: number; tax: number },
  card: string,
  studio: MailStudio,
  pageUrl: string,
): OutgoingMail {
  const { kind, amount } = back;
  const yours = card.startsWith("the ") ? card : `your ${card}`;
  const tax = back.tax > 0 ? ` Of that, ${exactPrice(back.tax)} is sales tax.` : "";
  const says =
    kind === "void"
      ? `We have cancelled the ${exactPrice(amount)} charge to ${yours} for your order ${order.orderRef}, so it will not be taken.${tax} Your bank may show it as pending for a few days.`
      : `We have refunded ${exactPrice(amount)} to ${yours} for your order ${order.orderRef}.${tax} It can take a few days to show on your statement.`;
  const subject = kind === "void" ? "We have cancelled a charge" : `We have refunded ${exactPrice(amount)}`;
  return {
    kind: `order-${kind}`,
    to: order.email,
    replyTo: studio.email,
    subject: `${subject} (${order.orderRef})`,
    text: `Dear ${order.deliveryName},\n\n${says}\n\nReply to this mail with any question.\n\nYour order's page: ${pageUrl}\n\n${studio.name}\n`,
    html: renderBuyerMail({
      studio,
      preview: says,
      heading: subject,
      paragraphs: [`Dear ${order.deliveryName},`, says],
      pageUrl,
      action: "Open your order",
    }),
  };
}
