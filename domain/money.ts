/**
 * Money inside the shop is whole cents (an integer number): sums, splits and comparisons are
 * exact, and "the same amount" is `===`. Dollars exist only at the edges: what the catalog and
 * the API's wire carry (JSON numbers in dollars, docs/api.md), what the gateway takes ("123.45"),
 * what a person types ("3,400.50") and what a page shows ("$3,400.50"). Every conversion and
 * every rounding to the cent is here, or in money-shares.ts (a percentage of an amount, an amount
 * split in proportion), and nowhere else (tests/architecture/boundaries.test.ts).
 */

/** An amount in whole cents. */
export type Cents = number;

/** True for a whole number of cents within the range money is kept in (numeric 12,2). */
export const isCents = (n: unknown): n is Cents =>
  typeof n === "number" && Number.isSafeInteger(n) && Math.abs(n) < 1e12;

/**
 * A dollar figure (the catalog's price, a wire amount, a numeric(12,2) column read as a number)
 * as cents. Such figures carry at most two decimals, so rounding here only takes off binary
 * noise (19.99 * 100 is 1998.9999999999998). Anything not a finite number is refused.
 */
export function toCents(dollars: number): Cents {
  if (!Number.isFinite(dollars)) throw new RangeError(`Not an amount: ${dollars}`);
  return Math.round(dollars * 100);
}

/** Cents as the dollar number the API's wire and the catalog carry. */
export const toDollars = (cents: Cents): number => cents / 100;

/** Cents as the gateway and numeric columns take them: "1234.50", "-0.05"; exact, never through floats. */
export function decimalText(cents: Cents): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/**
 * What a person typed as dollars: "3400", "3,400", "$3,400.50", "1250.5", " 12 ". Thousands
 * separators must be in the right places; at most two decimals. Null when it is not an amount.
 */
export function parseDollars(text: string): Cents | null {
  const t = text.trim().replace(/^\$\s*/, "");
  const m = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(t);
  if (!m) return null;
  const whole = Number(m[1]!.replaceAll(",", ""));
  const cents = whole * 100 + Number((m[2] ?? "").padEnd(2, "0"));
  return isCents(cents) ? cents : null;
}

const usdWhole = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
const usdCents = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2 });

/**
 * An amount for a page or a mail, en-US, USD: no decimals for whole dollars (docs/product.md §9),
 * the cents when there are any (a sum is never shown rounded to the dollar).
 */
export const formatCents = (cents: Cents): string =>
  cents % 100 === 0 ? usdWhole.format(cents / 100) : usdCents.format(cents / 100);

export const sumCents = (amounts: readonly Cents[]): Cents => amounts.reduce((s, a) => s + a, 0);
