import { type RefObject, useEffect, useState } from "react";

/** How long the loader waits for the gallery's pictures: one that hangs never holds it longer. */
export const PRELOAD_TIMEOUT_MS = 10_000;

/** Resolves once the picture has loaded or failed; a failure only ends its wait (docs/product.md §8: logged only). */
function settled(img: HTMLImageElement, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (img.complete) return resolve();
    img.addEventListener("load", () => resolve(), { once: true, signal });
    img.addEventListener("error", () => resolve(), { once: true, signal });
  });
}

/**
 * The detail page's loader lasts until every picture of the gallery is preloaded (docs/product.md §2). The
 * first picture is the page's largest paint and loads alone; once it is in, the others are asked
 * for at once rather than when swiped to (`eager`). Loaded and failed pictures both count, and
 * the wait ends after PRELOAD_TIMEOUT_MS whatever is still missing.
 */
export function useGalleryPreload(track: RefObject<HTMLElement | null>, count: number) {
  const [done, setDone] = useState(0);
  const [eager, setEager] = useState(false);
  const [timedOut, setTimedOut] = useState(false);

  useEffect(() => {
    const t = setTimeout(() => setTimedOut(true), PRELOAD_TIMEOUT_MS);
    return () => clearTimeout(t);
  }, []);

  useEffect(() => {
    const [first, ...rest] = track.current?.querySelectorAll<HTMLImageElement>(".gallery__slide img") ?? [];
    if (!first) return;
    const stop = new AbortController();
    const count = (n: number) => !stop.signal.aborted && setDone(n);
    if (!eager)
      settled(first, stop.signal).then(() => {
        count(1);
        if (!stop.signal.aborted) setEager(true);
      });
    else {
      let n = 1;
      for (const img of rest) settled(img, stop.signal).then(() => count(++n));
    }
    return () => stop.abort();
  }, [eager, track]);

  return {
    eager,
    firstReady: done > 0 || timedOut,
    preloaded: done >= count || timedOut,
    progress: count > 0 ? Math.min(1, done / count) : 1,
  };
}
