import { Link } from "react-router";
import { formatPrice } from "../../../domain/format.ts";
import { wishlistTarget } from "../../../domain/wishlist.ts";
import { PriceAmount } from "../../components/cards/starting-price.tsx";
import { imageUrl, productFolder } from "../../lib/images.ts";
import { type Preview, shop } from "./store.ts";
import { useModalDialog } from "./use-modal-dialog.ts";
import "./preview-popup.css";

function Thumb({ src, src2x, alt }: { src: string; src2x: string; alt: string }) {
  return <img className="preview__img" src={src} srcSet={`${src2x} 2x`} width={150} height={150} alt={alt} />;
}

const thumb = (folder: Parameters<typeof imageUrl>[0], fileName: string) => ({
  src: imageUrl(folder, fileName, { width: 150, height: 150, quality: 80 }),
  src2x: imageUrl(folder, fileName, { width: 300, height: 300, quality: 80 }),
});

export default function PreviewDialog({ preview }: { preview: Preview }) {
  const { dialogProps, close } = useModalDialog(() => shop.closePreview());
  // Navigating from a preview button hides the preview first (docs/product.md §4).
  const leave = () => shop.closePreview();
  const titleId = "preview-title";
  let body: React.ReactNode;

  if (preview.kind === "cart") {
    const { product } = preview.line;
    const image = product.images?.[0];
    body = (
      <>
        {image && <Thumb {...thumb(productFolder(product.type ?? ""), image.fileName)} alt="" />}
        <div>
          <p className="label">Added to cart</p>
          <h2 id={titleId} className="preview__title">
            {product.title}
          </h2>
          <p className="preview__meta">
            Quantity {preview.line.quantity} · {formatPrice(preview.line.total)}
          </p>
          <div className="preview__actions">
            <Link className="btn" to="/cart" onClick={leave}>
              View Cart
            </Link>
            <Link className="btn btn--ghost" to="/check-out" onClick={leave}>
              Checkout
            </Link>
          </div>
        </div>
      </>
    );
  } else if (preview.kind === "wishlist") {
    const { entry } = preview;
    const image = entry.item.images[0];
    body = (
      <>
        {image && <Thumb {...thumb(wishlistTarget(entry).folder, image.fileName)} alt="" />}
        <div>
          <p className="label">Added to your wish list</p>
          <h2 id={titleId} className="preview__title">
            {entry.item.title}
          </h2>
          <p className="preview__meta">{entry.type}</p>
          <div className="preview__actions">
            <Link className="btn" to="/wishlist" onClick={leave}>
              View Wishlist
            </Link>
            {entry.kind === "base" && (
              <Link className="btn btn--ghost" to="/slabs" onClick={leave}>
                Add a slab
              </Link>
            )}
            {entry.kind === "slab" && (
              <Link className="btn btn--ghost" to="/bases" onClick={leave}>
                Add a base
              </Link>
            )}
          </div>
        </div>
      </>
    );
  } else {
    const { slab } = preview;
    const image = slab.images[0];
    body = (
      <>
        {image && <Thumb {...thumb("slabs", image.fileName)} alt={slab.title} />}
        <div>
          <p className="label">Quick view</p>
          <h2 id={titleId} className="preview__title">
            {slab.title}
          </h2>
          <dl className="preview__facts">
            <div>
              <dt>Starting Price from</dt>
              <dd>
                <PriceAmount price={slab.startingPrice} salePrice={slab.salePrice} />
              </dd>
            </div>
            <div>
              <dt>Origin</dt>
              <dd>{slab.origin}</dd>
            </div>
            <div>
              <dt>Size</dt>
              <dd>{slab.dimensions}</dd>
            </div>
          </dl>
          {slab.seats > 0 && <p className="preview__meta">Seats up to {slab.seats} people</p>}
          <div className="preview__actions">
            <Link className="btn" to={`/slabs/${slab.id}`} onClick={leave}>
              More info
            </Link>
          </div>
        </div>
      </>
    );
  }

  return (
    <dialog {...dialogProps} className="preview" aria-labelledby={titleId}>
      <div className="preview__body">{body}</div>
      <button type="button" className="preview__close" onClick={close} aria-label="Close" data-tip="">
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="1.5" />
        </svg>
      </button>
    </dialog>
  );
}
