/**
 * A first start serves before the demo's pictures are drawn (server/images/image-work.ts): a
 * picture not drawn yet answers a placeholder in its piece's colour, marked with the
 * Server-Timing name "undrawn" (server/images/undrawn.ts). While that lasts, documents carry this
 * script: every few seconds it asks again, under a fresh address, for each picture that came as a
 * placeholder, so it appears once drawn without a reload. Documents made afterwards do not carry it.
 */

/** Seconds between two looks, and how many looks at most (ten minutes). */
const EVERY_MS = 3000;
const LOOKS = 200;

export const UNDRAWN_SCRIPT =
  "(function(){var s={},n=0,P=window.PerformanceObserver;if(!P)return;" +
  'try{new P(function(l){l.getEntries().forEach(function(e){(e.serverTiming||[]).forEach(function(t){if(t.name==="undrawn")s[e.name]=1})})}).observe({type:"resource",buffered:true})}catch(e){return}' +
  'function b(u){u=u.replace(/[?&]drawn=\\d+/,"");return u+(u.indexOf("?")<0?"?":"&")+"drawn="+n}' +
  `var t=setInterval(function(){if(++n>${LOOKS})clearInterval(t);` +
  'document.querySelectorAll("img,video[poster]").forEach(function(i){var u=i.currentSrc||i.src||i.poster;' +
  'if(i.poster&&s[i.poster]){delete s[i.poster];i.poster=b(i.getAttribute("poster"))}' +
  'if(!u||!s[u]||i.tagName!=="IMG")return;delete s[u];' +
  'if(i.srcset)i.srcset=i.srcset.split(/,\\s+/).map(function(c){var p=c.split(" ");p[0]=b(p[0]);return p.join(" ")}).join(", ");' +
  'if(i.getAttribute("src"))i.src=b(i.getAttribute("src"))})}' +
  `,${EVERY_MS})})();`;
