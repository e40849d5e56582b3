import { Link } from "react-router";
import { type CartLine, isDivergenceProduct, quantityCap } from "../../../domain/cart.ts";
import { isOutOfStock, lineKey } from "../../../domain/cart-lines.ts";
import { formatPrice } from "../../../domain/format.ts";
import { tableChoiceWords } from "../../../domain/order-lines.ts";
import { productPath } from "../../../domain/product-names.ts";
import { QuantityStepper } from "../../components/quantity-stepper.tsx";
import { ShipWindowNote } from "../../components/ship-window-note.tsx";
import { imageUrl, productFolder } from "../../lib/images.ts";
import { useShellData } from "../../lib/use-studio.ts";
import { cartEdits } from "./cart-edits.ts";
import { useShop } from "./store.ts";
import "./shopping.css";

const hrefOf = ({ product: p }: CartLine) => (isDivergenceProduct(p) ? "/divergence" : productPath(p));

/** Says which line was just taken out of the cart, with the way to put it back. */
export function RemovedLineNotice() {
  const removed = useShop((s) => s.removed);
  return (
    <p className="cart-removed" role="status">
      {removed && (
        <>
          <span>{removed.line.product.title} was removed from your cart.</span>{" "}
          <button type="button" className="cart-removed__undo" onClick={() => cartEdits.undoRemove()}>
            Undo
          </button>
        </>
      )}
    </p>
  );
}

/** The configuration of a Divergence line, in words. */
function details({ product: p }: CartLine): string {
  return isDivergenceProduct(p) ? tableChoiceWords(p).join(" · ") : "";
}

/**
 * The cart's lines (docs/product.md §2): picture, title, configuration, a − / + stepper, the line total and
 * a remove button; `editable={false}` shows quantities only (the checkout's summary).
 */
export function CartLines({
  lines,
  editable = true,
  onNavigate,
}: {
  lines: CartLine[];
  editable?: boolean;
  onNavigate?: () => void;
}) {
  const { backlogWeeks, timeZone } = useShellData().studio;
  return (
    <ul className="cart-lines">
      {lines.map((line) => {
        const { product } = line;
        const image = product.images?.[0];
        const text = details(line);
        // A built-to-order Divergence size takes more than its stock of 0 (domain/cart.ts quantityCap).
        const stock = quantityCap(product);
        return (
          <li key={lineKey(line)} className="cart-line">
            <div className="cart-line__img">
              {image && (
                <img
                  src={imageUrl(productFolder(product.type ?? ""), image.fileName, {
                    width: 150,
                    height: 150,
                    quality: 80,
                  })}
                  srcSet={`${imageUrl(productFolder(product.type ?? ""), image.fileName, { width: 300, height: 300, quality: 80 })} 2x`}
                  alt=""
                  width={105}
                  height={105}
                  loading="lazy"
                />
              )}
            </div>
            <div className="cart-line__text">
              <h3>
                <Link to={hrefOf(line)} onClick={onNavigate}>
                  {product.title}
                </Link>
              </h3>
              {text && <p className="cart-line__details">{text}</p>}
              <p className="cart-line__details">{formatPrice(product.salePrice ?? product.price)} each</p>
              {!isOutOfStock(line) && (
                <ShipWindowNote
                  lead={product.leadTime}
                  inStock={(product.stock ?? 0) > 0}
                  backlogWeeks={backlogWeeks}
                  timeZone={timeZone}
                  className="cart-line__details cart-line__ships"
                />
              )}
              {isOutOfStock(line) ? (
                <p className="cart-line__warning">Unfortunately, this product is out of stock.</p>
              ) : editable ? (
                <div className="cart-line__qty">
                  <QuantityStepper
                    value={line.quantity}
                    stock={stock}
                    onChange={(q) => cartEdits.setQuantity(line, q)}
                    label={product.title}
                  />
                </div>
              ) : (
                <p className="cart-line__details">Quantity {line.quantity}</p>
              )}
              {editable && (
                <button type="button" className="cart-line__remove" onClick={() => cartEdits.remove(line)}>
                  Remove<span className="visually-hidden"> {product.title}</span>
                </button>
              )}
            </div>
            {isOutOfStock(line) ? (
              // The summary leaves this line out: its figure must not read as part of the total.
              <p className="cart-line__total cart-line__total--excluded">
                <del>{formatPrice(line.total)}</del>
                <span className="cart-line__excluded">Not counted</span>
              </p>
            ) : (
              <p className="cart-line__total">{formatPrice(line.total)}</p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
