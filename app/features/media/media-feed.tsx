import { Link } from "react-router";
import { campaignImage, type MediaFeedItem } from "../../../domain/content-pages.ts";
import { formatLongDate } from "../../../domain/format.ts";
import { IMAGE_PRESETS } from "../../../domain/image-presets.ts";
import { presetImage } from "../../lib/images.ts";
import "./media.css";

const SIZES = "(max-width: 768px) 92vw, (max-width: 1100px) 46vw, 30vw";

/** The feed's first picture is the page's largest paint: asked for at once, with the document. */
const loadingOf = (first: boolean) =>
  first ? ({ loading: "eager", fetchPriority: "high" } as const) : ({ loading: "lazy" } as const);

function Picture({ fileName, first }: { fileName: string; first: boolean }) {
  return (
    <img
      {...presetImage("media", fileName, IMAGE_PRESETS.media)}
      sizes={SIZES}
      width={800}
      height={533}
      alt=""
      {...loadingOf(first)}
      decoding="async"
    />
  );
}

function Entry({ item, first }: { item: MediaFeedItem; first: boolean }) {
  const titleId = `media-${item.key}`;
  if (item.kind === "post") {
    const { post } = item;
    return (
      <article className="media-entry">
        <div className="media-entry__img">
          {post.images[0] && <Picture fileName={post.images[0].fileName} first={first} />}
        </div>
        <p className="label">
          Journal · <time dateTime={post.date}>{formatLongDate(post.date)}</time>
        </p>
        <h2 id={titleId}>{post.title}</h2>
        {post.metaData.seoData.description && <p>{post.metaData.seoData.description}</p>}
        <Link to={`/media/${post.id}`} className="btn btn--ghost">
          View More<span className="visually-hidden">: {post.title}</span>
        </Link>
      </article>
    );
  }
  const { campaign } = item;
  const picture = campaignImage(campaign.imageUrl);
  return (
    <article className="media-entry">
      <div className="media-entry__img">
        {picture?.kind === "media" && <Picture fileName={picture.fileName} first={first} />}
        {picture?.kind === "url" && <img src={picture.url} alt="" width={800} height={533} {...loadingOf(first)} />}
      </div>
      <p className="label">
        Newsletter
        {campaign.createdDate && (
          <>
            {" · "}
            <time dateTime={campaign.createdDate}>{formatLongDate(campaign.createdDate)}</time>
          </>
        )}
      </p>
      <h2 id={titleId}>{campaign.title}</h2>
      {campaign.description && <p>{campaign.description}</p>}
      <Link to={`/newsletter/${encodeURIComponent(campaign.campaignId)}`} className="btn btn--ghost">
        {/* The link says where it leads to those who hear it, not only "Read More". */}
        Read More<span className="visually-hidden">: {campaign.title}</span>
      </Link>
    </article>
  );
}

/** Media posts and newsletter campaigns, newest first. */
export function MediaFeed({ items }: { items: MediaFeedItem[] }) {
  return (
    <div className="media-feed">
      {items.map((item, i) => (
        <Entry key={item.key} item={item} first={i === 0} />
      ))}
    </div>
  );
}
