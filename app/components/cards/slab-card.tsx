import { Link } from "react-router";
import type { SlabCardItem } from "../../../domain/card-product.ts";
import type { Slab } from "../../../domain/catalog-types.ts";
import { CardImage } from "./card-image.tsx";
import { Pills } from "./pills.tsx";
import { StartingPrice } from "./starting-price.tsx";
import "./card.css";
import "./slab-card.css";

export const slabHref = (s: Pick<Slab, "id" | "title">) => `/slabs/${s.id}?title=${encodeURIComponent(s.title)}`;

/**
 * A slab card (docs/product.md §2): image with hover alternate, pills, heart, species, size,
 * price, quick view. The heart and the quick view are given (`heart`, `action`): the shop's
 * cards pass its own (features/shopping/shop-cards.tsx).
 */
export function SlabCard({
  slab,
  eager = false,
  heart,
  action,
}: {
  slab: SlabCardItem;
  eager?: boolean;
  heart?: React.ReactNode;
  action?: React.ReactNode;
}) {
  return (
    <article className="card">
      <div className="card__media">
        <Link to={slabHref(slab)} aria-label={slab.title} tabIndex={-1}>
          <CardImage folder="slabs" images={slab.images} alt={slab.title} eager={eager} />
        </Link>
        <Pills salePrice={slab.salePrice} visibility={slab.visibility} />
        {heart}
      </div>
      <div className="card__body">
        <p className="label">{slab.species}</p>
        <h3 className="card__title">
          <Link to={slabHref(slab)}>{slab.title}</Link>
        </h3>
        <p className="card__meta">{slab.dimensions}</p>
        <StartingPrice startingPrice={slab.startingPrice} salePrice={slab.salePrice} />
        {action}
      </div>
    </article>
  );
}
