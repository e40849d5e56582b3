/**
 * What a shopper collects before paying: the cart, the wish list, and which preview or drawer is
 * open. One small store for the whole page, read with `useShop(selector)`.
 *
 * The two lists live in local storage under the keys named after the studio (docs/product.md,
 * "Storage keys carry the studio's name") and are written after every change; another tab's
 * change arrives through the `storage` event. The server and the hydrating render see empty
 * lists with `ready: false`, so nothing the server could not know is rendered before hydration;
 * the stored lists are read right after it.
 * Stored text that is not valid JSON, or not the right shape, reads as an empty list.
 */
import { useSyncExternalStore } from "react";
import type { SlabCardItem } from "../../../domain/card-product.ts";
import { addToCart, type CartLine, type CartProduct, validCartLines } from "../../../domain/cart.ts";
import { toggleWishlist, validWishlistEntries, type WishlistEntry } from "../../../domain/wishlist.ts";

/** The bottom-right popup after an action (docs/product.md §2 "Preview popup"). */
export type Preview =
  | { kind: "cart"; line: CartLine }
  | { kind: "wishlist"; entry: WishlistEntry }
  | { kind: "quickView"; slab: SlabCardItem };

export type Drawer = "cart" | "wishlist";

export type ShopState = {
  /** False on the server and until the stored lists have been read in the browser. */
  ready: boolean;
  cart: CartLine[];
  wishlist: WishlistEntry[];
  preview: Preview | null;
  drawer: Drawer | null;
  /** The line last taken out (Remove, or stepped to 0) and where it stood, until undone or another change. */
  removed: { line: CartLine; index: number } | null;
};

const INITIAL: ShopState = { ready: false, cart: [], wishlist: [], preview: null, drawer: null, removed: null };

/**
 * Local-storage keys of the cart and the wish list carry the studio's short name
 * (docs/product.md, "Storage keys carry the studio's name").
 */
export const storageKeys = (shortName: string) => ({ cart: `${shortName}-cart`, wishlist: `${shortName}-wishlist` });

let state: ShopState = INITIAL;
let keys: { cart: string; wishlist: string } | null = null;
const listeners = new Set<() => void>();

function set(next: Partial<ShopState>): void {
  state = { ...state, ...next };
  for (const l of listeners) l();
}

function readJson(key: string): unknown {
  try {
    return JSON.parse(localStorage.getItem(key) ?? "[]");
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or refused (private modes): the lists still work for this page's life.
  }
}

/** The stored lists; a list that was corrupt, or held malformed entries, is written back clean. */
function readStored(): Pick<ShopState, "cart" | "wishlist"> {
  if (!keys) return { cart: [], wishlist: [] };
  const rawCart = readJson(keys.cart);
  const rawWishlist = readJson(keys.wishlist);
  const cart = validCartLines(rawCart);
  const wishlist = validWishlistEntries(rawWishlist);
  if (!Array.isArray(rawCart) || cart.length !== rawCart.length) write(keys.cart, cart);
  if (!Array.isArray(rawWishlist) || wishlist.length !== rawWishlist.length) write(keys.wishlist, wishlist);
  return { cart, wishlist };
}

function onStorage(e: StorageEvent): void {
  if (!keys || (e.key !== null && e.key !== keys.cart && e.key !== keys.wishlist)) return;
  set(readStored());
}

/**
 * Lists saved under a short name the studio had before are carried over to the current one and
 * the old keys removed; entries of an old list that the current one lacks are added after it.
 */
function carryOver(to: { cart: string; wishlist: string }, previous: readonly string[]): void {
  for (const name of previous) {
    const from = storageKeys(name);
    for (const list of ["cart", "wishlist"] as const) {
      try {
        if (localStorage.getItem(from[list]) === null) continue;
        const old = readJson(from[list]);
        const now = readJson(to[list]);
        const kept = Array.isArray(now) ? now : [];
        const seen = new Set(kept.map((e) => JSON.stringify(e)));
        const added = Array.isArray(old) ? old.filter((e) => !seen.has(JSON.stringify(e))) : [];
        if (added.length > 0) write(to[list], [...kept, ...added]);
        localStorage.removeItem(from[list]);
      } catch {
        // Storage refused: nothing to carry over.
      }
    }
  }
}

/**
 * Reads the stored lists once the page has hydrated (carrying over those kept under the
 * studio's former short names), and follows other tabs from then on. Returns the clean-up for
 * the effect that calls it.
 */
export function connectShop(shortName: string, previous: readonly string[] = []): () => void {
  keys = storageKeys(shortName);
  carryOver(keys, previous);
  set({ ...readStored(), ready: true });
  window.addEventListener("storage", onStorage);
  return () => window.removeEventListener("storage", onStorage);
}

/**
 * Changes the state, writing a new cart or wish list to storage first. The actions below go
 * through it, and so do the cart page's and drawer's edits (cart-edits.ts), which only the pages
 * that show lines load.
 */
export function update(next: Partial<ShopState>): void {
  if (keys && next.cart) write(keys.cart, next.cart);
  if (keys && next.wishlist) write(keys.wishlist, next.wishlist);
  set(next);
}

export const shop = {
  getState: (): ShopState => state,

  /**
   * Adds units of a product or a configured table. From a card it shows the 'added to cart'
   * preview; from a detail page or the table builder it opens the cart drawer.
   */
  add(product: CartProduct, quantity: number, show: "preview" | "drawer"): void {
    const cart = addToCart(state.cart, product, quantity);
    const line = cart.find((l) => l.product === product) ?? null;
    if (!line) {
      update({ cart, removed: null });
      return;
    }
    update(
      show === "preview"
        ? { cart, preview: { kind: "cart", line }, drawer: null, removed: null }
        : { cart, drawer: "cart", preview: null, removed: null },
    );
  },

  /**
   * The heart: removes a saved item, or saves it and shows the 'added to wishlist' preview
   * (from a card) or opens the wish-list drawer (from a detail page).
   */
  toggleWish(entry: WishlistEntry, show: "preview" | "drawer"): void {
    const { list, added } = toggleWishlist(state.wishlist, entry);
    if (!added) {
      update({ wishlist: list });
      return;
    }
    update(
      show === "preview"
        ? { wishlist: list, preview: { kind: "wishlist", entry }, drawer: null }
        : { wishlist: list, drawer: "wishlist", preview: null },
    );
  },

  quickView(slab: SlabCardItem): void {
    set({ preview: { kind: "quickView", slab }, drawer: null });
  },

  closePreview(): void {
    if (state.preview) set({ preview: null });
  },

  openDrawer(drawer: Drawer): void {
    set({ drawer, preview: null });
  },

  closeDrawer(): void {
    if (state.drawer) set({ drawer: null });
  },

  /** Leaving a page closes whatever popup or drawer was open. */
  closeAll(): void {
    if (state.preview || state.drawer) set({ preview: null, drawer: null });
  },
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A slice of the shop's state; the selector must return a part of the state, not a new object. */
export function useShop<T>(selector: (s: ShopState) => T): T {
  return useSyncExternalStore(
    subscribe,
    () => selector(state),
    () => selector(INITIAL),
  );
}
