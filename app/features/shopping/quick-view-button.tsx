import type { SlabCardItem } from "../../../domain/card-product.ts";
import { shop } from "./store.ts";

/** The slab card's quick view: opens the preview popup in its quick-view form. */
export function QuickViewButton({ slab }: { slab: SlabCardItem }) {
  return (
    <button
      type="button"
      className="card__quick"
      aria-haspopup="dialog"
      aria-label={`Quick view: ${slab.title}`}
      onClick={() => shop.quickView(slab)}
    >
      Quick view
    </button>
  );
}
