import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import type { CardProduct } from "../../../domain/card-product.ts";
import { ShopProductCard } from "../shopping/shop-cards.tsx";

type Edges = { atStart: boolean; atEnd: boolean };

const same = (a: Edges | null, b: Edges | null) => a?.atStart === b?.atStart && a?.atEnd === b?.atEnd;

/** Where the row stands: null when it fits (nothing to scroll), else whether it is at either end. */
function edgesOf(el: HTMLElement): Edges | null {
  const max = el.scrollWidth - el.clientWidth;
  if (max <= 1) return null;
  return { atStart: el.scrollLeft <= 1, atEnd: el.scrollLeft >= max - 1 };
}

function Arrow({ dir, edges, rail, onStep }: { dir: -1 | 1; edges: Edges | null; rail: string; onStep: () => void }) {
  const label = dir < 0 ? "Previous products" : "Next products";
  const blocked = edges === null || (dir < 0 ? edges.atStart : edges.atEnd);
  return (
    <button
      type="button"
      className="rail-nav__btn"
      aria-label={label}
      aria-controls={rail}
      // aria-disabled rather than disabled: a focused button that ends the row keeps the focus.
      aria-disabled={blocked}
      data-tip=""
      onClick={() => !blocked && onStep()}
    >
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path d={dir < 0 ? "M15 5l-7 7 7 7" : "M9 5l7 7-7 7"} fill="none" stroke="currentColor" strokeWidth="1.5" />
      </svg>
    </button>
  );
}

/**
 * The home page's row of products. A touch screen swipes it; a mouse or a keyboard has previous
 * and next buttons, shown once the row is known to overflow, each moving it by one card.
 */
export function ProductRail({ heading, products }: { heading: React.ReactNode; products: CardProduct[] }) {
  const rail = useRef<HTMLDivElement>(null);
  const id = useId();
  const [edges, setEdges] = useState<Edges | null>(null);

  useEffect(() => {
    const el = rail.current;
    if (!el) return;
    const measure = () => {
      const next = edgesOf(el);
      setEdges((prev) => (same(prev, next) ? prev : next));
    };
    measure();
    el.addEventListener("scroll", measure, { passive: true });
    const resize = new ResizeObserver(measure);
    resize.observe(el);
    return () => {
      el.removeEventListener("scroll", measure);
      resize.disconnect();
    };
  }, []);

  const step = (dir: -1 | 1) => {
    const el = rail.current;
    const card = el?.firstElementChild;
    if (!el || !card) return;
    const gap = Number.parseFloat(getComputedStyle(el).columnGap) || 0;
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    el.scrollBy({ left: dir * (card.getBoundingClientRect().width + gap), behavior: reduce ? "auto" : "smooth" });
  };

  return (
    <>
      <div className="section-head">
        {heading}
        <div className="section-head__actions">
          {/* Rendered from the start and only revealed, so the row's arrival moves nothing. */}
          <div className={`rail-nav${edges ? " is-shown" : ""}`}>
            <Arrow dir={-1} edges={edges} rail={id} onStep={() => step(-1)} />
            <Arrow dir={1} edges={edges} rail={id} onStep={() => step(1)} />
          </div>
          <Link className="btn btn--ghost" to="/shop">
            Shop all
          </Link>
        </div>
      </div>
      <div className="rail" id={id} ref={rail}>
        {products.map((p) => (
          <ShopProductCard key={p.id} product={p} />
        ))}
      </div>
    </>
  );
}
