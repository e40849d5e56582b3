import { Link } from "react-router";
import type { PortfolioProject } from "../../../domain/catalog-types.ts";
import { CardImage } from "./card-image.tsx";
import "./card.css";
import "./portfolio-tile.css";

/**
 * A portfolio tile (docs/product.md §2): the project's photograph filling the tile, its title and type over a
 * scrim, the second photograph on hover. It opens the showcase by putting the project in the URL.
 */
export function PortfolioTile({
  project,
  heading: Heading = "h2",
  replace = false,
  eager = false,
}: {
  project: Pick<PortfolioProject, "id" | "title" | "type" | "images">;
  heading?: "h2" | "h3";
  /** Inside the open showcase one project replaces another instead of stacking history. */
  replace?: boolean;
  eager?: boolean;
}) {
  return (
    <Link
      to={`/portfolio?project=${project.id}`}
      preventScrollReset
      replace={replace}
      state={{ showcaseFromGrid: true }}
      className="card portfolio-tile"
      data-project-id={project.id}
    >
      <div className="card__media">
        <CardImage folder="projects" images={project.images} alt="" eager={eager} />
      </div>
      <div className="portfolio-tile__text">
        <p className="label">{project.type}</p>
        <Heading className="portfolio-tile__title">{project.title}</Heading>
      </div>
    </Link>
  );
}
