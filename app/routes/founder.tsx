import { data, Link } from "react-router";
import { IMAGE_PRESETS } from "../../domain/image-presets.ts";
import { ResponsiveImage } from "../components/responsive-image.tsx";
import { pageMeta } from "../features/content/meta.ts";
import "../features/content/content.css";
import "../features/our-story/founder.css";
import { RouteErrorBoundary } from "../features/not-found/route-error.tsx";
import { presetImage } from "../lib/images.ts";
import { pageData } from "../lib/page-data.server.ts";
import { sanitizeHtml } from "../lib/sanitize.server.ts";
import type { Route } from "./+types/founder";

export async function loader({ context, params }: Route.LoaderArgs) {
  const studio = await pageData(context).studio();
  if (!studio || params.slug !== studio.founder.slug) throw data("Not found", { status: 404 });
  const { name, images, bio } = studio.founder;
  return { name, images, bio: sanitizeHtml(bio), studioName: studio.name };
}

export const meta: Route.MetaFunction = ({ matches, data }) =>
  data
    ? pageMeta(
        matches,
        data.name,
        `${data.name}, founder and designer of ${data.studioName}: the maker who draws every piece and sees it into the room.`,
      )
    : pageMeta(matches, "Page not found", "This page could not be found.");

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export default function Founder({ loaderData }: Route.ComponentProps) {
  const { name, images, bio } = loaderData;
  const [portrait, ...more] = images;
  return (
    <article className="container founder">
      <div className="founder__intro">
        {portrait && (
          <img
            className="founder__portrait"
            {...presetImage("studio", portrait.fileName, IMAGE_PRESETS.founder)}
            sizes="(max-width: 768px) 92vw, 40vw"
            width={800}
            height={1000}
            alt={`Portrait of ${name}`}
            fetchPriority="high"
          />
        )}
        <div className="founder__text">
          <p className="label">Founder and designer</p>
          <h1>{name}</h1>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server (lib/sanitize.server.ts) */}
          <div className="prose founder__bio" dangerouslySetInnerHTML={{ __html: bio }} />
          <div className="page-actions">
            <Link to="/our-story" className="btn btn--ghost">
              Our story
            </Link>
            <Link to="/custom-design" className="btn">
              Commission a piece
            </Link>
          </div>
        </div>
      </div>
      {more.length > 0 && (
        <div className="founder__gallery">
          {more.map((image, i) => (
            <ResponsiveImage
              key={image.fileName}
              folder="studio"
              fileName={image.fileName}
              width={1200}
              height={900}
              widths={[600, 900, 1200]}
              sizes="(max-width: 768px) 92vw, 46vw"
              alt={`${name} at work, photograph ${i + 1}`}
            />
          ))}
        </div>
      )}
    </article>
  );
}
