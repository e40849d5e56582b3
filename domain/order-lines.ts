/** A Divergence table's choices, as every page and mail words them. */
export type TableChoices = { size?: string; liveEdge?: string; baseFinish?: string; topFinish?: string };

/**
 * A configured table's choices in words, those made so far: its size, edge, base and top
 * ("72" x 40"", "square edge", "Matte Black base", "Natural Oil"). The cart, the quote link, the
 * mails and the order page all say them so.
 */
export const tableChoiceWords = (c: TableChoices): string[] =>
  [
    c.size,
    c.liveEdge === undefined ? undefined : c.liveEdge === "Yes" ? "live edge" : "square edge",
    c.baseFinish && `${c.baseFinish} base`,
    c.topFinish,
  ].filter((w): w is string => Boolean(w));

/**
 * A stored order line's choices in words, as the buyer's mail and order page say them: a
 * Divergence table's (`tableChoiceWords`, joined by " · "), a quote's line's description, and
 * nothing for a piece, whose title says it all.
 */
export function lineChoices(kind: string, details: Record<string, unknown> | null | undefined): string | null {
  // A quote's line: the studio's own words for it.
  if (kind === "quote")
    return typeof details?.description === "string" && details.description ? details.description : null;
  if (kind !== "divergence" || !details) return null;
  const words = tableChoiceWords(details as TableChoices);
  return words.length > 0 ? words.join(" · ") : null;
}
