type MetaMatch = { data?: unknown } | undefined;
type ShellMeta = { studio?: { name?: string }; siteUrl?: string };

export const shellMeta = (matches: readonly MetaMatch[]): ShellMeta =>
  (matches[1]?.data as ShellMeta | undefined) ?? {};

/**
 * A page's head: "<Page> — <studio name>", its description, the Open Graph and Twitter card
 * versions of both (with the page's main picture, made absolute), and any JSON-LD blocks.
 * The canonical address and og:url come from the document (app/root.tsx).
 */
export function pageMeta(
  matches: readonly MetaMatch[],
  page: string,
  description: string,
  extra: { image?: string; type?: "website" | "article" | "product"; jsonLd?: object[]; fullTitle?: string } = {},
) {
  const { studio, siteUrl } = shellMeta(matches);
  const name = studio?.name;
  const title = extra.fullTitle ?? (name && !page.includes(name) ? `${page} — ${name}` : page);
  const image = extra.image && siteUrl && extra.image.startsWith("/") ? siteUrl + extra.image : extra.image;
  return [
    { title },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: extra.type ?? "website" },
    ...(name ? [{ property: "og:site_name", content: name }] : []),
    ...(image ? [{ property: "og:image", content: image }] : []),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    ...(image ? [{ name: "twitter:image", content: image }] : []),
    ...(extra.jsonLd ?? []).map((json) => ({ "script:ld+json": json })),
  ];
}
