import { expect, type Locator, type Page } from "@playwright/test";

/** What sticks out sideways on the page as it is now. */
export type Overflow = {
  /** How wide the page scrolls, against the window's width. */
  scrollWidth: number;
  innerWidth: number;
  /** Visible elements reaching past the right edge or starting left of it, as short selectors. */
  outside: string[];
  /** Boxes that scroll sideways without being meant to (no horizontal scroll snapping). */
  sidewaysScrollers: string[];
};

/**
 * Measures sideways overflow. An element inside a box that clips or scrolls sideways is judged by
 * that box instead (a carousel's slides lie past the edge by design); a box that scrolls
 * sideways counts as meant to only when it snaps on the x axis (the site's carousels do), so a
 * vertical panel that has grown a sideways scroll is reported too.
 */
export function measureOverflow(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const slack = 0.5;
    const selectorOf = (el: Element): string => {
      const parts: string[] = [];
      for (let e: Element | null = el; e && e !== document.body && parts.length < 4; e = e.parentElement) {
        const classes = [...e.classList].slice(0, 2).map((c) => `.${CSS.escape(c)}`);
        parts.unshift(`${e.localName}${e.id ? `#${CSS.escape(e.id)}` : ""}${classes.join("")}`);
      }
      return parts.join(" > ");
    };
    const clipsSideways = (style: CSSStyleDeclaration) => style.overflowX !== "visible";
    const snapsSideways = (style: CSSStyleDeclaration) => /\b(x|both|inline)\b/.test(style.scrollSnapType);

    const outside: string[] = [];
    const sidewaysScrollers: string[] = [];
    for (const el of document.body.querySelectorAll("*")) {
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const style = getComputedStyle(el);
      if (
        (style.overflowX === "auto" || style.overflowX === "scroll") &&
        el.scrollWidth > el.clientWidth + 1 &&
        !snapsSideways(style)
      ) {
        sidewaysScrollers.push(`${selectorOf(el)} (${el.clientWidth}px showing ${el.scrollWidth}px)`);
      }
      // Clipped out of sight on purpose (visually hidden text for screen readers).
      if (style.clip !== "auto" || style.clipPath !== "none") continue;
      let inClippingBox = false;
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const s = getComputedStyle(a);
        if (clipsSideways(s) || s.clip !== "auto") {
          inClippingBox = true;
          break;
        }
      }
      if (inClippingBox) continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.right > width + slack || box.left < -slack) {
        outside.push(`${selectorOf(el)} (${Math.round(box.left)}…${Math.round(box.right)}px)`);
      }
    }
    return {
      scrollWidth: document.scrollingElement?.scrollWidth ?? 0,
      innerWidth: width,
      outside,
      sidewaysScrollers,
    };
  });
}

/** One line per thing that sticks out: the page's own scroll, each element, each sideways scroller. */
export function overflowLines(o: Overflow): string[] {
  return [
    ...(o.scrollWidth > o.innerWidth ? [`the page scrolls to ${o.scrollWidth}px in a ${o.innerWidth}px window`] : []),
    ...o.outside.map((s) => `past the edge: ${s}`),
    ...o.sidewaysScrollers.map((s) => `scrolls sideways: ${s}`),
  ];
}

/** Frames of the site's own (a newsletter's srcdoc) whose document is wider than the frame. */
async function widerFrames(page: Page): Promise<string[]> {
  const origin = new URL(page.url()).origin;
  const lines: string[] = [];
  for (const frame of page.frames()) {
    if (frame === page.mainFrame()) continue;
    const url = frame.url();
    if (url !== "about:srcdoc" && !url.startsWith(origin)) continue;
    const [scroll, width] = await frame.evaluate(() => [document.scrollingElement?.scrollWidth ?? 0, innerWidth]);
    if (scroll > width) lines.push(`frame ${url} scrolls to ${scroll}px in ${width}px`);
  }
  return lines;
}

/** Fails, naming every offender, when anything on the page as it is now sticks out sideways. */
export async function expectToFit(page: Page, what: string) {
  const o = await measureOverflow(page);
  expect([...overflowLines(o), ...(await widerFrames(page))], `${what} at ${o.innerWidth} px`).toEqual([]);
}

/**
 * What lies over what `target` shows (it must be on screen), as a short selector, or null when
 * nothing does. Sampled at the centre and just inside the corners of each box its content
 * draws (the text of a wide paragraph, not the paragraph's empty end); a point where the target
 * is not drawn (outside a round button's curve) reaches an ancestor and does not count.
 */
export async function whatCovers(target: Locator): Promise<string | null> {
  return target.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const boxes = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
    if (boxes.length === 0) boxes.push(el.getBoundingClientRect());
    for (const box of boxes) {
      const inset = Math.min(3, box.width / 4, box.height / 4);
      const points: [number, number][] = [
        [box.left + box.width / 2, box.top + box.height / 2],
        [box.left + inset, box.top + inset],
        [box.right - inset, box.top + inset],
        [box.left + inset, box.bottom - inset],
        [box.right - inset, box.bottom - inset],
      ];
      for (const [x, y] of points) {
        const hit = document.elementFromPoint(x, y);
        if (!hit) return `nothing at (${Math.round(x)}, ${Math.round(y)}): off screen`;
        if (hit === el || el.contains(hit) || hit.contains(el)) continue;
        const parts: string[] = [];
        for (let e: Element | null = hit; e && e !== document.body && parts.length < 3; e = e.parentElement) {
          parts.unshift(`${e.localName}${[...e.classList].map((c) => `.${c}`).join("")}`);
        }
        return `${parts.join(" > ")} at (${Math.round(x)}, ${Math.round(y)})`;
      }
    }
    return null;
  });
}
