import type { ImageRef } from "../../../domain/catalog-types.ts";
import { isWishlisted, type WishlistKind } from "../../../domain/wishlist.ts";
import { shop, useShop } from "./store.ts";

type Item = { id: number; title: string; images: ImageRef[]; inventoryId: string };

/**
 * The heart (docs/product.md §4 "Wish list"): removes the item when an entry matches its id and title,
 * otherwise saves it with its category as type and shows the preview (cards) or opens the
 * wish-list drawer (detail pages).
 */
export function HeartButton({
  item,
  kind,
  type,
  show,
}: {
  item: Item;
  kind: WishlistKind;
  type: string;
  show: "preview" | "drawer";
}) {
  const saved = useShop((s) => isWishlisted(s.wishlist, kind, item));
  const toggle = () =>
    shop.toggleWish(
      { type, kind, item: { id: item.id, title: item.title, images: item.images, inventoryId: item.inventoryId } },
      show,
    );
  return (
    <button
      type="button"
      className={`heart${saved ? " is-on" : ""}`}
      aria-pressed={saved}
      data-tip=""
      aria-label={saved ? `Remove ${item.title} from wish list` : `Add ${item.title} to wish list`}
      onClick={toggle}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path
          d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z"
          fill={saved ? "currentColor" : "none"}
          stroke="currentColor"
          strokeWidth="1.5"
        />
      </svg>
    </button>
  );
}
