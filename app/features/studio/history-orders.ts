/**
 * The words of an order's history entries: its steps with the tracking and whether the buyer was
 * mailed, money given back to a card (never the gateway's codes), charges, payments taken in
 * person, notes, links and build photos (server/studio/orders.ts, order-refunds.ts,
 * unanswered-refunds.ts, manual-orders.ts, server/orders/balance.ts write them).
 */
import { paidHow } from "../../../domain/manual-order.ts";
import { toCents, toDollars } from "../../../domain/money.ts";
import { isOrderStep, ORDER_STEPS, STEP_NAMES } from "../../../domain/order-steps.ts";
import { capital, count, listed, money, num, quoted, type Said, type Say, shorten, str } from "./history-values.ts";

/** An order status by its name: the steps' own, any other code in words ("on_hold" → "On hold"). */
export const statusName = (s: unknown) =>
  isOrderStep(str(s)) ? STEP_NAMES[str(s) as keyof typeof STEP_NAMES] : capital(str(s).replace(/_/g, " ").trim());

const mailedPart = (a: Record<string, unknown>) =>
  a.mailed === true ? " and mailed the buyer" : a.mailed === false ? " without mailing the buyer" : "";

function orderStatus({ b, a }: Said): string {
  const tracking = [str(a.carrier), shorten(str(a.trackingNumber), 24)].filter(Boolean).join(" ");
  const shipped = a.status === "shipped" && tracking ? ` (${tracking})` : "";
  if (a.status === b.status) {
    return a.status === "shipped" && tracking
      ? `Changed the tracking to ${tracking}${mailedPart(a)}`
      : `Saved ${statusName(a.status)} again${mailedPart(a)}`;
  }
  const from = ORDER_STEPS.indexOf(str(b.status) as never);
  const to = ORDER_STEPS.indexOf(str(a.status) as never);
  const back = from >= 0 && to >= 0 && to < from;
  return `${back ? "Moved the order back to" : "Marked"} ${statusName(a.status)}${shipped}${mailedPart(a)}`;
}

/** Whether the card company took a refund or void: said outright by newer entries, by its answer code by older ones. */
const accepted = (a: Record<string, unknown>) =>
  typeof a.accepted === "boolean" ? a.accepted : a.respstat === undefined ? true : a.respstat === "A";

/** What a refund gave back: its amount, or (older entries) the difference of the order's totals, in cents. */
const givenBack = (b: Record<string, unknown>, a: Record<string, unknown>) => {
  if (Number.isFinite(num(a.amount))) return money(a.amount);
  const [after, before] = [num(a.refundedTotal), num(b.refundedTotal)];
  return money(Number.isFinite(after - before) ? toDollars(toCents(after) - toCents(before)) : 0);
};

/** The sales tax an entry names (a refund's given back, a charge's added), or "" when it names none. */
const taxOf = (a: Record<string, unknown>) => (Number.isFinite(num(a.tax)) && num(a.tax) > 0 ? money(a.tax) : "");

const restockedPart = (a: Record<string, unknown>) => {
  const items = Array.isArray(a.restocked) ? a.restocked.map(str).filter(Boolean) : [];
  return items.length ? ` and put ${listed(items.map((t) => shorten(t, 40)))} back in stock` : "";
};

function moneyBack(kind: "refund" | "void"): Say {
  return ({ b, a }) => {
    const card = str(a.card);
    const amount = givenBack(b, a);
    const what =
      kind === "refund"
        ? `refund ${amount}${card ? ` to ${card}` : ""}`
        : `void the ${amount} payment${card ? ` on ${card}` : ""}`;
    if (!accepted(a)) return `Tried to ${what}, but the card company did not take it: nothing was given back`;
    const done =
      kind === "refund"
        ? `Refunded ${amount}${card ? ` to ${card}` : ""}`
        : `Voided the ${amount} payment${card ? ` on ${card}` : ""}`;
    const tax = taxOf(a) ? `, ${taxOf(a)} of it sales tax` : "";
    const restocked = restockedPart(a);
    return `${done}${tax}${tax && restocked ? "," : ""}${restocked}`;
  };
}

function paymentWords(a: Record<string, unknown>): string {
  const method = str(a.method);
  const how = method ? paidHow(method) : "";
  const ref = str(a.reference).trim();
  const refWords = ref
    ? method === "check"
      ? ` (check no. ${shorten(ref, 30)})`
      : ` (reference ${shorten(ref, 30)})`
    : "";
  return `${money(a.amount)}${how ? ` ${how}` : ""}${refWords}`;
}

function photoChange(label: [string, string], before: unknown, after: unknown): string {
  const was = Array.isArray(before) ? before.length : 0;
  const now = Array.isArray(after) ? after.length : 0;
  if (now > was) return `Added ${count(now - was, label)}`;
  if (now < was) return `Took down ${count(was - now, label)}`;
  return `Changed the ${label[1]}' order or descriptions`;
}

/** The words of each order action. */
export const ORDER_WORDS: Record<string, Say> = {
  "order.status": orderStatus,
  "order.refund": moneyBack("refund"),
  "order.void": moneyBack("void"),
  // A refund the card gateway never answered, marked from the studio's CardPointe records
  // (server/studio/unanswered-refunds.ts).
  "order.refund-answered": ({ a }) => {
    const card = str(a.card) ? `${a.kind === "void" ? " on" : " to"} ${str(a.card)}` : "";
    const what = a.kind === "void" ? `void of the ${money(a.amount)} payment` : `refund of ${money(a.amount)}`;
    return a.givenBack === true
      ? `Marked the ${what}${card}, which the card company never answered, as given back`
      : `Marked the ${what}${card}, which the card company never answered, as not given back: it can be given again`;
  },
  "order.note": ({ a }) => `Added a note: ${quoted(str(a.text), 160)}`,
  "order.charge": ({ a }) => {
    // The charge as typed, and the sales tax added to it (none: an entry before the tax, or untaxed).
    const tax = taxOf(a) ? ` and ${taxOf(a)} sales tax` : "";
    const label = str(a.label) ? ` for ${quoted(str(a.label), 60)}` : "";
    return `Added a charge of ${money(a.amount)}${tax}${label} and mailed the buyer what is due`;
  },
  "order.links": ({ b }) => {
    const old = num(b.liveLinks);
    const gone =
      old > 0 ? `; ${old === 1 ? "the old link no longer opens it" : `the ${old} old links no longer open it`}` : "";
    return `Mailed the buyer a new link to the order's page${gone}`;
  },
  "order.photos": ({ b, a }) => photoChange(["build photo", "build photos"], b.buildPhotos, a.buildPhotos),
  "order.create": ({ a }) => {
    const lines = Number.isFinite(num(a.lines)) ? `${count(num(a.lines), ["line", "lines"])}, ` : "";
    const total = Number.isFinite(num(a.total)) ? `${lines}${money(a.total)}` : lines.replace(/, $/, "");
    const what = `Wrote the order${total ? ` (${total})` : ""}`;
    if (Number.isFinite(num(a.amount)) && num(a.amount) > 0) return `${what} and took ${paymentWords(a)}`;
    if (a.pay === "link") return `${what} and mailed the buyer a link to pay`;
    if (a.pay === "here") return `${what}, paid in person`;
    return what;
  },
  "order.cancel": ({ a }) => {
    const back = num(a.stockGivenBack);
    return `Cancelled the order, unpaid${back > 0 ? ", and put back the stock it took" : ""}`;
  },
  "order.payment": ({ a }) => `Took a payment of ${paymentWords(a)}`,
};
