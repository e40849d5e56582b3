import { useEffect, useState } from "react";

/** A bouncing arrow while there is more below; at the bottom, 'Back to top'. */
export function ScrollHint() {
  const [atBottom, setAtBottom] = useState(false);
  const [scrollable, setScrollable] = useState(false);

  useEffect(() => {
    const check = () => {
      const doc = document.documentElement;
      setScrollable(doc.scrollHeight > window.innerHeight + 200);
      setAtBottom(window.innerHeight + window.scrollY >= doc.scrollHeight - 48);
    };
    check();
    window.addEventListener("scroll", check, { passive: true });
    window.addEventListener("resize", check);
    return () => {
      window.removeEventListener("scroll", check);
      window.removeEventListener("resize", check);
    };
  }, []);

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
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
        <path d="M6 10l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="1.5" />
      </svg>
      {atBottom && <span className="scroll-hint__text">Back to top</span>}
    </button>
  );
}
