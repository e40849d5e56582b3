/**
 * An order the studio writes, sold on the phone or in the showroom (docs/product.md, "Orders the
 * studio writes"): its form read (manual-order-form.ts), its sales tax the studio's rule for the
 * sale, its stock taken exactly as the checkout takes it (server/checkout/stock.ts), and written
 * 'awaiting_payment' with `source` 'studio'. Its money is all in order_payments: the buyer is
 * mailed a link to pay by card on their order's page (server/orders/balance.ts payBalance), or a
 * payment taken in person is recorded at once (in-person-payments.ts). The form's key makes a
 * second press give the first order.
 */
import { asc, eq } from "drizzle-orm";
import { formatPrice } from "../../domain/format.ts";
import { latestWindow } from "../../domain/lead-time.ts";
import { decimalText, formatCents, sumCents, toCents, toDollars } from "../../domain/money.ts";
import { AWAITING_PAYMENT } from "../../domain/order-status.ts";
import { saleTaxRule, type TaxRule, taxLabel, taxOf } from "../../domain/tax.ts";
import { orderLineRows, shipWindowOf } from "../checkout/orders.ts";
import { BEING_PAID_FOR, takeStock } from "../checkout/stock.ts";
import type { Db } from "../db/client.ts";
import { sqlState } from "../db/retry.ts";
import { orderLines, orders, studioConfig } from "../db/schema.ts";
import type { AppDeps } from "../deps.ts";
import { ApiError, badRequest } from "../http/errors.ts";
import { type MailStudio, renderBuyerMail } from "../mail/buyer-mail.tsx";
import { enqueueMail } from "../mail/outbox.ts";
import { deliveryOf, firstDeposit } from "../orders/first-payment.ts";
import { orderTax } from "../orders/ledger.ts";
import { mailedOrderLink, orderPageUrl } from "../orders/links.ts";
import { newOrderRef } from "../orders/order-ref.ts";
import type { StaffAccount } from "../staff/accounts.ts";
import { audit } from "../staff/audit.ts";
import { inPersonOf, recordPayment } from "./in-person-payments.ts";
import { buyerOf, FORM_KEY, type ManualOrderForm, pricedLines } from "./manual-order-form.ts";

type Deps = Pick<AppDeps, "database" | "mailer" | "config" | "changes" | "logger">;

/**
 * Writes the order: its stock taken as the checkout takes it, and either the buyer mailed a link
 * to pay it, or the payment taken in person recorded, all in one transaction. A repeat of the
 * form's key gives the first order. Gives the order's id.
 */
export async function createManualOrder(
  deps: Deps,
  who: StaffAccount,
  studio: MailStudio,
  form: ManualOrderForm,
): Promise<{ id: number; repeated: boolean }> {
  const db = deps.database.db;
  if (!FORM_KEY.test(form.key)) throw badRequest("key", "This form has expired. Reload the page and try again.");
  const seen = await orderOfKey(db, form.key);
  if (seen) return { id: seen, repeated: true };
  const buyer = buyerOf(form);
  const lines = await pricedLines(db, form.lines);
  if (form.pay !== "link" && form.pay !== "here") throw badRequest("pay", "Choose how the buyer pays.");
  const paid = form.pay === "here" ? inPersonOf(form) : null;
  const goods = sumCents(lines.map((l) => l.total));
  const subtotal = toDollars(goods);
  const tax = taxOf(await saleRuleOf(db, buyer), goods, toCents(buyer.shipping));
  const total = toDollars(goods + toCents(buyer.shipping) + tax.tax);
  if (total <= 0) throw badRequest("item-0", "The order comes to $0: add a line with a price.");
  if (paid && paid.amount > total)
    throw badRequest("amount", `The order comes to ${formatPrice(total)}: the amount taken can be at most that.`);
  const ref = newOrderRef();
  let id: number;
  try {
    id = await takeStock(db, lines, async (tx, builtToOrder) => {
      const windowOf = shipWindowOf(builtToOrder);
      const [order] = await tx
        .insert(orders)
        .values({
          orderRef: ref,
          status: AWAITING_PAYMENT,
          source: "studio",
          formKey: form.key,
          email: buyer.email,
          deliveryName: buyer.name,
          phone: buyer.phone,
          address: buyer.address,
          subtotal,
          shippingTotal: buyer.shipping,
          tax: toDollars(tax.tax),
          taxRule: tax.rule,
          total,
          shipping: { rate: null, specialized: [], delivery: { way: buyer.delivery } },
          shipWindow: latestWindow(lines.map(windowOf)),
        })
        .returning();
      await tx.insert(orderLines).values(orderLineRows(order!.id, lines, builtToOrder));
      await audit(tx, who, {
        action: "order.create",
        entity: "order",
        entityId: ref,
        after: { lines: lines.length, total: decimalText(toCents(total)), tax: decimalText(tax.tax), pay: form.pay },
      });
      if (paid) await recordPayment(deps, tx, who, studio, order!, { ...paid, key: form.key });
      else await mailPayLink(deps, tx, studio, order!);
      return order!.id;
    });
  } catch (err) {
    // The same form sent twice at once: the first one's order.
    if (sqlState(err) === "23505") {
      const first = await orderOfKey(db, form.key);
      if (first) return { id: first, repeated: true };
    }
    // The checkout's refusal of a row short of stock, named for the line it was on.
    if (err instanceof ApiError && (err.code === "sold_out" || err.code === BEING_PAID_FOR)) {
      const i = lines.findIndex((l) => l.stockRef && err.message.includes(l.title));
      throw badRequest(
        i >= 0 ? `item-${form.lines.findIndex((p) => Number(p.item) === lines[i]!.itemId)}` : "item-0",
        `${i >= 0 ? `${lines[i]!.title}` : "A piece"} has just sold out${err.code === BEING_PAID_FOR ? " or is held in a checkout" : ""}: choose another or lower the quantity.`,
      );
    }
    throw err;
  }
  deps.changes.publish();
  deps.mailer.kick();
  return { id, repeated: false };
}

/** The studio's sales tax rule for a sale (domain/tax.ts saleTaxRule); null where none is collected. */
async function saleRuleOf(
  db: Pick<Db, "select">,
  sale: { delivery: string; address: { country: string; region: string } },
): Promise<TaxRule | null> {
  const [studio] = await db
    .select({ rules: studioConfig.salesTax, state: studioConfig.state, country: studioConfig.country })
    .from(studioConfig);
  return studio ? saleTaxRule(studio.rules, sale, studio) : null;
}

async function orderOfKey(db: Db, key: string): Promise<number | null> {
  const [o] = await db.select({ id: orders.id }).from(orders).where(eq(orders.formKey, key));
  return o?.id ?? null;
}

/** The mail asking the buyer to pay: what they ordered, the total, and the link to their order's page. */
async function mailPayLink(
  deps: Pick<Deps, "config">,
  tx: Db,
  studio: MailStudio,
  order: typeof orders.$inferSelect,
): Promise<void> {
  const url = orderPageUrl(deps.config, mailedOrderLink(order.id));
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id));
  const deposit = await firstDeposit(tx, order);
  const way = deliveryOf(order);
  const tax = orderTax(order);
  const says = `Here is your order ${order.orderRef}, as we wrote it with you. ${formatPrice(order.total)} is due: you can pay it by card on your order's page${deposit ? `, or pay a deposit of ${formatCents(deposit.now)} now and the rest when your pieces are ready` : ""}.`;
  const sums = [
    { label: "Subtotal", value: formatPrice(order.subtotal) },
    { label: way ?? "Delivery", value: formatPrice(order.shippingTotal) },
    ...(tax.rule ? [{ label: taxLabel(tax.rule), value: formatCents(tax.tax) }] : []),
    { label: "Total (USD)", value: formatPrice(order.total), strong: true },
    ...(deposit ? [{ label: "Or a deposit now", value: formatCents(deposit.now) }] : []),
  ];
  await enqueueMail(tx, [
    {
      kind: "order-pay-link",
      to: order.email,
      replyTo: studio.email,
      subject: `Your order from ${studio.name}: ${formatPrice(order.total)} to pay (${order.orderRef})`,
      text: `Dear ${order.deliveryName},\n\n${says}\n\n${lines.map((l) => `  ${l.quantity} x ${l.title}: ${formatPrice(l.total)}`).join("\n")}\n${sums.map((x) => `  ${x.label}: ${x.value}`).join("\n")}\n\n${url}\n\nKeep this link to yourself: it opens your order without an account. Reply to this mail with any question.\n\n${studio.name}\n`,
      html: renderBuyerMail({
        studio,
        preview: `${formatPrice(order.total)} to pay for your order ${order.orderRef}`,
        heading: "Your order, ready to pay",
        paragraphs: [`Dear ${order.deliveryName},`, says],
        lines: lines.map((l) => ({ title: l.title, quantity: l.quantity, total: formatPrice(l.total) })),
        sums,
        pageUrl: url,
        action: "Pay on your order's page",
      }),
    },
  ]);
}
