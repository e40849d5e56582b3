import type { ImageRef } from "../../../domain/catalog-types.ts";
import { IMAGE_PRESETS } from "../../../domain/image-presets.ts";
import { type ImageFolder, presetImage } from "../../lib/images.ts";

const SIZES = "(max-width: 560px) 92vw, (max-width: 900px) 46vw, 24vw";

/** A card's 3:4 image (600x800 q90 at most), with the second image shown on hover when there is one. */
export function CardImage({
  folder,
  images,
  alt,
  eager = false,
}: {
  folder: ImageFolder;
  images: ImageRef[];
  alt: string;
  eager?: boolean;
}) {
  const [first, second] = images;
  if (!first) return <div className="card__img card__img--empty" />;
  return (
    <>
      <img
        className="card__img"
        {...presetImage(folder, first.fileName, IMAGE_PRESETS.card)}
        sizes={SIZES}
        width={600}
        height={800}
        alt={alt}
        loading={eager ? "eager" : "lazy"}
        fetchPriority={eager ? "high" : undefined}
        decoding="async"
      />
      {second && (
        <img
          className="card__img card__img--alt"
          {...presetImage(folder, second.fileName, IMAGE_PRESETS.card)}
          sizes={SIZES}
          width={600}
          height={800}
          alt=""
          loading="lazy"
          decoding="async"
        />
      )}
    </>
  );
}
