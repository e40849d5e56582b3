/**
 * An order line's choices in words: the one place a table's size, edge, base and top, a piece's
 * stock number and a line built to order are worded, for the buyer (cart, quote link, mails,
 * order page) and for the studio (order page, packing slip, Today, the orders' spreadsheet).
 */
import { type ShipWindow, shipDatesText, studioToday } from "./lead-time.ts";
import type { OrderLineDetails } from "./order-records.ts";

/** A Divergence table's choices, as every page and mail words them. */
export type TableChoices = { size?: string; liveEdge?: string; baseFinish?: string; topFinish?: string };

/** One choice of a table: its bare value (a spreadsheet's column), the buyer's words, and the studio's, named. */
export type TableChoice = { name: "size" | "edge" | "base" | "top"; value: string; words: string; named: string };

/** The choices made so far, in order: size, edge, base, top. */
export function tableChoiceList(c: TableChoices): TableChoice[] {
  const list: TableChoice[] = [];
  if (c.size) list.push({ name: "size", value: c.size, words: c.size, named: `Size ${c.size}` });
  if (c.liveEdge !== undefined) {
    const edge = c.liveEdge === "Yes" ? "Live edge" : "Square edge";
    list.push({ name: "edge", value: edge, words: edge.toLowerCase(), named: edge });
  }
  if (c.baseFinish)
    list.push({ name: "base", value: c.baseFinish, words: `${c.baseFinish} base`, named: `${c.baseFinish} base` });
  if (c.topFinish) list.push({ name: "top", value: c.topFinish, words: c.topFinish, named: `${c.topFinish} top` });
  return list;
}

/**
 * A configured table's choices in words, those made so far: its size, edge, base and top
 * ("72" x 40"", "square edge", "Matte Black base", "Natural Oil"). The cart, the quote link, the
 * mails and the order page all say them so.
 */
export const tableChoiceWords = (c: TableChoices): string[] => tableChoiceList(c).map((w) => w.words);

/**
 * The same choices as the studio builds from them, each named: "Size 96" x 40"", "Square edge",
 * "Matte Black base", "Natural Oil top".
 */
export const tableChoiceNames = (c: TableChoices): string[] => tableChoiceList(c).map((w) => w.named);

/** The table's choices as the spreadsheet's columns: each bare value, or "" when not made. */
export function tableChoiceColumns(c: TableChoices): Record<TableChoice["name"], string> {
  const columns = { size: "", edge: "", base: "", top: "" };
  for (const choice of tableChoiceList(c)) columns[choice.name] = choice.value;
  return columns;
}

type Details = OrderLineDetails | null | undefined;

const text = (v: unknown): string | null => (typeof v === "string" && v.trim() ? v.trim() : null);

/**
 * A stored order line's choices in words, as the buyer's mail and order page say them: a
 * Divergence table's (`tableChoiceWords`, joined by " · "), a quote's line's description, and
 * nothing for a piece, whose title says it all.
 */
export function lineChoices(kind: string, details: Details): string | null {
  // A quote's line: the studio's own words for it.
  if (kind === "quote") return text(details?.description);
  if (kind !== "divergence" || !details) return null;
  const words = tableChoiceWords(details);
  return words.length > 0 ? words.join(" · ") : null;
}

/**
 * What the workshop builds or picks for a line, each detail named and joined by " · ": a table's
 * choices (`tableChoiceNames`), a quote's line's description, and for a piece (a variant, a slab,
 * a base) the details it was sold with: its size, species, material, finish and stock number.
 */
export function lineToBuild(kind: string, details: Details): string | null {
  if (kind === "quote") return text(details?.description);
  if (!details) return null;
  const words =
    kind === "divergence"
      ? tableChoiceNames(details)
      : [
          text(details.size) && `Size ${text(details.size)}`,
          text(details.species),
          text(details.material),
          text(details.finish) && `${text(details.finish)} finish`,
          text(details.inventoryId) && `Stock no. ${text(details.inventoryId)}`,
        ].filter((w): w is string => Boolean(w));
  return words.length > 0 ? words.join(" · ") : null;
}

/** The line's ship window as it was at checkout, if it has one. */
export function lineShipWindow(details: Details): ShipWindow | null {
  const w = details?.shipWindow;
  return w && typeof w.from === "string" && typeof w.to === "string" ? { from: w.from, to: w.to } : null;
}

/** Whether the line is built to the buyer's order rather than taken from stock. */
export const lineBuiltToOrder = (details: Details): boolean => details?.builtToOrder === true;

/**
 * When the line leaves the studio, as the studio reads it: "Built to order · ships Jan 5 – Jan 19"
 * for one built to order, "Ships by Dec 3" for one from stock, null when there is no window.
 */
export function lineWhen(details: Details, today: string = studioToday()): string | null {
  const window = lineShipWindow(details);
  const dates = window ? shipDatesText(window, today) : null;
  if (lineBuiltToOrder(details)) return dates ? `Built to order · ships ${dates}` : "Built to order";
  return dates ? `Ships ${dates}` : null;
}
