import { useEffect, useRef, useState } from "react";
import type { ImageRef } from "../../../domain/catalog-types.ts";
import { Dialog } from "../../components/dialog.tsx";
import { type ImageFolder, imageUrl } from "../../lib/images.ts";

export type ZoomStart = { at: number; x: number; y: number };

/**
 * The zoomed view: the 2000x2000 image in a pane that follows the pointer (or scrolls by touch),
 * opened where the shopper clicked. Another click, Escape or the close button leave it.
 */
export function Zoom({
  images,
  folder,
  alt,
  start,
  onClose,
}: {
  images: ImageRef[];
  folder: ImageFolder;
  alt: string;
  start: ZoomStart;
  onClose: () => void;
}) {
  const pane = useRef<HTMLDivElement>(null);
  const [at, setAt] = useState(start.at);

  // Centre the view on the point that was clicked, once the pane has its size.
  useEffect(() => {
    const el = pane.current;
    if (!el) return;
    const frame = requestAnimationFrame(() => {
      el.scrollLeft = start.x * el.scrollWidth - el.clientWidth / 2;
      el.scrollTop = start.y * el.scrollHeight - el.clientHeight / 2;
    });
    return () => cancelAnimationFrame(frame);
  }, [start]);

  const pan = (e: React.PointerEvent<HTMLDivElement>) => {
    if (e.pointerType !== "mouse") return;
    const el = e.currentTarget;
    const box = el.getBoundingClientRect();
    el.scrollLeft = ((e.clientX - box.left) / box.width) * (el.scrollWidth - el.clientWidth);
    el.scrollTop = ((e.clientY - box.top) / box.height) * (el.scrollHeight - el.clientHeight);
  };

  const step = (d: number) => setAt((i) => (i + d + images.length) % images.length);
  const img = images[at] ?? images[0];
  return (
    <Dialog
      open
      onClose={onClose}
      title={`${alt}, zoomed`}
      hideTitle
      className="zoom"
      onKeyDown={(e) => {
        if (e.key === "ArrowRight") step(1);
        else if (e.key === "ArrowLeft") step(-1);
      }}
    >
      {img && (
        <div className="zoom__pane" ref={pane} onPointerMove={pan}>
          <button type="button" className="zoom__image" onClick={onClose} aria-label="Close zoom">
            <img
              key={img.fileName}
              src={imageUrl(folder, img.fileName, { width: 2000, height: 2000, quality: 90 })}
              width={2000}
              height={2000}
              alt={alt}
              decoding="async"
              style={{
                backgroundImage: `url("${imageUrl(folder, img.fileName, { width: 1200, height: 1200, quality: 99 })}")`,
              }}
            />
          </button>
        </div>
      )}
      {images.length > 1 && (
        <div className="zoom__nav">
          <button type="button" className="zoom__step" onClick={() => step(-1)} aria-label="Previous image" data-tip="">
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="1.5" />
            </svg>
          </button>
          <span>
            {at + 1} / {images.length}
          </span>
          <button type="button" className="zoom__step" onClick={() => step(1)} aria-label="Next image" data-tip="">
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="1.5" />
            </svg>
          </button>
        </div>
      )}
    </Dialog>
  );
}
