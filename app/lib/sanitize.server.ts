import { parseFragment, serialize } from "parse5";
import sanitize from "sanitize-html";
import { HTML_ALLOWED_TAGS, HTML_INLINE_TAGS } from "../../domain/html.ts";

const OPTIONS: sanitize.IOptions = {
  allowedTags: [...HTML_ALLOWED_TAGS],
  allowedAttributes: { a: ["href", "title", "target", "rel"] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  // `//host/x` names another site without saying so: a link out is written with its scheme.
  allowProtocolRelative: false,
  transformTags: {
    // Links out of the site open safely in a new tab; links within it stay as they are. A
    // browser reads a backslash in a link as a slash (`/\host/x` is `//host/x`): such a link
    // loses its address.
    a: (tagName, attribs) => {
      const href = attribs.href ?? "";
      if (href.includes("\\")) {
        const { href: _dropped, ...rest } = attribs;
        return { tagName, attribs: rest };
      }
      const external = /^https?:\/\//i.test(href);
      return {
        tagName,
        attribs: external ? { ...attribs, target: "_blank", rel: "noopener noreferrer" } : attribs,
      };
    },
  },
};

/**
 * Rewritten as a browser's HTML parser would build it (a <p> inside a <p>, a list inside a
 * paragraph, a link inside a link are each taken apart the way browsers do), so the markup the
 * server renders is the markup the browser ends up with and hydration finds no difference.
 */
const asBrowsersParseIt = (html: string): string => serialize(parseFragment(html));

/** HTML from the database, reduced to formatting and safe links before it is rendered. */
export const sanitizeHtml = (html: string): string => asBrowsersParseIt(sanitize(html, OPTIONS));

const INLINE: sanitize.IOptions = {
  allowedTags: [...HTML_INLINE_TAGS],
  allowedAttributes: {},
};

/**
 * For text inside a link (the announcement bar is one link as a whole): formatting only, no
 * links of its own and no blocks.
 */
export const sanitizeInlineHtml = (html: string): string => asBrowsersParseIt(sanitize(html, INLINE));
