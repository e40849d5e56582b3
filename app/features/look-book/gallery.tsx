import { useEffect, useRef, useState } from "react";
import { BookPage } from "./book-page.tsx";

/**
 * The narrow-screen look book: every page has its place reserved in a scroll-snapping column, but
 * an image is only mounted while its place is within a screen or so of the view.
 */
export function LookBookGallery({ pages }: { pages: number }) {
  const list = useRef<HTMLOListElement>(null);
  const [near, setNear] = useState<ReadonlySet<number>>(() => new Set([1, 2]));

  useEffect(() => {
    const root = list.current;
    if (!root) return;
    const io = new IntersectionObserver(
      (entries) =>
        setNear((prev) => {
          const next = new Set(prev);
          for (const e of entries) {
            const page = Number((e.target as HTMLElement).dataset.page);
            if (e.isIntersecting) next.add(page);
            else next.delete(page);
          }
          return next;
        }),
      { rootMargin: "150% 0px" },
    );
    for (const el of root.querySelectorAll("[data-page]")) io.observe(el);
    return () => io.disconnect();
  }, []);

  return (
    <ol ref={list} className="lb-gallery" aria-label="Look book pages">
      {Array.from({ length: pages }, (_, i) => i + 1).map((page) => (
        <li key={page} data-page={page} className="lb-gallery__page">
          {near.has(page) ? (
            // The first page is the screen's largest picture: asked for at once, ahead of the rest.
            <BookPage page={page} of={pages} sizes="92vw" eager={page === 1} />
          ) : (
            <div className="book-page is-loading">
              <p className="book-page__status">Loading...</p>
            </div>
          )}
        </li>
      ))}
    </ol>
  );
}
