/**
 * A newsletter campaign's HTML as the campaign page frames it (docs/product.md §2 "/newsletter/{id}").
 * The frame can show none of the pages its links lead to (the site's policy allows no framing,
 * of itself or of others), so every link opens over the whole page instead: a `<base
 * target="_top">` first in the head, where it wins over any the e-mail brings. Links the e-mail
 * marks `_blank` still open a new tab.
 */
const BASE = '<base target="_top">';

export function campaignFrameHtml(html: string): string {
  const at = (re: RegExp) => {
    const m = re.exec(html);
    return m ? m.index + m[0].length : -1;
  };
  // After <head>, else after the doctype (never before it: that would put the e-mail in quirks mode).
  let i = at(/<head(?:\s[^>]*)?>/i);
  if (i < 0) i = Math.max(0, at(/<!doctype[^>]*>/i));
  return html.slice(0, i) + BASE + html.slice(i);
}
