/**
 * What a visitor does before the page's scripts have taken over (docs/product.md, "Forms work
 * before scripts"). This part of the early script (lib/early-script.server.ts) keeps it until
 * the page is interactive, when lib/early-input.ts hands it to the page:
 * - presses of buttons only a script makes work (add to cart, a heart, a stepper, the builder's
 *   choices: every `type="button"`), held and marked `data-queued` (styled as busy, global.css),
 *   pressed again in order;
 * - what was typed, chosen or ticked in a form's fields, which hydration would otherwise reset
 *   to the page's initial values, put back as if typed again.
 * Forms themselves need none of this: before the scripts they post to their pages.
 */
export const EARLY_INPUT_SCRIPT =
  `(function(){var d=document.documentElement,q=window.__presses=[],v=window.__typed=new Map();` +
  `addEventListener("click",function(e){if(d.dataset.hydrated)return;` +
  `var t=e.target,b=t&&t.closest&&t.closest('button[type="button"]');if(!b||b.disabled)return;` +
  `e.preventDefault();e.stopPropagation();if(q.indexOf(b)<0){q.push(b);b.setAttribute("data-queued","")}},true);` +
  `function k(e){var t=e.target;if(d.dataset.hydrated||!t||!t.matches||!t.matches("input,textarea,select"))return;` +
  `v.delete(t);v.set(t,t.type==="checkbox"||t.type==="radio"?t.checked:t.value)}` +
  `addEventListener("input",k,true);addEventListener("change",k,true)})();`;
