import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { SlabCardItem } from "../../components/cards/slab-card.tsx";
import { PriceAmount } from "../../components/cards/starting-price.tsx";
import { imageUrl } from "../../lib/images.ts";
import "./slab-quick-view.css";

/**
 * The slab card's quick view (spec §2 Preview popup): a small dialog at the bottom right with the
 * starting price, seats, origin and size. Escape or a press on the backdrop closes it, and focus
 * goes back to the button that opened it.
 */
export function SlabQuickView({ slab }: { slab: SlabCardItem }) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="card__quick"
        aria-haspopup="dialog"
        aria-label={`Quick view: ${slab.title}`}
        onClick={() => setOpen(true)}
      >
        Quick view
      </button>
      {open && (
        <QuickViewDialog
          slab={slab}
          onClose={() => {
            setOpen(false);
            buttonRef.current?.focus();
          }}
        />
      )}
    </>
  );
}

function QuickViewDialog({ slab, onClose }: { slab: SlabCardItem; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    // Leaving the page removes the dialog, and the browser takes it out of the top layer itself.
    if (ref.current && !ref.current.open) ref.current.showModal();
  }, []);
  const image = slab.images[0];
  const titleId = `quick-view-${slab.id}`;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop press is a pointer shortcut; Escape is the keyboard's
    <dialog
      ref={ref}
      className="quick-view"
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(e) => {
        // The backdrop belongs to the dialog element, so only a press outside its box counts.
        const box = e.currentTarget.getBoundingClientRect();
        const inside =
          e.clientX >= box.left && e.clientX <= box.right && e.clientY >= box.top && e.clientY <= box.bottom;
        if (e.target === e.currentTarget && !inside) e.currentTarget.close();
      }}
    >
      <div className="quick-view__body">
        {image && (
          <img
            className="quick-view__img"
            src={imageUrl("slabs", image.fileName, { width: 150, height: 150, quality: 80 })}
            srcSet={`${imageUrl("slabs", image.fileName, { width: 300, height: 300, quality: 80 })} 2x`}
            width={150}
            height={150}
            alt={slab.title}
          />
        )}
        <div>
          <p className="label">Quick view</p>
          <h2 id={titleId} className="quick-view__title">
            {slab.title}
          </h2>
          <dl className="quick-view__facts">
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
              <dd>{slab.size}</dd>
            </div>
          </dl>
          {slab.seats > 0 && <p className="quick-view__seats">Seats up to {slab.seats} people</p>}
          <Link className="btn" to={`/slabs/${slab.id}`}>
            More info
          </Link>
        </div>
      </div>
      <button
        type="button"
        className="quick-view__close"
        onClick={() => ref.current?.close()}
        aria-label="Close quick view"
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="1.5" />
        </svg>
      </button>
    </dialog>
  );
}
