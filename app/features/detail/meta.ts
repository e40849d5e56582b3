import { plainText } from "../../../domain/detail.ts";
import { imageUrl, productFolder } from "../../lib/images.ts";
import type { DetailData } from "./types.ts";

type MetaMatch = { data?: unknown } | undefined;

const withStudio = (title: string, studio: string | undefined) =>
  !studio || title.includes(studio) ? title : `${title} — ${studio}`;

/** Title and description of a detail page: products use their SEO data, slabs and bases their text. */
export function detailMeta(data: DetailData | undefined, matches: MetaMatch[]) {
  const studio = (matches[1]?.data as { studio?: { name: string } } | undefined)?.studio?.name;
  if (!data) return [{ title: withStudio("Page not found", studio) }, { name: "robots", content: "noindex" }];
  let title: string;
  let description: string;
  let image: string | undefined;
  if (data.kind === "product") {
    const { product, parent } = data;
    const seo = product.metaData.seoData;
    // A variant without its own SEO title reads as its parent's title and its own.
    const ownSeoTitle = seo.title && seo.title !== product.title;
    title = product.id === parent.id || ownSeoTitle ? seo.title : `${parent.title}, ${product.title}`;
    description = seo.description || plainText(product.description);
    const first = product.images[0] ?? parent.images[0];
    if (first)
      image = imageUrl(productFolder(product.type), first.fileName, { width: 1200, height: 1200, quality: 90 });
  } else {
    title = data.item.title;
    description = plainText(data.item.description);
    const first = data.item.images[0];
    const folder = data.kind === "slab" ? "slabs" : "bases";
    if (first) image = imageUrl(folder, first.fileName, { width: 1200, height: 1200, quality: 90 });
  }
  const full = withStudio(title, studio);
  const origin = new URL(data.shareUrl).origin;
  return [
    { title: full },
    { name: "description", content: description },
    { property: "og:title", content: full },
    { property: "og:description", content: description },
    { property: "og:url", content: data.shareUrl },
    ...(image ? [{ property: "og:image", content: origin + image }] : []),
  ];
}
