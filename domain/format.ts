import { formatCents, parseDollars, toCents, toDollars } from "./money.ts";

/**
 * Dollars as a person types them in the back office: up to 9,999,999, with or without a "$" and
 * thousands commas, cents optional ("1250", "3,400", "$1,250.5"). Read with typedAmount.
 */
export const AMOUNT = /^\s*\$?\s*(?:\d{1,7}|\d{1,3},\d{3}|\d,\d{3},\d{3})(?:\.\d{1,2})?\s*$/;

/** The dollars an AMOUNT says, exactly (its "$" and commas dropped; domain/money.ts parseDollars). */
export const typedAmount = (text: string): number => {
  const cents = parseDollars(text);
  return cents === null ? Number.NaN : toDollars(cents);
};

/** A dollar figure (the catalog's, the wire's) as a page shows it: domain/money.ts formatCents. */
export const formatPrice = (amount: number): string => formatCents(toCents(amount));

const longDate = new Intl.DateTimeFormat("en-US", {
  weekday: "long",
  year: "numeric",
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});

/** en-US: long weekday, year, short month, day (docs/product.md §2, media). */
export const formatLongDate = (iso: string): string => longDate.format(new Date(iso));

/** A calendar day (YYYY-MM-DD, a quote's last day, say) as formatLongDate writes it, whatever the server's time zone. */
export const formatLongDay = (day: string): string => formatLongDate(`${day}T12:00:00Z`);
