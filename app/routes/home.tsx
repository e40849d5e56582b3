import { Link } from "react-router";
import { toCardProduct } from "../../domain/card-product.ts";
import { IMAGE_PRESETS } from "../../domain/image-presets.ts";
import { storeJsonLd } from "../../domain/structured-data.ts";
import { pageMeta, shellMeta } from "../features/content/meta.ts";
import { FallbackHero, HeroCarousel } from "../features/home/hero-carousel.tsx";
import { ProductRail } from "../features/home/product-rail.tsx";
import { Testimonials } from "../features/home/testimonials.tsx";
import { type ImageFolder, imageUrl, presetImage } from "../lib/images.ts";
import { pageData } from "../lib/page-data.server.ts";
import { type ShellStudio, useShellData } from "../lib/use-studio.ts";
import type { Route } from "./+types/home";

export const handle = { header: "transparent" };

export async function loader({ context }: Route.LoaderArgs) {
  const page = pageData(context);
  const [home, portfolio, studio] = await Promise.all([page.home(), page.portfolio(), page.studio()]);
  const siteUrl = page.origin();
  const shareImage = heroShareImage(home.carousel);
  // Only what the page shows travels to the browser (the HTML carries loader data for hydration).
  return {
    shareImage,
    // The studio's JSON-LD is built here, so its builder stays out of the page's scripts.
    jsonLd: studio ? [storeJsonLd(studio, siteUrl, shareImage && siteUrl + shareImage)] : [],
    carousel: home.carousel,
    products: home.products.map(toCardProduct),
    testimonials: home.testimonials,
    divergenceImage: home.divergence?.generalImagery[0]?.fileName ?? null,
    projectImage: portfolio[0]?.images[0]?.fileName ?? null,
  };
}

/** The first still of the carousel, at the size share cards use. */
function heroShareImage(carousel: readonly { fileName: string }[]) {
  const hero = carousel.find((c) => !c.fileName.endsWith(".mp4"));
  return hero ? imageUrl("carousel", hero.fileName, { width: 1200, height: 630, quality: 85 }) : undefined;
}

export const meta: Route.MetaFunction = ({ matches, data }) => {
  const { studio } = shellMeta(matches) as { studio?: ShellStudio };
  const title = studio ? [studio.name, studio.tagline].filter(Boolean).join(" — ") : undefined;
  return pageMeta(
    matches,
    title ?? "Handmade wood furniture",
    "Live-edge dining tables, slabs, bases and furniture made by hand from reclaimed and locally felled hardwoods.",
    {
      fullTitle: title,
      image: data?.shareImage,
      jsonLd: data?.jsonLd ?? [],
    },
  );
};

export default function Home({ loaderData }: Route.ComponentProps) {
  const home = loaderData;
  const { projectImage, divergenceImage } = loaderData;
  const { studio } = useShellData();
  const founderImage = studio.founder.images[0]?.fileName;
  const links: { to: string; picture: [ImageFolder, string] | null; title: string; text: string }[] = [
    {
      to: "/custom-design",
      picture: divergenceImage ? ["divergence", divergenceImage] : null,
      title: "Custom design",
      text: "Tell us about the room and the people around the table; we will draw it.",
    },
    {
      to: "/portfolio",
      picture: projectImage ? ["projects", projectImage] : null,
      title: "Projects",
      text: "Tables, bars and stairs in homes and offices across the region.",
    },
    {
      to: "/contact",
      picture: founderImage ? ["studio", founderImage] : null,
      title: "Visit the studio",
      text: [studio.address.city, studio.address.state].filter(Boolean).join(", ")
        ? `${[studio.address.city, studio.address.state].filter(Boolean).join(", ")}. Come and walk the slab racks with us.`
        : "Come and walk the slab racks with us.",
    },
  ];
  const first = home.carousel[0];
  // A still first slide is the page's largest picture: asked for with the document.
  const heroPicture =
    first && !first.fileName.endsWith(".mp4")
      ? presetImage("carousel", first.fileName, IMAGE_PRESETS.hero, 1600)
      : undefined;
  return (
    <>
      {heroPicture && (
        <link
          rel="preload"
          as="image"
          href={heroPicture.src}
          imageSrcSet={heroPicture.srcSet}
          imageSizes="100vw"
          fetchPriority="high"
        />
      )}
      {home.carousel.length > 0 ? (
        <HeroCarousel items={home.carousel} />
      ) : (
        <FallbackHero divergence={studio.media.divergence} />
      )}

      {/* A shop with nothing finished yet (a new studio) shows no empty rail. */}
      {home.products.length > 0 && (
        <section className="section container reveal" aria-labelledby="home-shop">
          <ProductRail
            heading={
              <div>
                <p className="label">The online store</p>
                <h2 id="home-shop">Finished in the studio</h2>
              </div>
            }
            products={home.products}
          />
        </section>
      )}

      {home.testimonials.length > 0 && (
        <section className="section testimonials reveal" aria-label="What our clients say">
          <div className="container">
            <Testimonials items={home.testimonials} />
          </div>
        </section>
      )}

      <section className="section container reveal" aria-labelledby="home-more">
        <h2 id="home-more" className="visually-hidden">
          More from the studio
        </h2>
        <div className="home-links">
          {links.map((link) => (
            <Link key={link.to} to={link.to} className="home-link">
              {link.picture && (
                <img
                  src={presetImage(link.picture[0], link.picture[1], IMAGE_PRESETS.homeLink).src}
                  alt=""
                  width={600}
                  height={800}
                  loading="lazy"
                />
              )}
              <h3>{link.title}</h3>
              <p>{link.text}</p>
            </Link>
          ))}
        </div>
      </section>
    </>
  );
}
