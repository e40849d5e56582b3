/** The order confirmation: one mail to the buyer, one to the studio. No card data in either. */

import type { PaymentRequest } from "../../domain/checkout-wire.ts";
import { type ShipWindow, shipDatesText, shipWindowText } from "../../domain/lead-time.ts";
import type { OrderMoney } from "../../domain/ledger.ts";
import { type Cents, formatCents } from "../../domain/money.ts";
import { lineChoices, lineToBuild } from "../../domain/order-lines.ts";
import type { OrderLineDetails } from "../../domain/order-records.ts";
import { type OrderTax, taxLabel } from "../../domain/tax.ts";
import { type MailStudio, mailPictureUrl, renderBuyerMail } from "../mail/buyer-mail.tsx";
import type { OutgoingMail } from "../mail/outbox.ts";
import type { ShippingRate } from "../shipping/provider.ts";
import type { PricedLine } from "./pricing.ts";

/**
 * What the confirmation reads of an order, and nothing more: the checkout's request, priced cart
 * and rate fit it as they are, and so does an order the studio wrote (server/orders/first-payment.ts).
 */
export type MailedOrder = {
  /** The buyer: their name, where the order goes and how to reach them. */
  body: Pick<
    PaymentRequest,
    "deliveryName" | "firstname" | "lastname" | "email" | "phone" | "address" | "city" | "region" | "postal" | "country"
  >;
  cart: {
    lines: (Pick<PricedLine, "title" | "quantity" | "total" | "picture"> & {
      kind: string;
      details: OrderLineDetails | null;
    })[];
    subtotal: Cents;
    /** The pieces the studio delivers itself. */
    specialized: { title: string }[];
  };
  /** The carrier's rate, or the studio's own way in its words; null: arranged with the buyer. */
  rate: { provider: string; servicelevel: Pick<ShippingRate["servicelevel"], "name"> } | null;
};

/** A rate's name: its carrier and service ("USPS Priority Mail"), or the one of them a studio's own way has. */
const rateName = (rate: NonNullable<MailedOrder["rate"]>) =>
  [rate.provider, rate.servicelevel.name].filter(Boolean).join(" ");

export function orderMails(
  o: MailedOrder & {
    studio: MailStudio;
    ref: string;
    shippingTotal: Cents;
    /** The sales tax and the rule it was worked out by (none: no line). */
    tax: OrderTax;
    total: Cents;
    /** What was charged, when it was a deposit (null: the whole total). */
    deposit: Cents | null;
    /** The order's money from its ledger once this payment is in it: what the mails say was paid and is due. */
    money: Pick<OrderMoney, "paid" | "due">;
    /** The buyer's order page (server/orders/links.ts): in the buyer's mail only. */
    pageUrl: string;
    /** When each line (in the cart's order), and the whole order, is expected to ship. */
    windows: { lines: (ShipWindow | null)[]; order: ShipWindow | null };
  },
): OutgoingMail[] {
  const { body, cart, studio } = o;
  const name = body.deliveryName || `${body.firstname} ${body.lastname}`.trim();
  const lines = cart.lines.map((l, i) => {
    const choices = lineChoices(l.kind, l.details);
    const config = choices ? ` (${choices})` : "";
    const window = o.windows.lines[i];
    return `  ${l.quantity} x ${l.title}${config}: ${formatCents(l.total)}${window ? `\n    ${shipWindowText(window)}` : ""}`;
  });
  // The studio's mail names each choice, as the workshop builds from it (domain/order-lines.ts).
  const toBuild = cart.lines.flatMap((l) => {
    const build = lineToBuild(l.kind, l.details);
    return build ? [`  ${l.quantity} x ${l.title}: ${build}`] : [];
  });
  const shipping = o.rate
    ? `Shipping: ${rateName(o.rate)}, ${formatCents(o.shippingTotal)}`
    : "Shipping: arranged with you by the studio";
  const specialized =
    cart.specialized.length > 0
      ? `\nSpecialized shipping: ${cart.specialized.map((s) => s.title).join(", ")}. These pieces are too large and heavy for conventional shipping; we will contact you to arrange delivery.\n`
      : "";
  const address = [name, body.address, `${body.city}, ${body.region} ${body.postal}`, body.country.toUpperCase()].join(
    "\n  ",
  );
  const summary = [
    `Order ${o.ref}`,
    "",
    ...lines,
    "",
    `Subtotal: ${formatCents(cart.subtotal)}`,
    shipping,
    ...(o.tax.rule ? [`${taxLabel(o.tax.rule)}: ${formatCents(o.tax.tax)}`] : []),
    ...(o.deposit === null
      ? [`Total paid: ${formatCents(o.money.paid)} (USD)`]
      : [
          `Total: ${formatCents(o.total)} (USD)`,
          `Deposit paid: ${formatCents(o.money.paid)}`,
          `Balance, due when your pieces are ready: ${formatCents(o.money.due)}`,
        ]),
    ...(o.windows.order ? [`Estimated to leave the studio: ${shipDatesText(o.windows.order)}`] : []),
    specialized,
    "Ship to:",
    `  ${address}`,
  ].join("\n");

  return [
    {
      kind: "order-confirmation",
      to: body.email,
      replyTo: studio.email,
      subject: `Your order from ${studio.name} (${o.ref})`,
      html: confirmationHtml(o, name),
      text: `Dear ${name},\n\nThank you for your purchase. Here is what you ordered:\n\n${summary}\n\nFollow your order, from the workshop to your door, on its page (no account needed; keep this link to yourself):\n${o.pageUrl}\n\nWe will be in touch about delivery. Reply to this mail with any question.\n\n${studio.name}\n`,
    },
    {
      kind: "order-notification",
      to: studio.email,
      replyTo: body.email,
      subject: `New order ${o.ref}: ${formatCents(o.total)}${o.deposit === null ? "" : ` (deposit ${formatCents(o.deposit)})`}`,
      text: `A new order was ${o.deposit === null ? "paid" : "placed with a deposit"}.\n\n${summary}\n\n${toBuild.length > 0 ? `To build:\n${toBuild.join("\n")}\n\n` : ""}Buyer: ${name}, ${body.email}${body.phone ? `, ${body.phone}` : ""}\n`,
    },
  ];
}

/** The confirmation's HTML part: the same order, with each piece's picture and a button to its page. */
function confirmationHtml(o: Parameters<typeof orderMails>[0], name: string): string {
  const origin = new URL(o.pageUrl).origin;
  const leaves = o.windows.order ? shipDatesText(o.windows.order) : null;
  return renderBuyerMail({
    studio: o.studio,
    preview: `Order ${o.ref}: ${formatCents(o.money.paid)} paid.${leaves ? ` Expected to leave the studio ${leaves}.` : ""}`,
    heading: "Thank you for your order",
    paragraphs: [
      `Dear ${name},`,
      o.deposit === null
        ? `Your order ${o.ref} is paid. Here is what you chose; we will be in touch about delivery.`
        : `Your deposit on order ${o.ref} is paid. Here is what you chose; we will write when your pieces are ready, with a link to pay the balance.`,
      ...(o.cart.specialized.length > 0
        ? [
            `${o.cart.specialized.map((x) => x.title).join(", ")}: too large and heavy for a carrier. We will contact you to arrange delivery.`,
          ]
        : []),
    ],
    note: leaves ? { label: "Expected to leave the studio", value: leaves } : null,
    lines: o.cart.lines.map((l, i) => {
      const window = o.windows.lines[i];
      return {
        title: l.title,
        details: lineChoices(l.kind, l.details),
        quantity: l.quantity,
        total: formatCents(l.total),
        pictureUrl: mailPictureUrl(origin, l.picture),
        ships: window ? shipWindowText(window) : null,
      };
    }),
    sums: [
      { label: "Subtotal", value: formatCents(o.cart.subtotal) },
      {
        label: o.rate ? `Shipping (${rateName(o.rate)})` : "Shipping",
        value: o.rate ? formatCents(o.shippingTotal) : "Arranged with you",
      },
      ...(o.tax.rule ? [{ label: taxLabel(o.tax.rule), value: formatCents(o.tax.tax) }] : []),
      ...(o.deposit === null
        ? [{ label: "Paid (USD)", value: formatCents(o.money.paid), strong: true }]
        : [
            { label: "Total (USD)", value: formatCents(o.total) },
            { label: "Deposit paid", value: formatCents(o.money.paid), strong: true },
            { label: "Balance, due when ready", value: formatCents(o.money.due) },
          ]),
    ],
    pageUrl: o.pageUrl,
  });
}
