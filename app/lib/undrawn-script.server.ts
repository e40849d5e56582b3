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
  ";(function(){var s={},n=0,P=window.PerformanceObserver;if(!P)return;" +
  'try{new P(function(l){l.getEntries().forEach(function(e){(e.serverTiming||[]).forEach(function(t){if(t.name==="undrawn")s[e.name]=1})})}).observe({type:"resource",buffered:true})}catch(e){return}' +
  // A fresh address: the same one would be answered from the document's own images.
  'function b(u){u=u.replace(/[?&]drawn=\\d+/,"");return u+(u.indexOf("?")<0?"?":"&")+"drawn="+n}' +
  'function m(v){return v.split(/,\\s+/).map(function(c){var p=c.split(" ");p[0]=b(p[0]);return p.join(" ")}).join(", ")}' +
  `var t=setInterval(function(){if(++n>${LOOKS})clearInterval(t);` +
  'document.querySelectorAll("img,video[poster]").forEach(function(i){var u=i.currentSrc||i.src;' +
  'if(i.poster&&s[i.poster]){delete s[i.poster];i.poster=b(i.getAttribute("poster"))}' +
  'if(!u||!s[u]||i.tagName!=="IMG")return;delete s[u];' +
  // A <picture>'s sources choose before the image's own srcset.
  'var p=i.parentNode;if(p&&p.tagName==="PICTURE")p.querySelectorAll("source").forEach(function(o){o.srcset=m(o.srcset)});' +
  'if(i.srcset)i.srcset=m(i.srcset);if(i.getAttribute("src"))i.src=b(i.getAttribute("src"))})}' +
  `,${EVERY_MS})})();`;
