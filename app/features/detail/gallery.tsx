import { useCallback, useRef, useState } from "react";
import type { ImageRef } from "../../../domain/catalog-types.ts";
import { IMAGE_PRESETS } from "../../../domain/image-presets.ts";
import { type ImageFolder, presetImage } from "../../lib/images.ts";
import { useGalleryPreload } from "./use-gallery-preload.ts";
import { Zoom, type ZoomStart } from "./zoom.tsx";
import "./gallery.css";

const SIZES = "(max-width: 900px) 100vw, 56vw";
/** At this width or less the gallery spans the screen and takes the phone's lighter variants. */
const PHONE = "(max-width: 900px)";
const { gallery: WIDE_PRESET, galleryPhone: PHONE_PRESET } = IMAGE_PRESETS;

const smooth = () =>
  window.matchMedia("(prefers-reduced-motion: reduce)").matches ? ("auto" as const) : ("smooth" as const);

/** The detail gallery: a swipeable square carousel, a thumbnail strip, arrow keys, click to zoom. */
export function Gallery({ images, folder, alt }: { images: ImageRef[]; folder: ImageFolder; alt: string }) {
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const [zoom, setZoom] = useState<ZoomStart | null>(null);
  const count = images.length;
  const { eager, firstReady, preloaded, progress } = useGalleryPreload(track, count);

  const go = useCallback(
    (i: number) => {
      const el = track.current;
      if (!el || count === 0) return;
      const next = (i + count) % count;
      el.scrollTo({ left: next * el.clientWidth, behavior: smooth() });
      setIndex(next);
      // Keyboard focus follows the picture, so it never rests on a slide that is hidden.
      if (el.contains(document.activeElement)) {
        el.querySelectorAll<HTMLButtonElement>(".gallery__zoom")[next]?.focus({ preventScroll: true });
      }
    },
    [count],
  );

  const onScroll = () => {
    const el = track.current;
    if (el) setIndex(Math.round(el.scrollLeft / Math.max(1, el.clientWidth)));
  };

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === "ArrowRight") go(index + 1);
    else if (e.key === "ArrowLeft") go(index - 1);
    else return;
    e.preventDefault();
  };

  if (count === 0) return <div className="gallery__frame gallery__frame--empty" />;
  return (
    <>
      <section
        className="gallery"
        aria-roledescription="carousel"
        aria-label={`Images of ${alt}`}
        aria-busy={!preloaded || undefined}
        onKeyDown={onKeyDown}
      >
        <div className={`gallery__frame${firstReady ? " is-ready" : ""}${preloaded ? " is-preloaded" : ""}`}>
          <div className="gallery__track" ref={track} onScroll={onScroll}>
            {images.map((img, i) => (
              <div key={img.fileName} className="gallery__slide" aria-hidden={i !== index || undefined}>
                <button
                  type="button"
                  className="gallery__zoom"
                  tabIndex={i === index ? 0 : -1}
                  aria-label={`Zoom image ${i + 1} of ${count}`}
                  data-tip=""
                  onClick={(e) => {
                    const box = e.currentTarget.getBoundingClientRect();
                    const keyboard = e.detail === 0;
                    setZoom({
                      at: i,
                      x: keyboard ? 0.5 : (e.clientX - box.left) / box.width,
                      y: keyboard ? 0.5 : (e.clientY - box.top) / box.height,
                    });
                  }}
                >
                  <picture>
                    <source
                      media={PHONE}
                      srcSet={presetImage(folder, img.fileName, PHONE_PRESET).srcSet}
                      sizes="100vw"
                    />
                    <img
                      {...presetImage(folder, img.fileName, WIDE_PRESET)}
                      sizes={SIZES}
                      width={1200}
                      height={1200}
                      alt={img.alt ?? (i === 0 ? alt : `${alt}, view ${i + 1}`)}
                      loading={i === 0 || eager ? "eager" : "lazy"}
                      fetchPriority={i === 0 ? "high" : undefined}
                      decoding={i === 0 ? "sync" : "async"}
                    />
                  </picture>
                </button>
              </div>
            ))}
          </div>
          <span className="gallery__loader" aria-hidden="true" />
          <span
            className="gallery__progress"
            aria-hidden="true"
            style={{ "--loaded": progress } as React.CSSProperties}
          />
          {count > 1 && (
            <>
              <button
                type="button"
                className="gallery__arrow gallery__arrow--prev"
                onClick={() => go(index - 1)}
                aria-label="Previous image"
                data-tip=""
              >
                <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                  <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="1.5" />
                </svg>
              </button>
              <button
                type="button"
                className="gallery__arrow gallery__arrow--next"
                onClick={() => go(index + 1)}
                aria-label="Next image"
                data-tip=""
              >
                <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                  <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="1.5" />
                </svg>
              </button>
              <p className="gallery__count" aria-live="polite">
                {index + 1} / {count}
              </p>
            </>
          )}
        </div>
        {count > 1 && (
          <ul className="gallery__thumbs" aria-label="Choose an image">
            {images.map((img, i) => (
              <li key={img.fileName}>
                <button
                  type="button"
                  className="gallery__thumb"
                  aria-label={`Show image ${i + 1} of ${count}`}
                  data-tip=""
                  aria-current={i === index || undefined}
                  onClick={() => go(i)}
                >
                  <img
                    src={presetImage(folder, img.fileName, IMAGE_PRESETS.thumb, 150).src}
                    alt=""
                    width={150}
                    height={150}
                    loading="lazy"
                    decoding="async"
                  />
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      {zoom && <Zoom images={images} folder={folder} alt={alt} start={zoom} onClose={() => setZoom(null)} />}
    </>
  );
}
