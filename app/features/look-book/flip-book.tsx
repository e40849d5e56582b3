import { useState } from "react";
import { pageWindow, spreadCount, spreadOfPage, spreadPages } from "../../../domain/look-book.ts";
import { BookPage } from "./book-page.tsx";

const SIZES = "(max-width: 768px) 92vw, min(46vw, 960px)";

type Flip = { to: number; dir: "next" | "prev" };

function Half({ page, of, side }: { page: number | null; of: number; side: "left" | "right" }) {
  return (
    <div className={`book__half book__half--${side}`}>
      {page !== null && <BookPage page={page} of={of} sizes={SIZES} />}
    </div>
  );
}

const spreadLabel = (s: number, PAGES: number) => {
  const { left, right } = spreadPages(s, PAGES);
  return left && right ? `Pages ${left}–${right} of ${PAGES}` : `Page ${left ?? right} of ${PAGES}`;
};

/**
 * Two pages open at a time; a turn lifts the page over the spine in one second (docs/product.md §9). Only the
 * open pages, the turning leaf and the neighbouring pages are ever in the document.
 */
export function FlipBook({ preload, pages: PAGES }: { preload: boolean; pages: number }) {
  const LAST = spreadCount(PAGES) - 1;
  const [spread, setSpread] = useState(0);
  const [flip, setFlip] = useState<Flip | null>(null);
  const current = spreadPages(spread, PAGES);

  const go = (to: number) => {
    const target = Math.min(Math.max(to, 0), LAST);
    if (flip || target === spread) return;
    setFlip({ to: target, dir: target > spread ? "next" : "prev" });
  };

  const target = flip ? spreadPages(flip.to, PAGES) : null;
  const left = flip?.dir === "prev" && target ? target.left : current.left;
  const right = flip?.dir === "next" && target ? target.right : current.right;
  const first = current.left ?? current.right ?? 1;
  const neighbours = preload
    ? pageWindow(first, 3, PAGES).filter((p) => p !== current.left && p !== current.right)
    : [];

  return (
    <section
      className="book"
      aria-roledescription="flip book"
      aria-label="Look book"
      onKeyDown={(e) => {
        if (e.key === "ArrowRight") go(spread + 1);
        if (e.key === "ArrowLeft") go(spread - 1);
      }}
    >
      <div className={`book__spread${spread === 0 && !flip ? " is-cover" : ""}`}>
        <Half page={left} of={PAGES} side="left" />
        <Half page={right} of={PAGES} side="right" />
        {flip && target && (
          <div
            className={`book__leaf book__leaf--${flip.dir}`}
            onAnimationEnd={() => {
              setSpread(flip.to);
              setFlip(null);
            }}
            aria-hidden="true"
          >
            <div className="book__face book__face--front">
              <Half
                page={flip.dir === "next" ? current.right : current.left}
                of={PAGES}
                side={flip.dir === "next" ? "right" : "left"}
              />
            </div>
            <div className="book__face book__face--back">
              <Half
                page={flip.dir === "next" ? target.left : target.right}
                of={PAGES}
                side={flip.dir === "next" ? "left" : "right"}
              />
            </div>
          </div>
        )}
      </div>

      <div className="book__controls">
        <button type="button" className="btn btn--ghost" onClick={() => go(spread - 1)} disabled={spread === 0}>
          Previous
        </button>
        <label className="book__jump">
          <span className="book__where" aria-live="polite">
            {spreadLabel(flip?.to ?? spread, PAGES)}
          </span>
          <span className="visually-hidden">Go to page</span>
          <input
            type="range"
            min={1}
            max={PAGES}
            step={1}
            value={first}
            onChange={(e) => {
              // A jump opens the book at the page at once; turning 90 leaves one by one helps no one.
              setFlip(null);
              setSpread(spreadOfPage(Number(e.target.value), PAGES));
            }}
          />
        </label>
        <button type="button" className="btn btn--ghost" onClick={() => go(spread + 1)} disabled={spread === LAST}>
          Next
        </button>
      </div>

      {neighbours.length > 0 && (
        <div className="book__preload" aria-hidden="true">
          {neighbours.map((p) => (
            <BookPage key={p} page={p} of={PAGES} sizes={SIZES} eager />
          ))}
        </div>
      )}
    </section>
  );
}
