import { Link } from "react-router";
import type { Slab } from "../../../domain/catalog-types.ts";
import { QuickViewButton } from "../../features/shopping/quick-view-button.tsx";
import { HeartButton } from "../../features/wishlist/heart-button.tsx";
import { CardImage } from "./card-image.tsx";
import { Pills } from "./pills.tsx";
import { StartingPrice } from "./starting-price.tsx";
import "./card.css";
import "./slab-card.css";

/** What a slab card and its quick view show; listings send only this much to the browser. */
export type SlabCardItem = Pick<
  Slab,
  | "id"
  | "title"
  | "category"
  | "species"
  | "size"
  | "seats"
  | "origin"
  | "startingPrice"
  | "salePrice"
  | "visibility"
  | "images"
  | "inventoryId"
>;

/** Trims a slab to what its card shows, so listings do not ship descriptions to the browser. */
export const toSlabCardItem = (s: SlabCardItem): SlabCardItem => ({
  id: s.id,
  title: s.title,
  category: s.category,
  species: s.species,
  size: s.size,
  seats: s.seats,
  origin: s.origin,
  startingPrice: s.startingPrice,
  salePrice: s.salePrice,
  visibility: s.visibility,
  images: s.images,
  inventoryId: s.inventoryId,
});

export const slabHref = (s: Pick<Slab, "id" | "title">) => `/slabs/${s.id}?title=${encodeURIComponent(s.title)}`;

/** A slab card (spec §2): image with hover alternate, pills, heart, species, size, price, quick view. */
export function SlabCard({ slab, eager = false }: { slab: SlabCardItem; eager?: boolean }) {
  return (
    <article className="card">
      <div className="card__media">
        <Link to={slabHref(slab)} aria-label={slab.title} tabIndex={-1}>
          <CardImage folder="slabs" images={slab.images} alt={slab.title} eager={eager} />
        </Link>
        <Pills salePrice={slab.salePrice} visibility={slab.visibility} />
        <HeartButton item={slab} kind="slab" type={slab.category} show="preview" />
      </div>
      <div className="card__body">
        <p className="label">{slab.species}</p>
        <h3 className="card__title">
          <Link to={slabHref(slab)}>{slab.title}</Link>
        </h3>
        <p className="card__meta">{slab.size}</p>
        <StartingPrice startingPrice={slab.startingPrice} salePrice={slab.salePrice} />
        <QuickViewButton slab={slab} />
      </div>
    </article>
  );
}
