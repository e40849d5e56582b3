import { Link } from "react-router";
import type { ImageRef } from "../../../domain/catalog-types.ts";
import { formatPrice } from "../../../domain/format.ts";
import { CardImage } from "../../components/cards/card-image.tsx";
import "../../components/cards/card.css";

export type DivergenceEntry = {
  kind: "divergence";
  title: string;
  category: string;
  price: number;
  salePrice: null;
  images: ImageRef[];
};

/** The shop's entry for the configurable Divergence table: it opens the table builder. */
export function DivergenceCard({ entry, eager = false }: { entry: DivergenceEntry; eager?: boolean }) {
  return (
    <article className="card">
      <div className="card__media">
        <Link to="/divergence" aria-label={entry.title} tabIndex={-1}>
          <CardImage folder="divergence" images={entry.images} alt={entry.title} eager={eager} />
        </Link>
        <div className="pills">
          <span className="pill">Build your own</span>
        </div>
      </div>
      <div className="card__body">
        <p className="label">{entry.category}</p>
        <h3 className="card__title">
          <Link to="/divergence">{entry.title}</Link>
        </h3>
        <p className="card__price">Starting Price from {formatPrice(entry.price)}</p>
      </div>
    </article>
  );
}
