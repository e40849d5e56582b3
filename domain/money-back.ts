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

/**
 * The sales tax in money given back, as a sentence of its own ("It includes $30.00 sales tax."),
 * or nothing when none was collected.
 */
export const taxBackText = (tax: number | undefined): string =>
  tax !== undefined && tax > 0 ? `It includes ${exactPrice(tax)} sales tax.` : "";

/** A sentence and, when there is tax, the sentence saying it. */
const withTax = (sentence: string, tax: number | undefined) => {
  const said = taxBackText(tax);
  return said ? `${sentence} ${said}` : sentence;
};

/**
 * The question asked before money is given back: "Refund $50.00 to Visa ending 1111?", and with
 * sales tax in it "Refund $530.00 to Visa ending 1111? It includes $30.00 sales tax."
 */
export function moneyBackQuestion(kind: MoneyBackKind, amount: number, card: string, tax?: number): string {
  return withTax(
    kind === "void"
      ? `Void the whole ${exactPrice(amount)} charge to ${card}?`
      : `Refund ${exactPrice(amount)} to ${card}?`,
    tax,
  );
}

/** What was done given back, without its full stop: "Refunded $50.00 to Visa ending 1111". */
const doneWords = (kind: MoneyBackKind, amount: number, card: string) =>
  kind === "void"
    ? `Voided the whole ${exactPrice(amount)} charge to ${card}`
    : `Refunded ${exactPrice(amount)} to ${card}`;

/** What was done: "Refunded $50.00 to Visa ending 1111.", and the sales tax in it when there is some. */
export function moneyBackDone(kind: MoneyBackKind, amount: number, card: string, tax?: number): string {
  return withTax(`${doneWords(kind, amount, card)}.`, tax);
}

/** Why nothing was given back, in plain words: refused, or no answer at all. */
export function moneyBackRefused(kind: MoneyBackKind, unanswered: boolean): string {
  const what = kind === "void" ? "void" : "refund";
  return unanswered
    ? `The card gateway did not answer, so nothing was given back. Try the ${what} again in a few minutes.`
    : `The card gateway refused the ${what}, so nothing was given back.`;
}

/**
 * A past refund or void as the order page lists it (the time is shown beside it), with the sales
 * tax it gave back: "Refunded $530.00 to Visa ending 1111, $30.00 of it sales tax".
 */
export function moneyBackSentence(
  r: { kind: string; amount: number; respstat: string; tax?: number },
  card: string,
): string {
  const kind: MoneyBackKind = r.kind === "void" ? "void" : "refund";
  if (r.respstat === "A") {
    const tax = r.tax !== undefined && r.tax > 0 ? `, ${exactPrice(r.tax)} of it sales tax` : "";
    return `${doneWords(kind, r.amount, card)}${tax}`;
  }
  const what = kind === "void" ? "Void" : `Refund of ${exactPrice(r.amount)}`;
  if (r.respstat === "pending") return `${what} being asked of the card gateway`;
  return r.respstat === "B" ? `${what} not answered by the card gateway` : `${what} refused by the card gateway`;
}
