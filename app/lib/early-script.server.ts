/**
 * The script every document runs first, before its stylesheets and long before the page's own
 * scripts: it marks the document `js` (scroll-in animations never hide content from a browser
 * without scripts), runs the once-per-session splash (components/shell/splash-script.server.ts), which
 * must leave even when the page's scripts never arrive, and keeps presses of script-only buttons and
 * what is typed into forms until the page is interactive (lib/early-input.server.ts); a page not interactive 10 s in is
 * marked `scripts-missing`, which shows the note that says so (global.css, shell.tsx). entry.server.tsx writes it into the head
 * after the charset declaration; React does not render it, so the page's scripts do not carry
 * it a second time, and React leaves unexpected elements in the head alone when it hydrates.
 */
import { SPLASH_SCRIPT } from "../components/shell/splash-script.server.ts";
import { EARLY_INPUT_SCRIPT } from "./early-input.server.ts";

/** How long a page may take to become interactive before it says its scripts are missing. */
const SCRIPTS_MISSING_MS = 10_000;

export const EARLY_SCRIPT =
  `document.documentElement.classList.add("js");` +
  `setTimeout(function(){var d=document.documentElement;if(!d.dataset.hydrated)d.classList.add("scripts-missing")},${SCRIPTS_MISSING_MS});` +
  `${EARLY_INPUT_SCRIPT}${SPLASH_SCRIPT}`;

const CHARSET = /<meta charSet="utf-8"\/>/i;

/** `more`: a script to run after the early one (the undrawn pictures' one, lib/undrawn-script.server.ts). */
export function withEarlyScript(html: string, nonce?: string, more = ""): string {
  const script = `<script${nonce ? ` nonce="${nonce}"` : ""}>${EARLY_SCRIPT}${more}</script>`;
  const charset = CHARSET.exec(html);
  if (charset) return html.replace(CHARSET, `${charset[0]}${script}`);
  return html.replace("<head>", `<head>${script}`);
}
