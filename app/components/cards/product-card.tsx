import { Link } from "react-router";
import type { CardProduct } from "../../../domain/card-product.ts";
import { isDivergenceEntry, productPath } from "../../../domain/product-names.ts";
import { productFolder } from "../../lib/images.ts";
import { CardImage } from "./card-image.tsx";
import { Pills } from "./pills.tsx";
import { PriceAmount } from "./starting-price.tsx";
import "./card.css";

/**
 * A product card (docs/product.md §2): image with hover alternate, pills, heart, material
 * pickers, price, and Add to cart while in stock. The heart and the button are given (`heart`,
 * `action`): the shop's cards pass its own (features/shopping/shop-cards.tsx).
 */
export function ProductCard({
  product,
  eager = false,
  heart,
  action,
}: {
  product: CardProduct;
  eager?: boolean;
  heart?: React.ReactNode;
  action?: React.ReactNode;
}) {
  const folder = productFolder(product.type);
  const materials = product.variants.filter((v) => v.type === "Material");
  const href = productPath(product);
  return (
    <article className="card">
      <div className="card__media">
        <Link to={href} aria-label={product.title} tabIndex={-1}>
          <CardImage folder={folder} images={product.images} alt={product.title} eager={eager} />
        </Link>
        <Pills salePrice={product.salePrice} visibility={product.visibility} tag={product.tag} />
        {heart}
      </div>
      <div className="card__body">
        <p className="label">{product.category}</p>
        <h3 className="card__title">
          <Link to={href}>{product.title}</Link>
        </h3>
        <p className="card__price">
          <PriceAmount price={product.price} salePrice={product.salePrice} />
        </p>
        {materials.length > 0 && (
          <ul className="card__materials" aria-label="Materials">
            {materials.map((v) => (
              <li key={v.id}>
                <Link to={`/products/${product.id}/${v.id}?title=${encodeURIComponent(v.title)}`} data-tip={v.title}>
                  <img src={`/images/thumbnails/${v.thumbnail}`} alt={v.title} width={28} height={28} loading="lazy" />
                </Link>
              </li>
            ))}
          </ul>
        )}
        {isDivergenceEntry(product) ? (
          // The table is bought with its choices: the card leads to the configurator.
          <Link to={href} className="card__add">
            Build your table
          </Link>
        ) : (
          product.stock > 0 && action
        )}
      </div>
    </article>
  );
}
