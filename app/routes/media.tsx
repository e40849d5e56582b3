import type { Campaign } from "../../domain/catalog-types.ts";
import { mediaFeed } from "../../domain/content-pages.ts";
import { pageMeta } from "../features/content/meta.ts";
import { PageHead } from "../features/content/page-head.tsx";
import { MediaFeed } from "../features/media/media-feed.tsx";
import { pageData } from "../lib/page-data.server.ts";
import type { Route } from "./+types/media";

export async function loader({ context }: Route.LoaderArgs) {
  const page = pageData(context);
  const posts = await page.mediaPosts();
  let campaigns: Campaign[] = [];
  try {
    campaigns = await page.campaigns();
  } catch (err) {
    // Without the newsletter source the page still has the posts to show (docs/product.md §8).
    context.deps.logger.warn({ err }, "Newsletter campaigns unavailable for /media");
  }
  return { items: mediaFeed(posts, campaigns) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    "Media",
    "Stories from the workshop and the slab yard, and every newsletter we have sent: new slabs, finished commissions and studio news.",
  );

export default function Media({ loaderData }: Route.ComponentProps) {
  const { items } = loaderData;
  return (
    <div className="container">
      <PageHead
        label="Journal and newsletter"
        title="Media"
        lede="Stories from the workshop and the slab yard, and the newsletters we send a few times a year."
      />
      {items.length === 0 ? (
        <p className="media-empty">No media content available at the moment.</p>
      ) : (
        <MediaFeed items={items} />
      )}
    </div>
  );
}
