/**
 * An order the studio wrote (server/studio/manual-order-write.ts) waits for its first payment: what
 * may be paid first (the whole, or the studio's deposit on its made-to-order lines), and what the
 * first payment does, by card on the order's page or taken in person (docs/product.md, "Orders
 * the studio writes"): the order becomes paid and the buyer gets the checkout's confirmation.
 */
import { asc, eq } from "drizzle-orm";
import { type DepositCents, depositCents } from "../../domain/deposit.ts";
import { type OrderMoney, taxShareOf } from "../../domain/ledger.ts";
import { DELIVERIES, deliveryWay } from "../../domain/manual-order.ts";
import { type Cents, toCents } from "../../domain/money.ts";
import { AWAITING_PAYMENT } from "../../domain/order-status.ts";
import { type MailedOrder, orderMails } from "../checkout/mails.ts";
import type { Db } from "../db/client.ts";
import { orderLines, orders, studioConfig } from "../db/schema.ts";
import type { MailStudio } from "../mail/buyer-mail.tsx";
import { enqueueMail } from "../mail/outbox.ts";
import { moneyOf, orderTax } from "./ledger.ts";
import { mailedOrderLink } from "./links.ts";

type Order = typeof orders.$inferSelect;
type Line = typeof orderLines.$inferSelect;
type Tx = Pick<Db, "insert" | "select" | "update">;

/** An order still waiting for the first payment of a sale the studio wrote. */
export const awaitsFirstPayment = (o: Pick<Order, "status">) => o.status === AWAITING_PAYMENT;

/** Made to order: a custom line, or a piece the studio builds (as the checkout priced it). */
const madeToOrder = (l: Pick<Line, "details">) => l.details?.madeToOrder === true;

/**
 * The deposit the buyer may pay first on an order awaiting payment, in cents: the studio's rule
 * today on its made-to-order lines and the delivery typed, with the order's sales tax shared
 * between the deposit and the balance (domain/deposit.ts); null when none is offered (or
 * something was paid already: `money`, the order's ledger when the caller has it).
 */
export async function firstDeposit(db: Tx, order: Order, money?: OrderMoney): Promise<DepositCents | null> {
  if (!awaitsFirstPayment(order) || (money ?? (await moneyOf(db, order))).paid > 0) return null;
  const [lines, [studio]] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, order.id)),
    db.select({ percent: studioConfig.depositPercent, minimum: studioConfig.depositMinimum }).from(studioConfig),
  ]);
  if (!studio) return null;
  return depositCents(
    lines.map((l) => ({ cents: toCents(l.total), madeToOrder: madeToOrder(l) })),
    toCents(order.shippingTotal),
    studio,
    orderTax(order),
  );
}

/**
 * The sales tax in a payment of `amount` towards what is due (`money`, the order's ledger read
 * under its lock): a first payment that is the deposit offered carries the deposit's own share,
 * as a checkout's deposit does, so its balance carries the rest; any other payment its share of
 * the tax not yet paid (domain/ledger.ts taxShareOf).
 */
export function paymentTax(money: OrderMoney, amount: Cents, deposit: DepositCents | null): Cents {
  return deposit && amount === deposit.now ? deposit.nowTax : taxShareOf(money, amount);
}

/** How the studio's delivery reads in the confirmation, as the checkout's rate would. */
export const deliveryOf = (order: Pick<Order, "shipping">): string | null => deliveryWay(order.shipping);

/**
 * Inside the payment's transaction (the order row locked): the first payment of `amount` makes
 * the order paid, and the buyer is mailed the checkout's confirmation (a deposit when it was less
 * than the whole) with a new link to the order's page.
 */
export async function markFirstPayment(
  tx: Tx,
  order: Order,
  amount: number,
  studio: MailStudio | null,
  orderPageUrl: (token: string) => string,
): Promise<void> {
  const now = new Date();
  await tx
    .update(orders)
    .set({ status: "paid", paidAt: now, history: [...order.history, { step: "paid", at: now.toISOString() }] })
    .where(eq(orders.id, order.id));
  if (!studio) return;
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id));
  const a = order.address;
  const body: MailedOrder["body"] = {
    deliveryName: order.deliveryName,
    firstname: "",
    lastname: "",
    email: order.email,
    phone: order.phone,
    address: a.address,
    city: a.city,
    region: a.region,
    postal: a.postal,
    country: a.country,
  };
  const cart: MailedOrder["cart"] = {
    lines: lines.map((l) => ({
      kind: l.kind,
      title: l.title,
      quantity: l.quantity,
      total: toCents(l.total),
      details: l.details,
      picture: l.details?.picture ?? null,
    })),
    subtotal: toCents(order.subtotal),
    specialized: [],
  };
  const way = deliveryOf(order);
  // The studio's delivery in the words of a carrier's rate, so the mail names it and its charge.
  const rate: MailedOrder["rate"] =
    way && (order.shippingTotal > 0 || way !== DELIVERIES.ship) ? { provider: way, servicelevel: { name: "" } } : null;
  const windows = {
    lines: lines.map((l) => l.details?.shipWindow ?? null),
    order: order.shipWindow ?? null,
  };
  const pageUrl = orderPageUrl(mailedOrderLink(order.id));
  await enqueueMail(
    tx,
    orderMails({
      studio,
      ref: order.orderRef,
      body,
      cart,
      shippingTotal: toCents(order.shippingTotal),
      tax: orderTax(order),
      total: toCents(order.total),
      deposit: toCents(amount) < toCents(order.total) ? toCents(amount) : null,
      money: await moneyOf(tx, order),
      rate,
      pageUrl,
      windows,
    }),
  );
}
