import { plainText } from "../../../domain/detail.ts";
import { breadcrumbJsonLd, productJsonLd } from "../../../domain/structured-data.ts";
import { imageUrl, productFolder } from "../../lib/images.ts";
import { pageMeta, shellMeta } from "../content/meta.ts";
import type { DetailData } from "./types.ts";

type MetaMatch = { data?: unknown } | undefined;

const LISTINGS = { product: ["Shop", "/shop"], slab: ["Slabs", "/slabs"], base: ["Bases", "/bases"] } as const;

/**
 * What a page says of an item whose text is empty (one just added from the back office): its
 * facts in a sentence, so search engines and shares still get a description.
 */
function facts(data: DetailData): string {
  if (data.kind === "product") {
    const p = data.product;
    return `${data.parent.title}${p.id === data.parent.id ? "" : `, ${p.title}`}: ${[p.category, p.material].filter(Boolean).join(", ")}, ${p.length} × ${p.width} × ${p.height} in.`;
  }
  if (data.kind === "slab") {
    const s = data.item;
    return `${s.title}: a ${s.species.toLowerCase()} ${s.category.toLowerCase()}, ${s.length} × ${s.width} in and ${s.thickness} in thick, from ${s.origin}.`;
  }
  return `${data.item.title}: a ${data.item.material.toLowerCase()} table base.`;
}

/**
 * A detail page's head: products use their SEO data, slabs and bases their text; the main
 * picture for sharing; a Product with its Offer and the breadcrumb as JSON-LD.
 */
export function detailMeta(data: DetailData | undefined, matches: MetaMatch[]) {
  const { studio, siteUrl = "" } = shellMeta(matches);
  if (!data)
    return [
      ...pageMeta(matches, "Page not found", "This page could not be found."),
      { name: "robots", content: "noindex" },
    ];
  let title: string;
  let description: string;
  let image: string | undefined;
  let offer: {
    price: number;
    salePrice: number | null;
    stock: number | null;
    salePending: boolean;
    sku: string;
    category?: string;
  };
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
    offer = {
      price: product.price,
      salePrice: product.salePrice,
      stock: product.stock,
      salePending: product.visibility === "Sale Pending",
      sku: product.inventoryId,
      category: product.category,
    };
  } else {
    const item = data.item;
    title = item.title;
    description = plainText(item.description);
    const first = item.images[0];
    if (first)
      image = imageUrl(data.kind === "slab" ? "slabs" : "bases", first.fileName, {
        width: 1200,
        height: 1200,
        quality: 90,
      });
    offer = {
      price: item.startingPrice,
      salePrice: item.salePrice,
      stock: null,
      salePending: item.visibility === "Sale Pending",
      sku: item.inventoryId,
      category: data.kind === "slab" ? data.item.category : undefined,
    };
  }
  if (description.trim() === "") description = facts(data);
  const url = siteUrl + new URL(data.shareUrl).pathname;
  const [listing, listingPath] = LISTINGS[data.kind];
  return pageMeta(matches, title, description.slice(0, 300), {
    image,
    type: "product",
    jsonLd: [
      productJsonLd({
        name: title,
        description: description.slice(0, 5000),
        url,
        images: image ? [siteUrl + image] : [],
        brand: studio?.name ?? "",
        ...offer,
      }),
      breadcrumbJsonLd([
        { name: "Home", url: `${siteUrl}/` },
        { name: listing, url: siteUrl + listingPath },
        { name: title, url },
      ]),
    ],
  });
}
