import { useSyncExternalStore } from "react";
import type { ImageRef } from "../../../domain/catalog-types.ts";
import { useShellData } from "../../lib/use-studio.ts";
import { storageKeys, subscribeToLists } from "../cart/counts.ts";
import { readStoredList, writeStoredList } from "../cart/local-lists.ts";

/** A wish-list entry (spec §3): the item's category as type, and the item's identity. */
export type WishlistEntry = {
  type: string;
  item: { id: number; title: string; images: ImageRef[]; inventoryId: string };
};

/** The card heart: adds the item (category as type) or, when an entry matches id and title, removes it by id. */
export function HeartButton({ item, type }: { item: WishlistEntry["item"]; type: string }) {
  const key = storageKeys(useShellData().studio.shortName).wishlist;
  const saved = useSyncExternalStore(
    subscribeToLists,
    () => readStoredList<WishlistEntry>(key).some((e) => e.item?.id === item.id && e.item?.title === item.title),
    () => false,
  );
  const toggle = () => {
    const list = readStoredList<WishlistEntry>(key);
    writeStoredList(
      key,
      saved
        ? list.filter((e) => e.item?.id !== item.id)
        : [
            ...list,
            { type, item: { id: item.id, title: item.title, images: item.images, inventoryId: item.inventoryId } },
          ],
    );
  };
  return (
    <button
      type="button"
      className={`heart${saved ? " is-on" : ""}`}
      aria-pressed={saved}
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
