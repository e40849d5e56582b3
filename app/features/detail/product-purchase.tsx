import { useState } from "react";
import { Link, useNavigate } from "react-router";
import type { CardProduct } from "../../../domain/card-product.ts";
import type { Product } from "../../../domain/catalog-types.ts";
import { contactHref } from "../../../domain/detail.ts";
import { variantName } from "../../../domain/product-names.ts";
import { QuantityStepper } from "../../components/quantity-stepper.tsx";
import { ShipWindowNote } from "../../components/ship-window-note.tsx";
import { useShellData } from "../../lib/use-studio.ts";
import { AddQuantityButton } from "./add-quantity-button.tsx";
import { BuyBar } from "./buy-bar.tsx";

/** The name a product goes by wherever it is shown or sent: a variant's is its parent's title with its own. */
export const displayName = (product: Pick<Product, "id" | "title">, parent: Pick<Product, "id" | "title">) =>
  product.id === parent.id ? product.title : variantName(parent.title, product.title);

/** Materials as thumbnail links, sizes as a select, then quantity and Add to cart or Order this. */
export function ProductPurchase({ product, parent }: { product: Product; parent: CardProduct }) {
  const navigate = useNavigate();
  const sizes = parent.variants.filter((v) => v.type === "Size");
  const materials = parent.variants.filter((v) => v.type === "Material");
  const chosenSize = sizes.find((v) => v.id === product.id);
  const chosenMaterial = materials.find((v) => v.id === product.id);
  const [quantity, setQuantity] = useState(product.stock > 0 ? 1 : 0);
  const name = displayName(product, parent);
  const inStock = product.stock > 0;
  const sizeMissing = sizes.length > 0 && !chosenSize;
  const { backlogWeeks, timeZone } = useShellData().studio;

  return (
    <>
      {materials.length > 0 && (
        <div className="detail__option">
          <p className="label" id="detail-material">
            Material{chosenMaterial ? `: ${chosenMaterial.title}` : ""}
          </p>
          <ul className="swatches" aria-labelledby="detail-material">
            {materials.map((v) => (
              <li key={v.id}>
                <Link
                  to={`/products/${parent.id}/${v.id}`}
                  className="swatch"
                  aria-current={v.id === product.id ? "page" : undefined}
                  aria-label={v.title}
                  data-tip=""
                  preventScrollReset
                >
                  <img src={`/images/thumbnails/${v.thumbnail}`} alt="" width={50} height={50} loading="lazy" />
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
      {sizes.length > 0 && (
        <div className="detail__option">
          <label className="label" htmlFor="detail-size">
            Select size
          </label>
          <select
            id="detail-size"
            className="detail__select"
            value={chosenSize ? String(chosenSize.id) : ""}
            onChange={(e) => {
              const id = e.currentTarget.value;
              navigate(id ? `/products/${parent.id}/${id}` : `/products/${parent.id}`, { preventScrollReset: true });
            }}
          >
            <option value="">Choose a size</option>
            {sizes.map((v) => (
              <option key={v.id} value={v.id}>
                {v.title}
              </option>
            ))}
          </select>
        </div>
      )}
      <p className="detail__stock">
        {inStock ? `${product.stock} in stock` : "Out of stock; we can make another to order."}
      </p>
      <ShipWindowNote
        lead={product.leadTime}
        inStock={inStock}
        backlogWeeks={backlogWeeks}
        timeZone={timeZone}
        className="detail__stock detail__ships"
      />
      <BuyBar>
        <div className="detail__buy">
          {inStock ? (
            <>
              <QuantityStepper value={quantity} stock={product.stock} onChange={setQuantity} label={name} />
              <AddQuantityButton
                product={{ ...product, title: name }}
                quantity={quantity}
                disabled={sizeMissing || quantity === 0}
              />
            </>
          ) : (
            <Link
              className="btn detail__primary"
              to={contactHref({ item: name, itemId: product.id, kind: "product", finish: product.topFinish })}
            >
              Order this
            </Link>
          )}
        </div>
        <p className="detail__status" role="status">
          {sizeMissing && inStock ? "Choose a size to add this piece to your cart." : null}
        </p>
      </BuyBar>
    </>
  );
}
