import { useEffect, useLayoutEffect, useRef } from "react";
import { Link } from "react-router";
import type { PortfolioProject, Product } from "../../../domain/catalog-types.ts";
import { otherProjects, projectFacts } from "../../../domain/content-pages.ts";
import { formatPrice } from "../../../domain/format.ts";
import { IMAGE_PRESETS } from "../../../domain/image-presets.ts";
import { CardImage } from "../../components/cards/card-image.tsx";
import { PortfolioTile } from "../../components/cards/portfolio-tile.tsx";
import { useHeaderState } from "../../lib/header-state.tsx";
import { presetImage, productFolder } from "../../lib/images.ts";
import "../content/content.css";
import "./showcase.css";
import { productPath } from "../../../domain/product-names.ts";

export type ShopPick = Pick<Product, "id" | "title" | "price" | "salePrice" | "type" | "images">;

// The server renders nothing before paint, so the layout effect only matters in the browser.
const useBrowserLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

/** Keeps the header dark and in view, the page behind still, and Escape closing the panel. */
function useOverlay(panel: React.RefObject<HTMLDivElement | null>, onClose: () => void) {
  const { setShowcase } = useHeaderState();
  const close = useRef(onClose);
  close.current = onClose;
  useBrowserLayoutEffect(() => {
    setShowcase(true);
    const root = document.documentElement;
    const before = { overflow: root.style.overflow, gutter: root.style.scrollbarGutter };
    root.style.overflow = "hidden";
    root.style.scrollbarGutter = "stable";
    // The panel starts under the header, wherever the announcement leaves it.
    const place = () => {
      const header = document.querySelector<HTMLElement>(".site-header");
      const banner = document.querySelector(".announcement")?.getBoundingClientRect().bottom ?? 0;
      panel.current?.style.setProperty("--showcase-top", `${Math.max(0, banner) + (header?.offsetHeight ?? 72)}px`);
    };
    place();
    window.addEventListener("resize", place);
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && close.current();
    document.addEventListener("keydown", onKey);
    return () => {
      setShowcase(false);
      root.style.overflow = before.overflow;
      root.style.scrollbarGutter = before.gutter;
      window.removeEventListener("resize", place);
      document.removeEventListener("keydown", onKey);
    };
  }, [setShowcase, panel]);
}

/** The portfolio showcase panel (docs/product.md §2): one project in full, other projects and the shop. */
export function Showcase({
  project,
  projects,
  shop,
  onClose,
}: {
  project: PortfolioProject;
  projects: PortfolioProject[];
  shop: ShopPick[];
  onClose: () => void;
}) {
  const panel = useRef<HTMLDivElement>(null);
  useOverlay(panel, onClose);
  // A new project starts at its top, with focus in the panel so it is read from its title.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each project shown
  useEffect(() => {
    panel.current?.scrollTo({ top: 0 });
    panel.current?.focus({ preventScroll: true });
  }, [project.id]);

  const facts = projectFacts(project);
  const others = otherProjects(projects, project.id);
  return (
    <div
      ref={panel}
      className="showcase"
      role="dialog"
      aria-modal="true"
      aria-labelledby="showcase-title"
      tabIndex={-1}
    >
      <div className="showcase__bar container">
        <button type="button" className="showcase__back" onClick={onClose} aria-label="Back to all projects">
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path d="M19 12H5m6-6-6 6 6 6" fill="none" stroke="currentColor" strokeWidth="1.5" />
          </svg>
          <span aria-hidden="true">Back</span>
        </button>
      </div>
      <article className="showcase__project container">
        <div className="showcase__intro">
          <p className="label">{project.type}</p>
          <h2 id="showcase-title">{project.title}</h2>
          {facts.length > 0 && (
            <dl className="facts">
              {facts.map((f) => (
                <div key={f.label}>
                  <dt>{f.label}</dt>
                  <dd>{f.value}</dd>
                </div>
              ))}
            </dl>
          )}
          <p>{project.description}</p>
          {project.quote && (
            <blockquote className="showcase__quote">
              <p>“{project.quote}”</p>
            </blockquote>
          )}
        </div>
        <div className="showcase__images">
          {project.images.map((image, i) => (
            <img
              key={image.fileName}
              {...presetImage("projects", image.fileName, IMAGE_PRESETS.showcase)}
              sizes="(max-width: 768px) 100vw, 55vw"
              width={1000}
              height={1000}
              alt={`${project.title}, photograph ${i + 1} of ${project.images.length}`}
              loading={i === 0 ? "eager" : "lazy"}
              decoding="async"
            />
          ))}
        </div>
      </article>

      {others.length > 0 && (
        <section className="showcase__more container" aria-labelledby="showcase-others">
          <h2 id="showcase-others">Other Projects</h2>
          <div className="showcase__grid">
            {others.map((p) => (
              <PortfolioTile key={p.id} project={p} heading="h3" replace />
            ))}
          </div>
        </section>
      )}

      {shop.length > 0 && (
        <section className="showcase__more container" aria-labelledby="showcase-shop">
          <div className="showcase__head">
            <h2 id="showcase-shop">Check out our shop</h2>
            <Link to="/shop" className="btn btn--ghost">
              Shop all
            </Link>
          </div>
          <div className="showcase__grid">
            {shop.map((p) => (
              <Link key={p.id} to={productPath(p)} className="card showcase__product">
                <div className="card__media">
                  <CardImage folder={productFolder(p.type)} images={p.images} alt="" />
                </div>
                <div className="card__body">
                  <h3 className="card__title">{p.title}</h3>
                  <p className="card__price">{formatPrice(p.salePrice ?? p.price)}</p>
                </div>
              </Link>
            ))}
          </div>
        </section>
      )}
    </div>
  );
}
