import {
  isLeadTime,
  type LeadTime,
  leadTimeText,
  shipWindow,
  shipWindowText,
  studioToday,
} from "../../domain/lead-time.ts";

/**
 * When a piece leaves the studio (domain/lead-time.ts): "Ships by Dec 1" in stock, or built to
 * order its weeks and the window they give today, "Built to order in 8–12 weeks · Ships Jan 21 –
 * Feb 18, 2027". Nothing when the
 * piece is neither in stock nor built to order, or its lead time is not known (an old cart).
 */
export function ShipWindowNote({
  lead,
  inStock,
  backlogWeeks,
  timeZone,
  className = "ship-window",
}: {
  lead: LeadTime | undefined;
  inStock: boolean;
  backlogWeeks: number;
  /** The studio's, whose days the window counts. */
  timeZone: string;
  className?: string;
}) {
  if (!isLeadTime(lead)) return null;
  const today = studioToday(new Date(), timeZone);
  const window = shipWindow(lead, inStock, backlogWeeks, today);
  const how = leadTimeText(lead, inStock);
  if (!window || !how) return null;
  // In stock the window says it all ("Ships by Dec 1"); built to order, the weeks come first.
  const text = shipWindowText(window, today);
  return <p className={className}>{inStock ? text : `${how} · ${text}`}</p>;
}
