import { useEffect, useRef } from "react";
import { Link, type ShouldRevalidateFunctionArgs, useLocation, useNavigate, useSearchParams } from "react-router";
import { PortfolioTile } from "../components/cards/portfolio-tile.tsx";
import { pageMeta } from "../features/content/meta.ts";
import { PageHead } from "../features/content/page-head.tsx";
import { type ShopPick, Showcase } from "../features/portfolio/showcase.tsx";
import "../features/portfolio/portfolio.css";
import { pageData } from "../lib/page-data.server.ts";
import { useShellData } from "../lib/use-studio.ts";
import type { Route } from "./+types/portfolio";

export async function loader({ context }: Route.LoaderArgs) {
  const page = pageData(context);
  const [projects, products] = await Promise.all([page.portfolio(), page.products()]);
  const shop: ShopPick[] = products
    .filter((p) => p.productId === null)
    .slice(0, 4)
    .map(({ id, title, price, salePrice, type, images }) => ({ id, title, price, salePrice, type, images }));
  return { projects, shop };
}

// Opening or closing the showcase only changes ?project; the data on the page already covers it.
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ matches, data, location }) => {
  const id = Number(new URLSearchParams(location.search).get("project"));
  const project = data?.projects.find((p) => p.id === id);
  return pageMeta(
    matches,
    project ? `${project.title} · Portfolio` : "Portfolio",
    "Dining tables, conference tables, bars, stairs and libraries we have built for homes and businesses.",
  );
};

export default function Portfolio({ loaderData }: Route.ComponentProps) {
  const { projects, shop } = loaderData;
  const lookBook = useShellData().studio.media.lookBookPages > 0;
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const selectedId = Number(params.get("project"));
  const selected = projects.find((p) => p.id === selectedId) ?? null;

  const close = () => {
    if ((location.state as { showcaseFromGrid?: boolean } | null)?.showcaseFromGrid) navigate(-1);
    else navigate("/portfolio", { replace: true, preventScrollReset: true });
  };

  // Focus goes back to the tile that opened the panel, without scrolling: a tile cut by the
  // window's edge would otherwise pull the page away from where the visitor left it.
  const lastOpen = useRef<number | null>(null);
  useEffect(() => {
    if (selected) {
      lastOpen.current = selected.id;
      return;
    }
    if (lastOpen.current === null) return;
    document
      .querySelector<HTMLElement>(`.portfolio-grid [data-project-id="${lastOpen.current}"]`)
      ?.focus({ preventScroll: true });
    lastOpen.current = null;
  }, [selected]);

  return (
    <>
      <div className="container" inert={selected !== null}>
        <PageHead
          label="Projects"
          title="Portfolio"
          lede="Tables, bars, stairs and libraries, each built from wood we milled ourselves and set in the room by the people who made it."
        >
          {lookBook && (
            <div className="page-actions">
              <Link to="/look-book" className="btn btn--ghost">
                Browse the look book
              </Link>
            </div>
          )}
        </PageHead>
        <section className="portfolio-section" aria-label="Projects">
          {projects.length === 0 ? (
            <p className="portfolio-empty">No portfolio items available at the moment.</p>
          ) : (
            <div className="portfolio-grid">
              {projects.map((p, i) => (
                <PortfolioTile key={p.id} project={p} eager={i === 0} />
              ))}
            </div>
          )}
        </section>
      </div>
      {selected && <Showcase project={selected} projects={projects} shop={shop} onClose={close} />}
    </>
  );
}
