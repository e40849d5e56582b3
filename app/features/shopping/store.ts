/**
 * What a shopper collects before paying: the cart, the wish list, and which preview or drawer is
 * open. One small store for the whole page, read with `useShop(selector)`.
 *
 * The two lists live in local storage under the keys named after the studio (decisions.md) and
 * are written after every change; another tab's change arrives through the `storage` event. The
 * server and the hydrating render see empty lists with `ready: false`, so nothing the server
 * could not know is rendered before hydration; the stored lists are read right after it.
 * Stored text that is not valid JSON, or not the right shape, reads as an empty list.
 */
import { useSyncExternalStore } from "react";
import {
  addToCart,
  type CartLine,
  type CartProduct,
  removeFromCart,
  restoreLine,
  sameLine,
  setQuantity,
  validCartLines,
} from "../../../domain/cart.ts";
import {
  removeFromWishlist,
  toggleWishlist,
  validWishlistEntries,
  type WishlistEntry,
  type WishlistKind,
} from "../../../domain/wishlist.ts";
import type { SlabCardItem } from "../../components/cards/slab-card.tsx";

/** The bottom-right popup after an action (spec §2 "Preview popup"). */
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

/** Local-storage keys of the cart and the wish list carry the studio's short name (decisions.md). */
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
 * Reads the stored lists once the page has hydrated, and follows other tabs from then on.
 * Returns the clean-up for the effect that calls it.
 */
export function connectShop(shortName: string): () => void {
  keys = storageKeys(shortName);
  set({ ...readStored(), ready: true });
  window.addEventListener("storage", onStorage);
  return () => window.removeEventListener("storage", onStorage);
}

function saveCart(cart: CartLine[]): void {
  if (keys) write(keys.cart, cart);
}
function saveWishlist(wishlist: WishlistEntry[]): void {
  if (keys) write(keys.wishlist, wishlist);
}

export const shop = {
  getState: (): ShopState => state,

  /**
   * Adds units of a product or a configured table. From a card it shows the 'added to cart'
   * preview; from a detail page or the table builder it opens the cart drawer.
   */
  add(product: CartProduct, quantity: number, show: "preview" | "drawer"): void {
    const cart = addToCart(state.cart, product, quantity);
    saveCart(cart);
    const line = cart.find((l) => l.product === product) ?? null;
    if (!line) {
      set({ cart, removed: null });
      return;
    }
    set(
      show === "preview"
        ? { cart, preview: { kind: "cart", line }, drawer: null, removed: null }
        : { cart, drawer: "cart", preview: null, removed: null },
    );
  },

  /** Sets a line's quantity; 0 takes the line out, with an undo. */
  setQuantity(line: CartLine, quantity: number): void {
    const index = state.cart.findIndex((l) => sameLine(l.product, line.product));
    const cart = setQuantity(state.cart, line, quantity);
    saveCart(cart);
    const gone = index >= 0 && cart.length < state.cart.length;
    set({ cart, removed: gone ? { line: state.cart[index]!, index } : null });
  },

  remove(line: CartLine): void {
    const index = state.cart.findIndex((l) => sameLine(l.product, line.product));
    const cart = removeFromCart(state.cart, line);
    saveCart(cart);
    set({ cart, removed: index >= 0 ? { line: state.cart[index]!, index } : null });
  },

  /** Puts back the line last taken out. */
  undoRemove(): void {
    if (!state.removed) return;
    const cart = restoreLine(state.cart, state.removed.line, state.removed.index);
    saveCart(cart);
    set({ cart, removed: null });
  },

  /** Empties the cart (after a successful payment). */
  clearCart(): void {
    saveCart([]);
    set({ cart: [], removed: null });
  },

  /**
   * Replaces the cart with `next(cart)`: the lines matched to fresh prices and stock
   * (use-fresh-cart.ts), whose rules only the pages with fresh data carry.
   */
  updateCart(next: (cart: CartLine[]) => CartLine[]): void {
    const cart = next(state.cart);
    saveCart(cart);
    set({ cart });
  },

  /**
   * The heart: removes a saved item, or saves it and shows the 'added to wishlist' preview
   * (from a card) or opens the wish-list drawer (from a detail page).
   */
  toggleWish(entry: WishlistEntry, show: "preview" | "drawer"): void {
    const { list, added } = toggleWishlist(state.wishlist, entry);
    saveWishlist(list);
    if (!added) {
      set({ wishlist: list });
      return;
    }
    set(
      show === "preview"
        ? { wishlist: list, preview: { kind: "wishlist", entry }, drawer: null }
        : { wishlist: list, drawer: "wishlist", preview: null },
    );
  },

  removeWish(kind: WishlistKind, id: number): void {
    const wishlist = removeFromWishlist(state.wishlist, kind, id);
    saveWishlist(wishlist);
    set({ wishlist });
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

/** Resets the store between tests. */
export function resetShopForTests(): void {
  state = INITIAL;
  keys = null;
}
