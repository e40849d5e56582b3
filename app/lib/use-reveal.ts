import { useEffect } from "react";
import { useLocation } from "react-router";

/**
 * Fades and slides `.reveal` blocks in once, when 3 % of them is on screen (docs/product.md §2). Reduced
 * motion is honoured in CSS; without JavaScript the blocks are simply shown.
 */
export function useReveal() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: each page brings new blocks
  useEffect(() => {
    const io = new IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          if (!e.isIntersecting) continue;
          e.target.classList.add("is-visible");
          io.unobserve(e.target);
        }
      },
      { threshold: 0.03 },
    );
    for (const el of document.querySelectorAll(".reveal:not(.is-visible)")) io.observe(el);
    return () => io.disconnect();
  }, [pathname]);
}
