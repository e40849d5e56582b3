import { useSyncExternalStore } from "react";
import { LOOK_BOOK } from "../../../domain/look-book.ts";
import { FlipBook } from "./flip-book.tsx";
import { LookBookGallery } from "./gallery.tsx";
import "./look-book.css";

const NARROW = `(max-width: ${LOOK_BOOK.galleryMaxWidth}px)`;

function subscribe(onChange: () => void) {
  const mq = window.matchMedia(NARROW);
  mq.addEventListener("change", onChange);
  return () => mq.removeEventListener("change", onChange);
}

/**
 * The flip book on wide screens, the gallery at 768 px or less. The server cannot know the width,
 * so it sends both and CSS shows the right one; once in the browser only that one stays mounted.
 */
export function LookBook({ pages }: { pages: number }) {
  const narrow = useSyncExternalStore(
    subscribe,
    () => window.matchMedia(NARROW).matches,
    () => null,
  );
  return (
    <div className={`look-book${narrow === null ? " is-undecided" : ""}`}>
      {narrow !== true && (
        <div className="look-book__book">
          <FlipBook preload={narrow === false} pages={pages} />
        </div>
      )}
      {narrow !== false && (
        <div className="look-book__gallery">
          <LookBookGallery pages={pages} />
        </div>
      )}
    </div>
  );
}
