import { Link } from "react-router";
import type { BaseCardItem } from "../../../domain/card-product.ts";
import type { Base } from "../../../domain/catalog-types.ts";
import { CardImage } from "./card-image.tsx";
import { Pills } from "./pills.tsx";
import { StartingPrice } from "./starting-price.tsx";
import "./card.css";

export const baseHref = (b: Pick<Base, "id" | "title">) => `/bases/${b.id}?title=${encodeURIComponent(b.title)}`;

/**
 * A base card (docs/product.md §2): image with hover alternate, pills, heart, material, starting
 * price. The heart is given (`heart`; features/shopping/shop-cards.tsx).
 */
export function BaseCard({
  base,
  eager = false,
  heart,
}: {
  base: BaseCardItem;
  eager?: boolean;
  heart?: React.ReactNode;
}) {
  return (
    <article className="card">
      <div className="card__media">
        <Link to={baseHref(base)} aria-label={base.title} tabIndex={-1}>
          <CardImage folder="bases" images={base.images} alt={base.title} eager={eager} />
        </Link>
        <Pills salePrice={base.salePrice} visibility={base.visibility} />
        {heart}
      </div>
      <div className="card__body">
        <p className="label">{base.material}</p>
        <h3 className="card__title">
          <Link to={baseHref(base)}>{base.title}</Link>
        </h3>
        <StartingPrice startingPrice={base.startingPrice} salePrice={base.salePrice} />
      </div>
    </article>
  );
}
