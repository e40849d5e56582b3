/**
 * Orders the studio writes itself, sold on the phone or in the showroom (docs/product.md, "Orders
 * the studio writes"): catalog items (priced and their stock taken exactly as the checkout does,
 * server/checkout/pricing.ts and stock.ts) and custom lines, the buyer's details and the delivery
 * with the charge the studio typed. Written 'awaiting_payment' with `source` 'studio': its money
 * is all in order_payments, whether paid by card from the link mailed to the buyer
 * (server/orders/balance.ts payBalance) or taken in person (cash, check, card terminal), and the
 * first payment makes it paid (server/orders/first-payment.ts). Cancelled unpaid, its stock is
 * given back.
 */
import { randomBytes } from "node:crypto";
import { and, asc, eq, inArray } from "drizzle-orm";
import { EMAIL } from "../../domain/email.ts";
import { AMOUNT, formatPrice } from "../../domain/format.ts";
import { latestWindow } from "../../domain/lead-time.ts";
import {
  type CatalogChoice,
  IN_PERSON_METHODS,
  isDelivery,
  isInPersonMethod,
  MANUAL_LIMITS,
  needsReference,
} from "../../domain/manual-order.ts";
import {
  type Cents,
  decimalText,
  formatCents,
  parseDollars,
  sumCents,
  toCents,
  toDollars,
} from "../../domain/money.ts";
import { AWAITING_PAYMENT, CANCELLED } from "../../domain/order-status.ts";
import { fullName } from "../../domain/product-names.ts";
import { saleTaxRule, stateCode, type TaxRule, taxLabel, taxOf } from "../../domain/tax.ts";
import { orderLineRows, shipWindowOf } from "../checkout/orders.ts";
import { type PricedLine, priceCart } from "../checkout/pricing.ts";
import { BEING_PAID_FOR, giveStockBack, takeStock } from "../checkout/stock.ts";
import type { Db } from "../db/client.ts";
import { sqlState } from "../db/retry.ts";
import { orderLines, orderPayments, orders, products, studioConfig } from "../db/schema.ts";
import type { AppDeps } from "../deps.ts";
import { ApiError, badRequest } from "../http/errors.ts";
import { type MailStudio, renderBuyerMail } from "../mail/buyer-mail.tsx";
import { enqueueMail } from "../mail/outbox.ts";
import { awaitsFirstPayment, deliveryOf, firstDeposit, markFirstPayment, paymentTax } from "../orders/first-payment.ts";
import { moneyOf, orderTax } from "../orders/ledger.ts";
import { mailedOrderLink, orderPageUrl } from "../orders/links.ts";
import { newOrderRef } from "../orders/order-ref.ts";
import { paymentReceipt } from "../orders/payment-receipt.ts";
import type { StaffAccount } from "../staff/accounts.ts";
import { audit } from "../staff/audit.ts";

type Deps = Pick<AppDeps, "database" | "mailer" | "config" | "changes" | "logger">;

/** A form's key: what the page renders (newFormKey), posted back; a repeat makes nothing new. */
export const FORM_KEY = /^[A-Za-z0-9_-]{16,100}$/;
export const newFormKey = () => randomBytes(18).toString("base64url");

/** What the catalog offers the new-order form: every piece, size, slab and base for sale, by name. */
export async function catalogChoices(db: Db): Promise<CatalogChoice[]> {
  const rows = await db
    .select({
      id: products.id,
      parentId: products.parentId,
      title: products.title,
      type: products.type,
      price: products.price,
      salePrice: products.salePrice,
      stock: products.stock,
      status: products.status,
      visibility: products.visibility,
    })
    .from(products)
    .orderBy(asc(products.type), asc(products.title), asc(products.id));
  const titles = new Map(rows.map((r) => [r.id, r.title]));
  return rows
    .filter((r) => r.type !== "Divergence" && r.status === "Active" && r.visibility !== "Hidden")
    .map((r) => ({
      id: r.id,
      type: r.type,
      name: fullName({ id: r.id, title: r.title, productId: r.parentId }, (id) => titles.get(id)),
      price: r.salePrice ?? r.price,
      stock: r.stock,
    }))
    .sort((a, b) => a.type.localeCompare(b.type) || a.name.localeCompare(b.name));
}

/** One row of the form as posted: a catalog item, or a custom line's description and price. */
export type PostedLine = { item: string; quantity: string; description: string; price: string };

/** The new-order form as posted (every value a trimmed string). */
export type ManualOrderForm = {
  key: string;
  name: string;
  email: string;
  phone: string;
  delivery: string;
  address: string;
  city: string;
  region: string;
  postal: string;
  country: string;
  shipping: string;
  lines: PostedLine[];
  /** 'link': mail the buyer a link to pay; 'here': a payment taken in person, now. */
  pay: string;
  method: string;
  amount: string;
  reference: string;
};

/** An amount typed by the studio, exactly (domain/format.ts AMOUNT): null when it is not one. */
function amountOf(text: string): number | null {
  if (!AMOUNT.test(text)) return null;
  const cents = parseDollars(text);
  return cents === null ? null : toDollars(cents);
}

/** A quantity: a whole number from 1 to the limit, else a refusal naming the field. */
function quantityOf(text: string, field: string, n: number): number {
  const q = /^\d{1,3}$/.test(text) ? Number(text) : Number.NaN;
  if (!(Number.isInteger(q) && q >= 1 && q <= MANUAL_LIMITS.quantity))
    throw badRequest(field, `Line ${n}: the quantity is a whole number from 1 to ${MANUAL_LIMITS.quantity}.`);
  return q;
}

/** A custom line: the studio's description and price, made to order (a deposit may be paid on it). */
function customLine(description: string, unitPrice: number, quantity: number): PricedLine {
  return {
    kind: "custom",
    itemId: 0,
    title: description,
    unitPrice,
    quantity,
    total: toDollars(toCents(unitPrice) * quantity),
    customShipping: true,
    madeToOrder: true,
    stockRef: null,
    details: {},
    picture: null,
    shipWindows: { inStock: null, built: null },
    parcels: [],
  };
}

/** The lines of the form priced: catalog items by the checkout's prices, custom lines as typed. Rows left empty are passed over. */
async function pricedLines(db: Db, posted: PostedLine[]): Promise<PricedLine[]> {
  if (posted.length > MANUAL_LIMITS.lines)
    throw badRequest("lines", `An order has at most ${MANUAL_LIMITS.lines} lines.`);
  const rows = posted
    .map((l, i) => ({ ...l, i, n: i + 1 }))
    .filter((l) => l.item || l.description || l.price || (l.quantity && l.quantity !== "1"));
  if (rows.length === 0) throw badRequest("item-0", "Add a line: a piece from the catalog, or a custom line.");
  const ids = rows.filter((l) => l.item).map((l) => Number(l.item));
  const found = ids.some((id) => !(Number.isInteger(id) && id > 0 && id <= 2_147_483_647))
    ? []
    : await db
        .select({
          id: products.id,
          title: products.title,
          type: products.type,
          status: products.status,
          visibility: products.visibility,
          stock: products.stock,
        })
        .from(products)
        .where(inArray(products.id, ids.length > 0 ? ids : [0]));
  const byId = new Map(found.map((p) => [p.id, p]));
  const lines: PricedLine[] = [];
  for (const l of rows) {
    const quantity = quantityOf(l.quantity || "1", `quantity-${l.i}`, l.n);
    if (l.item) {
      const p = byId.get(Number(l.item));
      if (!p || p.type === "Divergence" || p.visibility === "Hidden" || p.status !== "Active")
        throw badRequest(`item-${l.i}`, `Line ${l.n}: that item is not for sale in the catalog. Choose another.`);
      if (p.stock < quantity)
        throw badRequest(
          `item-${l.i}`,
          p.stock <= 0
            ? `Line ${l.n}: ${p.title} is sold out.`
            : `Line ${l.n}: only ${p.stock} of ${p.title} ${p.stock === 1 ? "is" : "are"} left.`,
        );
      const [priced] = (await priceCart(db, [{ id: p.id, quantity, type: p.type, title: p.title }])).lines;
      lines.push({ ...priced!, details: { ...priced!.details, madeToOrder: priced!.madeToOrder } });
      continue;
    }
    if (!l.description || l.description.length > MANUAL_LIMITS.descriptionLength)
      throw badRequest(
        `description-${l.i}`,
        `Line ${l.n}: describe the piece (at most ${MANUAL_LIMITS.descriptionLength} characters), or choose one from the catalog.`,
      );
    const price = amountOf(l.price);
    if (price === null || price <= 0)
      throw badRequest(`price-${l.i}`, `Line ${l.n}: enter the price of one, such as 1250 or 1250.00.`);
    lines.push({ ...customLine(l.description, price, quantity), details: { madeToOrder: true } });
  }
  return lines;
}

/** The buyer and the delivery, checked; the first problem is a refusal naming its field. */
function buyerOf(f: ManualOrderForm) {
  if (!f.name || f.name.length > 200) throw badRequest("name", "Enter the buyer's name.");
  if (!EMAIL.test(f.email) || f.email.length > 200)
    throw badRequest("email", "Enter the buyer's e-mail address: their confirmation and order page go there.");
  if (f.phone.length > 40 || (f.phone && !/^[0-9+()./ -]{7,40}$/.test(f.phone)))
    throw badRequest("phone", "Enter a phone number such as (215) 555-0134, or leave it empty.");
  if (!isDelivery(f.delivery)) throw badRequest("delivery", "Choose how the pieces reach the buyer.");
  const needsAddress = f.delivery !== "collect";
  const address = {
    address: f.address.slice(0, 200),
    city: f.city.slice(0, 100),
    region: f.region.slice(0, 100),
    postal: f.postal.slice(0, 20),
    country: (f.country || "US").toUpperCase().slice(0, 2),
  };
  if (needsAddress) {
    if (!address.address) throw badRequest("address", "Enter the street address it goes to.");
    if (!address.city) throw badRequest("city", "Enter the city.");
    if (!address.postal) throw badRequest("postal", "Enter the postal code.");
  }
  if (!/^[A-Z]{2}$/.test(address.country))
    throw badRequest("country", "Enter the country's two-letter code, such as US.");
  // In the US the state decides the sales tax: it must be one.
  if (needsAddress && address.country === "US" && !stateCode(address.region))
    throw badRequest("region", "Enter the state, such as PA or Pennsylvania: its sales tax depends on it.");
  const shipping = f.shipping === "" ? 0 : amountOf(f.shipping);
  if (shipping === null)
    throw badRequest("shipping", "Enter the delivery charge such as 150 or 150.00, or leave it empty for none.");
  return { name: f.name, email: f.email, phone: f.phone, delivery: f.delivery, address, shipping };
}

type InPerson = { method: keyof typeof IN_PERSON_METHODS; amount: number; reference: string };

/** A payment taken in person as posted: how, how much and its reference, checked. */
export function inPersonOf(values: { method: string; amount: string; reference: string }): InPerson {
  if (!isInPersonMethod(values.method))
    throw badRequest("method", "Choose how it was paid: cash, check or card terminal.");
  const amount = amountOf(values.amount);
  if (amount === null || amount <= 0) throw badRequest("amount", "Enter the amount taken, such as 120 or 120.00.");
  const reference = values.reference.slice(0, MANUAL_LIMITS.referenceLength + 1);
  if (reference.length > MANUAL_LIMITS.referenceLength)
    throw badRequest("reference", `The reference can be at most ${MANUAL_LIMITS.referenceLength} characters.`);
  if (needsReference(values.method) && !reference)
    throw badRequest(
      "reference",
      values.method === "check" ? "Enter the check's number." : "Enter the terminal receipt's number.",
    );
  return { method: values.method, amount, reference };
}

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
  const goods = sumCents(lines.map((l) => toCents(l.total)));
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

/** The studio's sales tax rule for a sale (domain/sale-tax.ts); null where none is collected. */
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

/**
 * Records a payment taken in person on an order with money due (its first, or a balance paid in
 * cash): an approved order_payments row with its method and reference, what was paid raised; the
 * first payment of an order awaiting one makes it paid and mails the confirmation, a later one a
 * receipt. A repeat of the form's key records nothing more.
 */
export async function recordInPersonPayment(
  deps: Deps,
  who: StaffAccount,
  studio: MailStudio,
  orderId: number,
  values: { method: string; amount: string; reference: string; key: string },
): Promise<{ amount: Cents; due: Cents; repeated: boolean }> {
  if (!FORM_KEY.test(values.key)) throw badRequest("key", "This form has expired. Reload the page and try again.");
  const paid = inPersonOf(values);
  const db = deps.database.db;
  const repeat = async () => {
    const [p] = await db.select().from(orderPayments).where(eq(orderPayments.key, values.key));
    if (!p) return null;
    if (p.orderId !== orderId) throw badRequest("key", "This form has expired. Reload the page and try again.");
    const [o] = await db.select().from(orders).where(eq(orders.id, orderId));
    return { amount: toCents(p.amount), due: o ? (await moneyOf(db, o)).due : 0, repeated: true };
  };
  const seen = await repeat();
  if (seen) return seen;
  try {
    const due = await db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
      if (!order || order.status === "pending" || order.status === "failed") throw badRequest("id", "No such order.");
      return recordPayment(deps, tx, who, studio, order, { ...paid, key: values.key });
    });
    deps.mailer.kick();
    return { amount: toCents(paid.amount), due, repeated: false };
  } catch (err) {
    if (sqlState(err) === "23505") {
      const first = await repeat();
      if (first) return first;
    }
    throw err;
  }
}

/** Inside the caller's transaction, the order row locked: the payment recorded. Gives what is still due, in cents. */
async function recordPayment(
  deps: Pick<Deps, "config">,
  tx: Db,
  who: StaffAccount,
  studio: MailStudio,
  order: typeof orders.$inferSelect,
  paid: InPerson & { key: string },
): Promise<Cents> {
  if (order.status === CANCELLED) throw badRequest("amount", "This order was cancelled: nothing is due.");
  const before = await moneyOf(tx, order);
  const due = before.due;
  const amount = toCents(paid.amount);
  if (due <= 0) throw badRequest("amount", "Nothing is due on this order.");
  if (amount > due) throw badRequest("amount", `${formatCents(due)} is due: the amount taken can be at most that.`);
  const [inFlight] = await tx
    .select({ id: orderPayments.id })
    .from(orderPayments)
    .where(and(eq(orderPayments.orderId, order.id), eq(orderPayments.status, "pending")));
  if (inFlight)
    throw badRequest("amount", "The buyer is paying by card on the order's page right now: wait a moment and reload.");
  // Its share of the tax, from the ledger as it stands under the order's lock (the deposit's own on a first deposit).
  const tax = paymentTax(before, amount, await firstDeposit(tx, order, before));
  const now = new Date();
  await tx.insert(orderPayments).values({
    orderId: order.id,
    key: paid.key,
    ref: `P${newOrderRef()}`,
    amount: paid.amount,
    tax: toDollars(tax),
    status: "approved",
    method: paid.method,
    reference: paid.reference || null,
    resptext: `Taken in person: ${IN_PERSON_METHODS[paid.method].toLowerCase()}`,
    source: "in_person",
    createdAt: now,
    settledAt: now,
  });
  // The mirror kept for the previous release (schema.ts); the payment's row is what is read.
  const paidTotal = toDollars(toCents(order.paidTotal) + amount);
  await tx.update(orders).set({ paidTotal }).where(eq(orders.id, order.id));
  const pageUrl = (token: string) => orderPageUrl(deps.config, token);
  if (awaitsFirstPayment(order)) await markFirstPayment(tx, order, paid.amount, studio, pageUrl);
  else
    await enqueueMail(tx, [
      paymentReceipt({
        studio,
        order,
        amount,
        tax,
        due: due - amount,
        how: IN_PERSON_METHODS[paid.method].toLowerCase(),
      }),
    ]);
  await audit(tx, who, {
    action: "order.payment",
    entity: "order",
    entityId: order.orderRef,
    before: { paidTotal: decimalText(before.paid), status: order.status },
    after: { method: paid.method, amount: decimalText(amount), reference: paid.reference },
  });
  return due - amount;
}

/**
 * Calls off an order the studio wrote that nothing was paid on: it is marked cancelled and the
 * stock it took given back, in one transaction.
 */
export async function cancelManualOrder(deps: Deps, who: StaffAccount, orderId: number): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (order?.source !== "studio") throw badRequest("id", "No such order.");
    if (!awaitsFirstPayment(order) || (await moneyOf(tx, order)).paid > 0)
      throw badRequest("id", "Only an order nothing was paid on can be cancelled.");
    const [pending] = await tx
      .select({ id: orderPayments.id })
      .from(orderPayments)
      .where(and(eq(orderPayments.orderId, orderId), eq(orderPayments.status, "pending")));
    if (pending) throw badRequest("id", "The buyer is paying by card right now: wait a moment and reload.");
    const now = new Date();
    await tx
      .update(orders)
      .set({
        status: CANCELLED,
        statusChangedAt: now,
        history: [...order.history, { step: CANCELLED, at: now.toISOString() }],
      })
      .where(eq(orders.id, orderId));
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    await giveStockBack(
      tx as unknown as Db,
      lines.filter((l) => l.kind === "product"),
    );
    await audit(tx, who, {
      action: "order.cancel",
      entity: "order",
      entityId: order.orderRef,
      before: { status: order.status },
      after: { status: CANCELLED, stockGivenBack: lines.filter((l) => l.kind === "product").length },
    });
  });
  deps.changes.publish();
}
