import { useEffect, useState } from "react";
import type { Testimonial } from "../../../domain/catalog-types.ts";

/** One testimonial at a time, fading every `intervalMs`; the dots pick one and stop the rotation. */
export function Testimonials({ items, intervalMs = 5000 }: { items: Testimonial[]; intervalMs?: number }) {
  const [index, setIndex] = useState(0);
  const [held, setHeld] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new testimonial restarts the wait
  useEffect(() => {
    if (held || items.length < 2) return;
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const t = setTimeout(() => setIndex((i) => (i + 1) % items.length), intervalMs);
    return () => clearTimeout(t);
  }, [index, held, items.length, intervalMs]);
  const current = items[index];
  if (!current) return null;
  return (
    <div className="testimonial">
      <figure key={index} style={{ animation: "card-in 1s var(--ease) both", margin: 0 }}>
        <blockquote>“{current.message}”</blockquote>
        <figcaption className="label">
          {current.author} · <span aria-hidden="true">{"★".repeat(current.rating)}</span>
          <span className="visually-hidden">{current.rating} out of 5</span>
        </figcaption>
      </figure>
      <div className="hero__controls" style={{ position: "static", justifyContent: "center", marginTop: "1rem" }}>
        {items.map((t, i) => (
          <button
            key={t.id}
            type="button"
            className="testimonial__dot"
            aria-label={`Testimonial ${i + 1} of ${items.length}`}
            data-tip=""
            aria-current={i === index}
            onClick={() => {
              setIndex(i);
              setHeld(true);
            }}
          />
        ))}
      </div>
    </div>
  );
}
