/**
 * Money given back on an order (refunds and voids), in the studio's words: the question asked
 * before, the answer after, and each past one as a sentence. No gateway codes reach these.
 */
const usdCents = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2 });

/** Money given back is written to the cent, as the buyer's statement shows it ("$50.00"). */
export const exactPrice = (amount: number): string => usdCents.format(amount);

export type MoneyBackKind = "refund" | "void";

/** The card of the checkout's charge ("Visa ending 1111"), or of a payment from the order's page. */
export function cardText(
  order: { cardBrand: string | null; cardLast4: string | null },
  ofLaterPayment: boolean,
): string {
  if (ofLaterPayment) return "the card used on the order's page";
  // The checkout stores the brand as the card's number says it ("visa"): written as a name.
  const brand = order.cardBrand ? order.cardBrand.charAt(0).toUpperCase() + order.cardBrand.slice(1) : "";
  if (brand && order.cardLast4) return `${brand} ending ${order.cardLast4}`;
  if (order.cardLast4) return `the card ending ${order.cardLast4}`;
  return "the card that paid";
}

/** The question asked before money is given back: "Refund $50.00 to Visa ending 1111?" */
export function moneyBackQuestion(kind: MoneyBackKind, amount: number, card: string): string {
  return kind === "void"
    ? `Void the whole ${exactPrice(amount)} charge to ${card}?`
    : `Refund ${exactPrice(amount)} to ${card}?`;
}

/** What was done: "Refunded $50.00 to Visa ending 1111." */
export function moneyBackDone(kind: MoneyBackKind, amount: number, card: string): string {
  return kind === "void"
    ? `Voided the whole ${exactPrice(amount)} charge to ${card}.`
    : `Refunded ${exactPrice(amount)} to ${card}.`;
}

/** Why nothing was given back, in plain words: refused, or no answer at all. */
export function moneyBackRefused(kind: MoneyBackKind, unanswered: boolean): string {
  const what = kind === "void" ? "void" : "refund";
  return unanswered
    ? `The card gateway did not answer, so nothing was given back. Try the ${what} again in a few minutes.`
    : `The card gateway refused the ${what}, so nothing was given back.`;
}

/** A past refund or void as the order page lists it (the time is shown beside it). */
export function moneyBackSentence(r: { kind: string; amount: number; respstat: string }, card: string): string {
  const kind: MoneyBackKind = r.kind === "void" ? "void" : "refund";
  if (r.respstat === "A") return moneyBackDone(kind, r.amount, card).replace(/\.$/, "");
  const what = kind === "void" ? "Void" : `Refund of ${exactPrice(r.amount)}`;
  if (r.respstat === "pending") return `${what} being asked of the card gateway`;
  return r.respstat === "B" ? `${what} not answered by the card gateway` : `${what} refused by the card gateway`;
}
