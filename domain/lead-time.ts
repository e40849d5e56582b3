/**
 * When a piece leaves the studio (docs/product.md, "Lead times"). Every piece, size variant and
 * Divergence size has a lead time: in stock, it ships within `days`; built to order, it takes
 * `weeks` (a range), after the studio's backlog. The window is counted in the studio's own days
 * (its time zone, set with its details; America/New_York until set) and written in en-US, the
 * same on the server and in the browser.
 */

export type LeadTime = {
  /** In stock: ships within this many days. */
  days: number;
  /** Built to order: this many weeks, at the least and at the most; null when it is not built to order. */
  weeks: [number, number] | null;
};

/** A well-formed lead time (a stored cart's may be old or edited by hand). */
export function isLeadTime(v: unknown): v is LeadTime {
  if (typeof v !== "object" || v === null) return false;
  const { days, weeks } = v as Record<string, unknown>;
  const count = (n: unknown) => typeof n === "number" && Number.isInteger(n) && n >= 0 && n < 1000;
  return count(days) && (weeks === null || (Array.isArray(weeks) && weeks.length === 2 && weeks.every(count)));
}

/** A stored lead time (products and divergence_sizes rows) as the API gives it. */
export const leadTimeOf = (row: {
  leadDays: number;
  buildWeeksMin: number | null;
  buildWeeksMax: number | null;
}): LeadTime => ({
  days: row.leadDays,
  weeks: row.buildWeeksMin === null ? null : [row.buildWeeksMin, row.buildWeeksMax ?? row.buildWeeksMin],
});

/** The first and last day it may ship, as YYYY-MM-DD. */
export type ShipWindow = { from: string; to: string };

/** The time zone days are counted in when the studio's own is not at hand. */
export const STUDIO_TIME_ZONE = "America/New_York";

/** Today's date in the studio's time zone, YYYY-MM-DD. */
export function studioToday(now: Date = new Date(), timeZone: string = STUDIO_TIME_ZONE): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
}

function addDays(day: string, n: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/**
 * The window a piece ships in: in stock, by `days` from today; built to order, after the
 * backlog and its weeks. Null when it is neither in stock nor built to order (sold out).
 */
export function shipWindow(
  lead: LeadTime,
  inStock: boolean,
  backlogWeeks: number,
  today: string = studioToday(),
): ShipWindow | null {
  if (inStock) {
    const day = addDays(today, Math.max(0, lead.days));
    return { from: day, to: day };
  }
  if (!lead.weeks) return null;
  const [min, max] = lead.weeks;
  const start = Math.max(0, backlogWeeks) * 7;
  return { from: addDays(today, start + min * 7), to: addDays(today, start + Math.max(min, max) * 7) };
}

/** The window an order ships in: when its last piece is ready. */
export function latestWindow(windows: (ShipWindow | null | undefined)[]): ShipWindow | null {
  const known = windows.filter((w): w is ShipWindow => Boolean(w));
  if (known.length === 0) return null;
  return {
    from: known
      .map((w) => w.from)
      .sort()
      .at(-1)!,
    to: known
      .map((w) => w.to)
      .sort()
      .at(-1)!,
  };
}

const dayFormat = (withYear: boolean) =>
  new Intl.DateTimeFormat("en-US", {
    timeZone: "UTC",
    month: "short",
    day: "numeric",
    ...(withYear ? { year: "numeric" } : {}),
  });

const day = (d: string, withYear: boolean) => dayFormat(withYear).format(new Date(`${d}T12:00:00Z`));

/** The window's days: "by Dec 3", or "Jan 5 – Jan 19, 2027"; a year is said when it is not this one, or differs across. */
export function shipDatesText(w: ShipWindow, today: string = studioToday()): string {
  const year = (d: string) => d.slice(0, 4);
  const notThisYear = (d: string) => year(d) !== year(today);
  if (w.from === w.to) return `by ${day(w.from, notThisYear(w.from))}`;
  if (year(w.from) !== year(w.to)) return `${day(w.from, true)} – ${day(w.to, true)}`;
  return `${day(w.from, false)} – ${day(w.to, notThisYear(w.to))}`;
}

/** "Ships by Dec 3", or "Ships Jan 5 – Jan 19, 2027". */
export const shipWindowText = (w: ShipWindow, today: string = studioToday()): string =>
  `Ships ${shipDatesText(w, today)}`;

/** The lead time itself, as a piece's page says it: "Ships within 5 days" or "Built to order in 8–12 weeks". */
export function leadTimeText(lead: LeadTime, inStock: boolean): string | null {
  if (inStock) return `Ships within ${lead.days} ${lead.days === 1 ? "day" : "days"}`;
  if (!lead.weeks) return null;
  const [min, max] = lead.weeks;
  return min === max ? `Built to order in ${min} weeks` : `Built to order in ${min}–${max} weeks`;
}
