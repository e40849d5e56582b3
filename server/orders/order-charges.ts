/**
 * The charges the studio adds to an order after checkout (a white-glove delivery; docs/product.md,
 * "Paying what is due"): each an order_charges row, and a mail to the buyer with a link to their
 * order's page, where it is paid (balance.ts).
 */
import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import { formatPrice } from "../../domain/format.ts";
import { type Cents, formatCents, toCents, toDollars } from "../../domain/money.ts";
import { chargeTaxOf } from "../../domain/tax.ts";
import type { Db } from "../db/client.ts";
import { orderCharges, orderPayments, orders } from "../db/schema.ts";
import { badRequest } from "../http/errors.ts";
import type { MailStudio } from "../mail/buyer-mail.tsx";
import { renderBuyerMail } from "../mail/buyer-mail.tsx";
import { enqueueMail } from "../mail/outbox.ts";
import type { StaffAccount } from "../staff/accounts.ts";
import { audit } from "../staff/audit.ts";
import { moneyOf } from "./ledger.ts";
import { mailedOrderLink } from "./links.ts";

const chargeForm = z.object({
  label: z
    .string()
    .trim()
    .min(1, "Say what the charge is for, such as White-glove delivery.")
    .max(120, "The charge's name can be at most 120 characters."),
  chargeAmount: z
    .string()
    .trim()
    .regex(/^\d{1,6}(\.\d{1,2})?$/, "Amount: enter an amount such as 350 or 350.00.")
    .transform(Number)
    .refine((n) => n > 0, "Amount: more than $0."),
});

/**
 * Adds a charge to an order (the back office); the buyer is mailed a link to their order's page
 * to pay it. Gives the amount now due.
 */
export async function addOrderCharge(
  deps: { db: Db; orderPageUrl: (token: string) => string },
  who: StaffAccount,
  studio: MailStudio,
  orderId: number,
  values: { label: string; chargeAmount: string },
): Promise<number> {
  const parsed = chargeForm.safeParse(values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw badRequest(String(issue.path[0] ?? "amount"), issue.message);
  }
  const { label, chargeAmount } = parsed.data;
  const before = toCents(chargeAmount);
  return deps.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order || order.status === "pending") throw badRequest("id", "No such order.");
    // Taxed as the order's delivery is (domain/tax.ts): the row's amount is what the buyer owes, its tax in it.
    const tax = chargeTaxOf(order.taxRule, before);
    const amount = before + tax;
    const chargesTotal = toDollars(toCents(order.chargesTotal) + amount);
    // The mirror kept for the previous release (schema.ts); the charge's row is what is read.
    await tx.update(orders).set({ chargesTotal }).where(eq(orders.id, orderId));
    await tx
      .insert(orderCharges)
      .values({ orderId, label, amount: toDollars(amount), tax: toDollars(tax), staffId: who.id });
    const due = toDollars((await moneyOf(tx, order)).due);
    const url = deps.orderPageUrl(mailedOrderLink(orderId));
    const figure = chargeFigure({ amount, tax });
    const says = `${studio.name} added ${label} (${figure}) to your order ${order.orderRef}. ${formatPrice(due)} is now due; you can pay it on your order's page.`;
    await enqueueMail(tx, [
      {
        kind: "order-charge",
        to: order.email,
        replyTo: studio.email,
        subject: `${formatPrice(due)} due on your order (${order.orderRef})`,
        text: `Dear ${order.deliveryName},\n\n${says}\n\n${url}\n\nReply to this mail with any question.\n\n${studio.name}\n`,
        html: renderBuyerMail({
          studio,
          preview: `${formatPrice(due)} due on your order ${order.orderRef}`,
          heading: `${formatPrice(due)} due on your order`,
          paragraphs: [`Dear ${order.deliveryName},`, says],
          note: { label: label, value: figure },
          pageUrl: url,
          action: "Pay on your order's page",
        }),
      },
    ]);
    await audit(tx, who, {
      action: "order.charge",
      entity: "order",
      entityId: order.orderRef,
      before: { chargesTotal: order.chargesTotal },
      after: { chargesTotal, label, amount: chargeAmount, tax: toDollars(tax) },
    });
    return due;
  });
}

/**
 * A charge as the buyer reads it, from its stored amount (its tax in it) and tax:
 * "$150 + sales tax $9 = $159", or "$150" when it is not taxed.
 */
export const chargeFigure = (c: { amount: Cents; tax: Cents }): string =>
  c.tax > 0
    ? `${formatCents(c.amount - c.tax)} + sales tax ${formatCents(c.tax)} = ${formatCents(c.amount)}`
    : formatCents(c.amount);

/** The charges the studio added to an order, oldest first. */
export const listOrderCharges = (db: Db, orderId: number) =>
  db.select().from(orderCharges).where(eq(orderCharges.orderId, orderId)).orderBy(asc(orderCharges.id));

/** Every payment that went through, the checkout's included, by card or taken in person, oldest first. */
export const listOrderPayments = (db: Db, orderId: number) =>
  db
    .select()
    .from(orderPayments)
    .where(and(eq(orderPayments.orderId, orderId), eq(orderPayments.status, "approved")))
    .orderBy(asc(orderPayments.id));
