import { Link } from "react-router";
import { formatPrice } from "../../../domain/format.ts";
import { cartLineKey, isDivergenceLine, isOutOfStock, type StoredCartLine } from "../../../domain/stored-lists.ts";
import { imageUrl, productFolder } from "../../lib/images.ts";
import "./cart-page.css";

const hrefOf = (line: StoredCartLine) =>
  isDivergenceLine(line)
    ? "/divergence"
    : `/products/${line.product.id}?title=${encodeURIComponent(line.product.title)}`;

/** The stored cart's lines; `onRemove` adds a remove button to each. */
export function CartLines({ lines, onRemove }: { lines: StoredCartLine[]; onRemove?: (id: number) => void }) {
  return (
    <ul className="cart-lines">
      {lines.map((line) => {
        const { product } = line;
        const image = product.images?.[0];
        const details = [
          product.species,
          product.size,
          product.liveEdge === "yes" ? "Live edge" : null,
          product.baseFinish,
          product.topFinish,
        ]
          .filter(Boolean)
          .join(" · ");
        return (
          <li key={cartLineKey(line)} className="cart-line">
            <div className="cart-line__img">
              {image && (
                <img
                  src={imageUrl(productFolder(product.type ?? ""), image.fileName, {
                    width: 150,
                    height: 150,
                    quality: 80,
                  })}
                  alt=""
                  width={105}
                  height={105}
                  loading="lazy"
                />
              )}
            </div>
            <div className="cart-line__text">
              <h3>
                <Link to={hrefOf(line)}>{product.title}</Link>
              </h3>
              {details && <p className="cart-line__details">{details}</p>}
              <p className="cart-line__details">Quantity {line.quantity}</p>
              {isOutOfStock(line) && <p className="cart-line__warning">Unfortunately, this product is out of stock.</p>}
              {onRemove && (
                <button type="button" className="cart-line__remove" onClick={() => onRemove(product.id)}>
                  Remove<span className="visually-hidden"> {product.title}</span>
                </button>
              )}
            </div>
            <p className="cart-line__total">{formatPrice(line.total)}</p>
          </li>
        );
      })}
    </ul>
  );
}
