/**
 * The buyer's receipt of a payment after checkout (a balance or a charge paid from the order's
 * page, a payment taken in person): what was received, the sales tax in it, and what is still due.
 */
import { type Cents, formatCents } from "../../domain/money.ts";
import { type TaxRule, taxLabel } from "../../domain/tax.ts";
import { type MailStudio, renderBuyerMail } from "../mail/buyer-mail.tsx";
import type { OutgoingMail } from "../mail/outbox.ts";

export function paymentReceipt(r: {
  studio: MailStudio;
  order: { orderRef: string; email: string; deliveryName: string; taxRule: TaxRule | null };
  amount: Cents;
  /** The sales tax in `amount`. */
  tax: Cents;
  /** What is still due after it. */
  due: Cents;
  /** How it was paid, when not by card: "cash", "check", "card terminal". */
  how?: string;
}): OutgoingMail {
  const { studio, order } = r;
  const says = `We received ${formatCents(r.amount)}${r.how ? ` (${r.how})` : ""} for your order ${order.orderRef}. Thank you.`;
  const sums = [
    { label: "Received", value: formatCents(r.amount) },
    ...(r.tax > 0 ? [{ label: `${taxLabel(order.taxRule)}, in it`, value: formatCents(r.tax) }] : []),
    { label: "Still due", value: r.due > 0 ? formatCents(r.due) : "Nothing" },
  ];
  return {
    kind: "order-payment",
    to: order.email,
    replyTo: studio.email,
    subject: `Payment received (${order.orderRef})`,
    text: `Dear ${order.deliveryName},\n\n${says}\n\n${sums.map((s) => `  ${s.label}: ${s.value}`).join("\n")}\n\n${studio.name}\n`,
    html: renderBuyerMail({
      studio,
      preview: `${formatCents(r.amount)} received for your order ${order.orderRef}`,
      heading: "Payment received",
      paragraphs: [`Dear ${order.deliveryName},`, says],
      sums,
    }),
  };
}
