/**
 * Tooltips for icon-only controls: any element marked `data-tip` shows one while a mouse is over
 * it or while it has the keyboard's focus, and Escape hides it. The text is `data-tip` when given,
 * else the control's `aria-label`: always (part of) the accessible name, so it is not also linked
 * as a description, which would make screen readers say it twice.
 *
 * One element serves the whole page, in the top layer (a popover) so no clipping box or open modal
 * hides it. docs/product.md §9: it sits 8 px from its control, above it (below when there is no room) and at
 * least 10 px inside the window. It takes no pointer events, so it never stands between a click
 * and what lies beneath; the mouse may still move onto it (WCAG 1.4.13) because a hover tooltip
 * goes only when the pointer leaves both the control and the tooltip, and the gap between them.
 */

const OFFSET = 8;
const MARGIN = 10;

const popover = typeof HTMLElement !== "undefined" && "showPopover" in HTMLElement.prototype;
let tip: HTMLElement | null = null;
let owner: HTMLElement | null = null;
/** Shown by the mouse (else by the keyboard's focus), it follows the mouse's moves. */
let byPointer = false;
let shownAt: DOMRect | null = null;
// The heart's name changes when it is pressed: its tooltip says so at once.
const renamed =
  typeof MutationObserver === "undefined" ? null : new MutationObserver(() => owner && show(owner, byPointer));

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

function show(el: HTMLElement, pointer: boolean) {
  const text = textOf(el);
  if (!text || !el.isConnected) return hide();
  if (!tip) {
    tip = document.createElement("div");
    tip.className = "tooltip";
    tip.setAttribute("role", "tooltip");
    if (popover) tip.setAttribute("popover", "manual");
    document.body.append(tip);
  }
  if (owner !== el || !tip.classList.contains("is-shown")) {
    renamed?.disconnect();
    renamed?.observe(el, { attributes: true, attributeFilter: ["data-tip", "aria-label"] });
    // Opened again, it goes back above whatever entered the top layer since (a modal it opened).
    if (popover) {
      if (tip.matches(":popover-open")) tip.hidePopover();
      tip.showPopover();
    }
    tip.classList.add("is-shown");
  }
  owner = el;
  byPointer = pointer;
  shownAt = el.getBoundingClientRect();
  tip.textContent = text;
  place();
}

/** Whether the control has moved since its tip was shown (a scroll that carried it from the mouse). */
function ownerMoved(): boolean {
  if (!owner || !shownAt) return true;
  const now = owner.getBoundingClientRect();
  return Math.abs(now.top - shownAt.top) > 1 || Math.abs(now.left - shownAt.left) > 1;
}

function hide() {
  renamed?.disconnect();
  owner = null;
  if (!tip) return;
  tip.classList.remove("is-shown");
  if (popover && tip.matches(":popover-open")) tip.hidePopover();
}

/** Over the control, over the tooltip, or in the gap between them (within the control's width). */
function near(x: number, y: number) {
  if (!owner || !tip) return false;
  const [a, b] = [owner.getBoundingClientRect(), tip.getBoundingClientRect()];
  const across = (r: DOMRect) => x >= r.left && x <= r.right;
  return (
    (across(a) && y >= Math.min(a.top, b.top) && y <= Math.max(a.bottom, b.bottom)) ||
    (across(b) && y >= b.top && y <= b.bottom)
  );
}

/** Starts the page's tooltips; the returned function stops them. */
export function installTooltips(): () => void {
  const stop = new AbortController();
  const on = <K extends keyof DocumentEventMap>(type: K, fn: (e: DocumentEventMap[K]) => void) =>
    document.addEventListener(type, fn, { capture: true, passive: true, signal: stop.signal });

  on("pointerover", (e) => {
    const el = e.pointerType === "touch" ? null : tipped(e.target);
    if (el) show(el, true);
  });
  on("pointermove", (e) => {
    if (owner && byPointer && !near(e.clientX, e.clientY)) hide();
  });
  on("pointerout", (e) => {
    if (owner && byPointer && !e.relatedTarget) hide();
  });
  on("pointerdown", (e) => {
    if (owner && !owner.contains(e.target as Node)) hide();
  });
  on("focusin", (e) => {
    const el = tipped(e.target);
    if (el && (e.target as Element).matches(":focus-visible")) show(el, false);
  });
  on("focusout", (e) => {
    if (owner?.contains(e.target as Node)) hide();
  });
  on("keydown", (e) => {
    if (e.key === "Escape") hide();
  });
  // Tabbing to a control scrolls it into view: its tooltip follows. A scroll under a still mouse
  // carries the control away from it, so a hover tooltip goes; a scroll that left the control
  // where it was (another box, or one that had already ended) does not.
  on("scroll", () => (byPointer && ownerMoved() ? hide() : place()));
  window.addEventListener("resize", place, { signal: stop.signal });

  // They start at the first sign of engagement: a control already under the mouse or focused gets its tip now.
  const focused = document.activeElement;
  const hovered = matchMedia("(hover: hover)").matches ? document.querySelector<HTMLElement>("[data-tip]:hover") : null;
  const first = focused?.matches(":focus-visible") ? tipped(focused) : hovered;
  if (first) show(first, first === hovered);

  return () => {
    stop.abort();
    hide();
  };
}
