/**
 * A slab's measures as the shop writes them, in one place: the card, the quick view and the
 * slab's page show what the studio entered (length × width × thickness), never a typed text.
 * Kept free of imports: the cards, which every listing and the home page load, call it.
 */

const FRACTIONS: Record<string, string> = { "0.25": "¼", "0.5": "½", "0.75": "¾" };

/** Inches as a maker writes them: 96 → 96″, 2.25 → 2¼″, 1.1 → 1.1″. */
export function inchesText(value: number): string {
  const whole = Math.floor(value);
  const glyph = FRACTIONS[String(Math.round((value - whole) * 100) / 100)];
  if (glyph) return `${whole || ""}${glyph}″`;
  return `${Math.round(value * 100) / 100}″`;
}

/** Length × width × thickness: 96″ × 40″ × 2½″. */
export const formatDimensions = (d: { length: number; width: number; thickness: number }): string =>
  [d.length, d.width, d.thickness].map(inchesText).join(" × ");
