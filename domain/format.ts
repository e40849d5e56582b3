const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
const usdCents = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2 });

/**
 * Prices display in USD with no decimals (docs/product.md §9). An amount with cents — a total of sale
 * prices, a shipping rate — shows them: a sum is never shown rounded to the dollar.
 */
/** Dollars as a person types them in the back office: up to 9,999,999, cents optional ("1250", "1250.5"). */
export const AMOUNT = /^\d{1,7}(\.\d{1,2})?$/;

export const formatPrice = (amount: number): string =>
  Math.round(amount * 100) % 100 === 0 ? usd.format(amount) : usdCents.format(amount);

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
