import { Link } from "react-router";
import { pageMeta } from "../features/content/meta.ts";
import { VideoEmbed } from "../features/content/video-embed.tsx";
import { Testimonials } from "../features/home/testimonials.tsx";
import { TeamCarousel } from "../features/our-story/team-carousel.tsx";
import "../components/cards/card.css";
import "../features/home/home.css";
import "../features/our-story/our-story.css";
import { IMAGE_PRESETS } from "../../domain/image-presets.ts";
import { imageUrl, presetImage } from "../lib/images.ts";
import { pageData } from "../lib/page-data.server.ts";
import { sanitizeHtml } from "../lib/sanitize.server.ts";
import { useShellData } from "../lib/use-studio.ts";
import type { Route } from "./+types/our-story";

export const handle = { header: "transparent" };

export async function loader({ context }: Route.LoaderArgs) {
  const page = pageData(context);
  const [studio, testimonials, team] = await Promise.all([page.studio(), page.testimonials(), page.team()]);
  return { story: sanitizeHtml(studio?.story ?? ""), testimonials, team };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    "Our Story",
    "How the studio began, the film of the workshop, what our clients say, and the people who mill, dry and build every piece by hand.",
  );

export default function OurStory({ loaderData }: Route.ComponentProps) {
  const { story, testimonials, team } = loaderData;
  const { studio } = useShellData();
  const hero = studio.founder.images[1] ?? studio.founder.images[0];
  const poster = studio.founder.images[2] ?? hero;
  return (
    <>
      <section className="story-hero under-header" data-hero aria-labelledby="story-title">
        {hero && (
          <img
            {...presetImage("studio", hero.fileName, IMAGE_PRESETS.hero, 1600)}
            sizes="100vw"
            width={1600}
            height={900}
            alt=""
            fetchPriority="high"
          />
        )}
        <div className="story-hero__text container">
          <p className="label">{studio.name}</p>
          <h1 id="story-title">Our Story</h1>
          <p>{studio.tagline}</p>
        </div>
      </section>

      <section className="section reveal" aria-label="How the studio began">
        <div className="container">
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server (lib/sanitize.server.ts) */}
          <div className="story-text" dangerouslySetInnerHTML={{ __html: story }} />
        </div>
      </section>

      {studio.storyVideoUrl && (
        <section className="story-film container reveal" aria-labelledby="story-film">
          <h2 id="story-film" className="visually-hidden">
            The studio on film
          </h2>
          <div className="story-video">
            <VideoEmbed
              url={studio.storyVideoUrl}
              title={`${studio.name}: the studio film`}
              poster={
                poster ? imageUrl("studio", poster.fileName, { width: 1280, height: 720, quality: 80 }) : undefined
              }
            />
          </div>
        </section>
      )}

      {testimonials.length > 0 && (
        <section className="section testimonials reveal" aria-label="What our clients say">
          <div className="container">
            <Testimonials items={testimonials} intervalMs={5000} />
          </div>
        </section>
      )}

      {team.length > 0 && (
        <section className="section reveal" aria-roledescription="carousel" aria-labelledby="story-team">
          <div className="container">
            <TeamCarousel team={team}>
              <p className="label">The studio</p>
              <h2 id="story-team">The people who make it</h2>
            </TeamCarousel>
          </div>
        </section>
      )}

      <section className="section reveal" aria-labelledby="story-visit">
        <div className="container story-cta">
          <h2 id="story-visit">Come and see us</h2>
          <p>
            Walk the slab yard, sit at a finished table, or tell us about the room you are building for. The coffee is
            always on.
          </p>
          <Link to="/contact" className="btn">
            Contact the studio
          </Link>
        </div>
      </section>
    </>
  );
}
