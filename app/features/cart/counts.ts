import { useSyncExternalStore } from "react";
import { useShellData } from "../../lib/use-studio.ts";
import { readStoredList, STORAGE_CHANGED } from "./local-lists.ts";

/** Local-storage keys of the cart and the wish list carry the studio's short name (decisions.md). */
export const storageKeys = (shortName: string) => ({ cart: `${shortName}-cart`, wishlist: `${shortName}-wishlist` });

function subscribe(onChange: () => void) {
  window.addEventListener("storage", onChange);
  window.addEventListener(STORAGE_CHANGED, onChange);
  return () => {
    window.removeEventListener("storage", onChange);
    window.removeEventListener(STORAGE_CHANGED, onChange);
  };
}

/** 'Cart (n)': the sum of the stored lines' quantities; 0 on the server and before hydration. */
export function useCartCount(): number {
  const { cart } = storageKeys(useShellData().studio.shortName);
  return useSyncExternalStore(
    subscribe,
    () =>
      readStoredList<{ quantity?: unknown }>(cart).reduce<number>((sum, line) => {
        const q = line?.quantity;
        return sum + (typeof q === "number" && q > 0 ? q : 0);
      }, 0),
    () => 0,
  );
}

/** The number of wish-list entries; 0 on the server and before hydration. */
/** Subscribes to the cart and wish list, in this tab and others. */
export { subscribe as subscribeToLists };

export function useWishlistCount(): number {
  const { wishlist } = storageKeys(useShellData().studio.shortName);
  return useSyncExternalStore(
    subscribe,
    () => readStoredList(wishlist).length,
    () => 0,
  );
}
