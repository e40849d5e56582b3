const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });

/** Prices display in USD with no decimals (spec §9). */
export const formatPrice = (amount: number): string => usd.format(amount);

const longDate = new Intl.DateTimeFormat("en-US", {
  weekday: "long",
  year: "numeric",
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});

/** en-US: long weekday, year, short month, day (spec §2, media). */
export const formatLongDate = (iso: string): string => longDate.format(new Date(iso));
