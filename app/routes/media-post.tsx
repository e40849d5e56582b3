import { data, Link } from "react-router";
import { formatLongDate } from "../../domain/format.ts";
import { IMAGE_PRESETS } from "../../domain/image-presets.ts";
import { ResponsiveImage } from "../components/responsive-image.tsx";
import { pageMeta } from "../features/content/meta.ts";
import { VideoEmbed } from "../features/content/video-embed.tsx";
import "../features/media/media.css";
import { RouteErrorBoundary } from "../features/not-found/route-error.tsx";
import { imageUrl, presetImage } from "../lib/images.ts";
import { pageData } from "../lib/page-data.server.ts";
import type { Route } from "./+types/media-post";

export async function loader({ context, params }: Route.LoaderArgs) {
  const id = /^\d{1,9}$/.test(params.id) ? Number(params.id) : null;
  const post = id === null ? null : await pageData(context).mediaPost(id);
  if (!post) throw data("Not found", { status: 404 });
  return { post };
}

export const meta: Route.MetaFunction = ({ matches, data }) =>
  data
    ? pageMeta(matches, data.post.metaData.seoData.title || data.post.title, data.post.metaData.seoData.description, {
        type: "article",
        image: data.post.images[0]
          ? imageUrl("media", data.post.images[0].fileName, { width: 1200, height: 630, quality: 85 })
          : undefined,
      })
    : pageMeta(matches, "Page not found", "This page could not be found.");

export function ErrorBoundary() {
  return <RouteErrorBoundary what="story" />;
}

export default function MediaPostPage({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData;
  const [hero, ...more] = post.images;
  const video = post.videos[0];
  return (
    <article className="container media-post">
      <header className="media-post__head">
        <Link to="/media" className="media-post__back">
          ← All media
        </Link>
        <p className="label">
          <time dateTime={post.date}>{formatLongDate(post.date)}</time>
        </p>
        <h1>{post.title}</h1>
      </header>
      {hero && (
        <img
          className="media-post__hero"
          {...presetImage("media", hero.fileName, IMAGE_PRESETS.mediaPost)}
          sizes="(max-width: 1440px) 92vw, 1340px"
          width={1600}
          height={900}
          alt={post.title}
          fetchPriority="high"
        />
      )}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server (lib/page-data.server.ts) */}
      <div className="prose media-post__body" dangerouslySetInnerHTML={{ __html: post.content }} />
      {video && (
        <div className="media-post__video">
          <VideoEmbed
            url={video.url}
            title={post.title}
            poster={hero ? imageUrl("media", hero.fileName, { width: 1280, height: 720, quality: 80 }) : undefined}
          />
        </div>
      )}
      {more.length > 0 && (
        <div className="media-post__more">
          {more.map((image, i) => (
            <ResponsiveImage
              key={image.fileName}
              folder="media"
              fileName={image.fileName}
              width={1000}
              height={667}
              widths={[500, 750, 1000]}
              sizes="(max-width: 768px) 92vw, 46vw"
              alt={`${post.title}, photograph ${i + 2}`}
            />
          ))}
        </div>
      )}
    </article>
  );
}
