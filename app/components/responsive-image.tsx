import { type ImageFolder, imageSrcSet, imageUrl } from "../lib/images.ts";

/**
 * An optimised image at a fixed aspect ratio: a srcset over `widths`, explicit width and height
 * (so its box is reserved before it arrives), lazy unless it is the page's first picture.
 */
export function ResponsiveImage({
  folder,
  fileName,
  width,
  height,
  widths,
  sizes,
  alt,
  quality = 82,
  eager = false,
  className,
}: {
  folder: ImageFolder;
  fileName: string;
  width: number;
  height: number;
  widths: number[];
  sizes: string;
  alt: string;
  quality?: number;
  eager?: boolean;
  className?: string;
}) {
  return (
    <img
      className={className}
      src={imageUrl(folder, fileName, { width, height, quality })}
      srcSet={imageSrcSet(folder, fileName, { widths, ratio: height / width, quality })}
      sizes={sizes}
      width={width}
      height={height}
      alt={alt}
      loading={eager ? "eager" : "lazy"}
      fetchPriority={eager ? "high" : undefined}
      decoding="async"
    />
  );
}
