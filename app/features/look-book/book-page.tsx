import { useEffect, useRef, useState } from "react";
import { IMAGE_PRESETS } from "../../../domain/image-presets.ts";
import { lookBookFile } from "../../../domain/look-book.ts";
import { presetImage } from "../../lib/images.ts";

/** A page's picture: its URL at 850 px and the srcset of the look book's preset. */
const pagePicture = (page: number) => presetImage("look-book", lookBookFile(page), IMAGE_PRESETS.lookBook);

/** One page image: 'Loading...' until it arrives, 'Image not found' if it never does. */
export function BookPage({
  page,
  of,
  sizes,
  eager = false,
}: {
  page: number;
  of: number;
  sizes: string;
  eager?: boolean;
}) {
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  const img = useRef<HTMLImageElement>(null);
  // An image can finish before the page hydrates, when its load event has already gone by.
  useEffect(() => {
    const el = img.current;
    if (el?.complete) setState(el.naturalWidth > 0 ? "ready" : "failed");
  }, []);
  return (
    <div className={`book-page is-${state}`}>
      {state !== "ready" && (
        <p className="book-page__status" role={state === "failed" ? "alert" : undefined}>
          {state === "failed" ? "Image not found" : "Loading..."}
        </p>
      )}
      {state !== "failed" && (
        <img
          ref={img}
          {...pagePicture(page)}
          sizes={sizes}
          width={850}
          height={1100}
          alt={`Look book, page ${page} of ${of}`}
          loading={eager ? "eager" : "lazy"}
          fetchPriority={eager ? "high" : undefined}
          decoding="async"
          onLoad={() => setState("ready")}
          onError={() => setState("failed")}
        />
      )}
    </div>
  );
}
