/**
 * The formatting the shop keeps of HTML the studio writes (descriptions, the story, FAQ answers,
 * media posts): everything else is removed when a page shows it (app/lib/sanitize.server.ts),
 * and the back office's editor previews by the same list (app/features/studio/html-editor.tsx).
 */
export const HTML_ALLOWED_TAGS = [
  "p",
  "br",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "ul",
  "ol",
  "li",
  "a",
  "h2",
  "h3",
  "h4",
  "blockquote",
  "span",
] as const;

/**
 * What the shop keeps of the announcement, a line inside one link across the top of every page:
 * formatting only, no links or blocks of its own (app/lib/sanitize.server.ts; the back office's
 * editor offers and previews the same).
 */
export const HTML_INLINE_TAGS = ["strong", "b", "em", "i", "u", "span", "br"] as const;
