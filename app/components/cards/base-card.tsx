import { Link } from "react-router";
import type { Base } from "../../../domain/catalog-types.ts";
import { HeartButton } from "../../features/wishlist/heart-button.tsx";
import { CardImage } from "./card-image.tsx";
import { Pills } from "./pills.tsx";
import { StartingPrice } from "./starting-price.tsx";
import "./card.css";

/** What a base card shows; listings send only this much to the browser. */
export type BaseCardItem = Pick<
  Base,
  "id" | "title" | "material" | "startingPrice" | "salePrice" | "visibility" | "images" | "inventoryId"
>;

/** Trims a base to what its card shows, so listings do not ship descriptions to the browser. */
export const toBaseCardItem = (b: BaseCardItem): BaseCardItem => ({
  id: b.id,
  title: b.title,
  material: b.material,
  startingPrice: b.startingPrice,
  salePrice: b.salePrice,
  visibility: b.visibility,
  images: b.images,
  inventoryId: b.inventoryId,
});

export const baseHref = (b: Pick<Base, "id" | "title">) => `/bases/${b.id}?title=${encodeURIComponent(b.title)}`;

/** A base card (spec §2): image with hover alternate, pills, heart, material, starting price. */
export function BaseCard({ base, eager = false }: { base: BaseCardItem; eager?: boolean }) {
  return (
    <article className="card">
      <div className="card__media">
        <Link to={baseHref(base)} aria-label={base.title} tabIndex={-1}>
          <CardImage folder="bases" images={base.images} alt={base.title} eager={eager} />
        </Link>
        <Pills salePrice={base.salePrice} visibility={base.visibility} />
        <HeartButton item={base} kind="base" type="Base" show="preview" />
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
