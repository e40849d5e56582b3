import { useEffect, useRef, useState } from "react";
import type { Employee } from "../../../domain/catalog-types.ts";
import { IMAGE_PRESETS } from "../../../domain/image-presets.ts";
import { presetImage } from "../../lib/images.ts";

/**
 * The team, four portraits across on wide screens and one on narrow ones (768 px). The track is a
 * scroll-snap row, so touch, trackpad and keyboard scrolling all work; the buttons move one slide.
 */
export function TeamCarousel({ team, children }: { team: Employee[]; children: React.ReactNode }) {
  const track = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ start: true, end: team.length <= 1 });

  useEffect(() => {
    const el = track.current;
    if (!el) return;
    const update = () =>
      setEdges({ start: el.scrollLeft <= 2, end: el.scrollLeft + el.clientWidth >= el.scrollWidth - 2 });
    update();
    el.addEventListener("scroll", update, { passive: true });
    window.addEventListener("resize", update);
    return () => {
      el.removeEventListener("scroll", update);
      window.removeEventListener("resize", update);
    };
  }, []);

  const move = (dir: 1 | -1) => {
    const el = track.current;
    const slide = el?.firstElementChild as HTMLElement | null;
    if (!el || !slide) return;
    const gap = Number.parseFloat(getComputedStyle(el).columnGap) || 0;
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    el.scrollBy({ left: dir * (slide.offsetWidth + gap), behavior: reduce ? "auto" : "smooth" });
  };

  return (
    <div className="team">
      <div className="team__head">
        <div>{children}</div>
        <div className="team__nav">
          <button
            type="button"
            className="team__btn"
            onClick={() => move(-1)}
            disabled={edges.start}
            data-tip="Previous team member"
          >
            <span className="visually-hidden">Previous team member</span>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="1.5" />
            </svg>
          </button>
          <button
            type="button"
            className="team__btn"
            onClick={() => move(1)}
            disabled={edges.end}
            data-tip="Next team member"
          >
            <span className="visually-hidden">Next team member</span>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="1.5" />
            </svg>
          </button>
        </div>
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a row that scrolls sideways must be reachable by keyboard */}
      <ul ref={track} className="team__track" tabIndex={0} aria-label="Team members">
        {team.map((person, i) => {
          const portrait = person.images[0];
          return (
            <li
              key={person.id}
              className="team__slide"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${team.length}`}
            >
              {portrait ? (
                <img
                  {...presetImage("employees", portrait.fileName, IMAGE_PRESETS.team)}
                  sizes="(max-width: 768px) 80vw, 22vw"
                  width={400}
                  height={500}
                  alt={`${person.name}, ${person.position}`}
                  loading="lazy"
                  decoding="async"
                />
              ) : (
                <div className="team__blank" />
              )}
              <h3>{person.name}</h3>
              <p className="label">{person.position}</p>
              <p className="team__bio">{person.description}</p>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
