import { type ReactNode, useEffect, useRef, useState } from "react";

/**
 * The buying controls. On a phone they follow the reader as a bar at the foot of the screen
 * (design: sticky add-to-cart), but only once their own place has been scrolled past: a bar from
 * the first screen on would lie over the price and title just above them. Their place keeps its
 * height while they are away, so nothing below moves.
 */
export function BuyBar({ children }: { children: ReactNode }) {
  const place = useRef<HTMLDivElement>(null);
  const bar = useRef<HTMLDivElement>(null);
  const [docked, setDocked] = useState(false);

  // Read from the place's box on every scrolled frame rather than an IntersectionObserver: a jump
  // (End, a link to the foot of the page) passes the place within one frame, and an observer,
  // seeing it out of view before and after, would never say so.
  useEffect(() => {
    const slot = place.current;
    if (!slot) return;
    let frame = 0;
    const check = () => {
      frame = 0;
      const passed = slot.getBoundingClientRect().bottom < 0;
      // Measured while the controls still sit in their place, before they leave it.
      if (passed && !slot.style.minHeight) slot.style.minHeight = `${bar.current?.offsetHeight ?? 0}px`;
      if (!passed) slot.style.minHeight = "";
      setDocked(passed);
    };
    const schedule = () => {
      frame ||= requestAnimationFrame(check);
    };
    check();
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
    };
  }, []);

  return (
    <div ref={place} className="detail__actions-place">
      <div ref={bar} className={docked ? "detail__actions is-docked" : "detail__actions"}>
        {children}
      </div>
    </div>
  );
}
