/**
 * A stored order line's choices in words, as the buyer's mail and order page say them: a
 * Divergence table's size, edge, base and top ("72" x 40" · square edge · Matte Black base ·
 * Natural Oil"); nothing for a piece, whose title says it all.
 */
export function lineChoices(kind: string, details: Record<string, unknown> | null | undefined): string | null {
  // A quote's line: the studio's own words for it.
  if (kind === "quote")
    return typeof details?.description === "string" && details.description ? details.description : null;
  if (kind !== "divergence" || !details) return null;
  const d = details as Record<string, string | undefined>;
  const words = [
    d.size,
    d.liveEdge === undefined ? undefined : d.liveEdge === "Yes" ? "live edge" : "square edge",
    d.baseFinish && `${d.baseFinish} base`,
    d.topFinish,
  ].filter(Boolean);
  return words.length > 0 ? words.join(" · ") : null;
}
