import { type RefObject, useEffect, useRef, useState } from "react";

/** Three bounces, 4.8 s: motion that starts by itself stops within 5 s (WCAG 2.2.2). */
const BOUNCES = 3;

/**
 * Bounces the arrow unless it is bouncing already or the reader asked for less motion: 1.6 s a
 * bounce, eased each way with the site's own easing (tokens.css --ease).
 */
function bounce(arrow: RefObject<SVGSVGElement | null>) {
  const svg = arrow.current;
  if (!svg || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
  if (svg.getAnimations().some((a) => a.playState === "running")) return;
  const easing = getComputedStyle(svg).getPropertyValue("--ease").trim() || "ease";
  svg.animate(
    [{ transform: "translateY(0)", easing }, { transform: "translateY(5px)", easing }, { transform: "translateY(0)" }],
    { duration: 1600, iterations: BOUNCES },
  );
}

/**
 * A bouncing arrow while there is more below; at the bottom, 'Back to top'. The arrow bounces
 * three times when it appears and again whenever the reader scrolls on: it moves while they
 * read, and a page left open draws nothing.
 */
export function ScrollHint() {
  const [atBottom, setAtBottom] = useState(false);
  const [scrollable, setScrollable] = useState(false);
  const arrow = useRef<SVGSVGElement>(null);

  useEffect(() => {
    /** Says whether the arrow points down (there is more below). */
    const check = () => {
      const doc = document.documentElement;
      const scrolls = doc.scrollHeight > window.innerHeight + 200;
      const bottom = window.innerHeight + window.scrollY >= doc.scrollHeight - 48;
      setScrollable(scrolls);
      setAtBottom(bottom);
      return scrolls && !bottom;
    };
    const onScroll = () => {
      if (check()) bounce(arrow);
    };
    check();
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("resize", check);
    return () => {
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("resize", check);
    };
  }, []);

  // Pointing down it bounces; turned up as 'Back to top' it rests (its turn is shell.css's).
  const down = scrollable && !atBottom;
  useEffect(() => {
    if (down) bounce(arrow);
    else for (const a of arrow.current?.getAnimations() ?? []) a.cancel();
  }, [down]);

  if (!scrollable) return null;
  // One arrow: pointing down while there is more below, turned up (shell.css) as 'Back to top'.
  return (
    <button
      type="button"
      className={atBottom ? "scroll-hint" : "scroll-hint scroll-hint--down"}
      aria-label={atBottom ? undefined : "Scroll down"}
      data-tip={atBottom ? undefined : ""}
      onClick={() =>
        atBottom
          ? window.scrollTo({ top: 0, behavior: "smooth" })
          : window.scrollBy({ top: window.innerHeight * 0.8, behavior: "smooth" })
      }
    >
      <svg ref={arrow} viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
        <path d="M6 10l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="1.5" />
      </svg>
      {atBottom && <span className="scroll-hint__text">Back to top</span>}
    </button>
  );
}
