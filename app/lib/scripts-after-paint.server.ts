/**
 * Holds the page's scripts until the server-rendered page has painted. The HTML is complete
 * without them; fetching 110 KB of framework code alongside the stylesheets and the first
 * picture only delays what a phone on a slow connection sees first. React Router's <Scripts>
 * writes module preloads and one module script; here the preloads become inert links and the
 * module script an inert block, and a small script right after it starts both once the first
 * frame is on screen, as the browser's first contentful paint says (or after half a second, for
 * tabs that never paint in the background and pages with nothing to paint).
 *
 * React does not compare attributes when it hydrates a production build, so the changed `rel`
 * and `type` values never count as mismatches.
 */
const PRELOAD = /<link rel="modulepreload"/g;
const MODULE_SCRIPT =
  /<script((?:\s+[a-z-]+(?:="[^"]*")?)*?)\s+type="module"((?:\s+[a-z-]+(?:="[^"]*")?)*)>([\s\S]*?)<\/script>/;
const DEFERRED_REL = "x-modulepreload-after-paint";
const DEFERRED_TYPE = "x-module-after-paint";

// The module script created here carries the inert block's nonce, so the page's policy allows it.
// "After the first paint" is when the browser reports the first contentful paint, which is when
// the frame reached the screen: a frame can be drawn some time before it is shown, and scripts
// asked for in between compete with the page that is about to appear. A browser without paint
// timing starts them after its first animation frame.
const START =
  `(function(){var s=document.currentScript.previousElementSibling,done=0;function go(){if(done++)return;` +
  `document.querySelectorAll('link[rel="${DEFERRED_REL}"]').forEach(function(l){l.rel="modulepreload"});` +
  `var m=document.createElement("script");m.type="module";m.nonce=s.nonce;m.textContent=s.textContent;document.body.appendChild(m)}` +
  `var P=window.PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0)` +
  `new P(function(l,o){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();setTimeout(go,0)}}).observe({type:"paint",buffered:true});` +
  `else requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,500)})()`;

export function scriptsAfterPaint(html: string, nonce?: string): string {
  if (!MODULE_SCRIPT.test(html)) return html;
  const nonceAttr = nonce ? ` nonce="${nonce}"` : "";
  return html
    .replace(PRELOAD, `<link rel="${DEFERRED_REL}"`)
    .replace(
      MODULE_SCRIPT,
      (_all, before: string, after: string, code: string) =>
        `<script${before} type="${DEFERRED_TYPE}"${after}>${code}</script><script${nonceAttr}>${START}</script>`,
    );
}
