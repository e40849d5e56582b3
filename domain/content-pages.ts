import type { Campaign, MediaPost, PortfolioProject } from "./catalog-types.ts";

/** 'Other Projects' in the showcase: up to `limit` projects other than the one shown, in list order. */
export function otherProjects<T extends Pick<PortfolioProject, "id">>(all: T[], currentId: number, limit = 4): T[] {
  return all.filter((p) => p.id !== currentId).slice(0, limit);
}

/** The project facts the showcase lists; species and year only when the project has them. */
export function projectFacts(p: Pick<PortfolioProject, "species" | "year">): { label: string; value: string }[] {
  const facts: { label: string; value: string }[] = [];
  if (p.species?.trim()) facts.push({ label: "Species", value: p.species.trim() });
  if (p.year !== null && p.year !== undefined) facts.push({ label: "Year", value: String(p.year) });
  return facts;
}

export type MediaFeedItem =
  | { kind: "post"; key: string; date: string; post: MediaPost }
  | { kind: "campaign"; key: string; date: string; campaign: Campaign };

const time = (iso: string) => {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? 0 : t;
};

/** Media posts and newsletter campaigns in one list, newest first (undated items last). */
export function mediaFeed(posts: MediaPost[], campaigns: Campaign[]): MediaFeedItem[] {
  const items: MediaFeedItem[] = [
    ...posts.map((post) => ({ kind: "post" as const, key: `post-${post.id}`, date: post.date, post })),
    ...campaigns.map((campaign) => ({
      kind: "campaign" as const,
      key: `campaign-${campaign.campaignId}`,
      date: campaign.createdDate,
      campaign,
    })),
  ];
  return items.sort((a, b) => time(b.date) - time(a.date));
}

/**
 * Where a campaign's picture lives: a file in the studio's media folder (stored as
 * `images/media/<file>`), an outside https address (Mailchimp), or nothing usable.
 */
export function campaignImage(
  imageUrl: string,
): { kind: "media"; fileName: string } | { kind: "url"; url: string } | null {
  const local = /^\/?images\/media\/([^/?#]+)$/.exec(imageUrl);
  if (local?.[1]) return { kind: "media", fileName: local[1] };
  if (/^https:\/\//i.test(imageUrl)) return { kind: "url", url: imageUrl };
  return null;
}

/** 'Starting Price from': the lowest price among sizes, or null when there are none. */
export function startingPrice(sizes: { price: number }[]): number | null {
  return sizes.length === 0 ? null : Math.min(...sizes.map((s) => s.price));
}
