/**
 * Tooltips for icon-only controls: any element marked `data-tip` shows one while a mouse is over
 * it or while it has the keyboard's focus, and Escape hides it. The text is `data-tip` when given,
 * else the control's `aria-label`: always (part of) the accessible name, so it is not also linked
 * as a description, which would make screen readers say it twice.
 *
 * One element serves the whole page, in the top layer (a popover) so no clipping box or open modal
 * hides it. Spec §9: it sits 8 px from its control, above it (below when there is no room) and at
 * least 10 px inside the window.
 */

const OFFSET = 8;
const MARGIN = 10;
/** Time to cross the gap onto the tooltip, which can be hovered itself (WCAG 1.4.13). */
const LINGER_MS = 120;

const popover = typeof HTMLElement !== "undefined" && "showPopover" in HTMLElement.prototype;
let tip: HTMLElement | null = null;
let owner: HTMLElement | null = null;
let timer = 0;
// The heart's name changes when it is pressed: its tooltip says so at once.
const renamed = typeof MutationObserver === "undefined" ? null : new MutationObserver(() => owner && show(owner));

const textOf = (el: HTMLElement) => el.dataset.tip || el.getAttribute("aria-label") || "";
const tipped = (target: EventTarget | null) =>
  target instanceof Element ? target.closest<HTMLElement>("[data-tip]") : null;

function place() {
  if (!tip || !owner) return;
  if (!owner.isConnected) return hide();
  const box = owner.getBoundingClientRect();
  const { offsetWidth: w, offsetHeight: h } = tip;
  const inside = (v: number, room: number) => Math.max(MARGIN, Math.min(v, room - MARGIN));
  const above = box.top - OFFSET - h;
  const below = box.bottom + OFFSET;
  const top = above >= MARGIN || below + h > window.innerHeight - MARGIN ? above : below;
  tip.style.left = `${inside(box.left + box.width / 2 - w / 2, document.documentElement.clientWidth - w)}px`;
  tip.style.top = `${inside(top, window.innerHeight - h)}px`;
}

function show(el: HTMLElement) {
  clearTimeout(timer);
  const text = textOf(el);
  if (!text || !el.isConnected) return hide();
  if (!tip) {
    tip = document.createElement("div");
    tip.className = "tooltip";
    tip.setAttribute("role", "tooltip");
    if (popover) tip.setAttribute("popover", "manual");
    document.body.append(tip);
  }
  if (owner !== el) {
    renamed?.disconnect();
    renamed?.observe(el, { attributes: true, attributeFilter: ["data-tip", "aria-label"] });
  }
  owner = el;
  tip.textContent = text;
  // Opened again, it goes back above whatever entered the top layer since (a modal it opened).
  if (popover) {
    if (tip.matches(":popover-open")) tip.hidePopover();
    tip.showPopover();
  }
  tip.classList.add("is-shown");
  place();
}

function hide() {
  clearTimeout(timer);
  renamed?.disconnect();
  owner = null;
  if (!tip) return;
  tip.classList.remove("is-shown");
  if (popover && tip.matches(":popover-open")) tip.hidePopover();
}

function linger() {
  clearTimeout(timer);
  timer = window.setTimeout(hide, LINGER_MS);
}

/** Starts the page's tooltips; the returned function stops them. */
export function installTooltips(): () => void {
  const stop = new AbortController();
  const on = <K extends keyof DocumentEventMap>(type: K, fn: (e: DocumentEventMap[K]) => void) =>
    document.addEventListener(type, fn, { capture: true, passive: true, signal: stop.signal });

  on("pointerover", (e) => {
    if (e.pointerType === "touch") return;
    if (e.target === tip) return clearTimeout(timer);
    const el = tipped(e.target);
    if (el) show(el);
    else if (owner && !owner.contains(e.target as Node)) linger();
  });
  on("pointerout", (e) => {
    const [from, to] = [e.target as Node, e.relatedTarget as Node | null];
    if (!owner || e.pointerType === "touch" || !(owner.contains(from) || from === tip)) return;
    if (!owner.contains(to) && to !== tip) linger();
  });
  on("focusin", (e) => {
    const el = tipped(e.target);
    if (el && (e.target as Element).matches(":focus-visible")) show(el);
  });
  on("focusout", (e) => {
    if (owner?.contains(e.target as Node)) hide();
  });
  on("keydown", (e) => {
    if (e.key === "Escape") hide();
  });
  // Tabbing to a control scrolls it into view: its tooltip follows rather than vanishing.
  on("scroll", place);
  window.addEventListener("resize", place, { signal: stop.signal });

  // They start once the page is idle: a control already under the mouse or focused gets its tip now.
  const focused = document.activeElement;
  const hovered = matchMedia("(hover: hover)").matches ? document.querySelector<HTMLElement>("[data-tip]:hover") : null;
  const first = focused?.matches(":focus-visible") ? tipped(focused) : hovered;
  if (first) show(first);

  return () => {
    stop.abort();
    hide();
  };
}
