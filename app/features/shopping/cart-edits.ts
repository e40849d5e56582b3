/**
 * What the cart page, the cart drawer and the checkout change in the shop's store (store.ts):
 * quantities, removals with their undo, the cart matched to fresh prices, the emptied cart after
 * payment, and the wish list's Remove. Only the pages and dialogs that show lines load it.
 */
import { type CartLine, sameLine } from "../../../domain/cart.ts";
import { removeFromCart, restoreLine, setQuantity } from "../../../domain/cart-lines.ts";
import { removeFromWishlist, type WishlistEntry, type WishlistKind } from "../../../domain/wishlist.ts";
import { shop, update } from "./store.ts";

/** Where a line stands in the cart, and the cart without it (or with its new quantity). */
function takeOut(line: CartLine, next: CartLine[]) {
  const { cart } = shop.getState();
  const index = cart.findIndex((l) => sameLine(l.product, line.product));
  const gone = index >= 0 && next.length < cart.length;
  update({ cart: next, removed: gone ? { line: cart[index]!, index } : null });
}

export const cartEdits = {
  /** Sets a line's quantity; 0 takes the line out, with an undo. */
  setQuantity(line: CartLine, quantity: number): void {
    takeOut(line, setQuantity(shop.getState().cart, line, quantity));
  },

  remove(line: CartLine): void {
    takeOut(line, removeFromCart(shop.getState().cart, line));
  },

  /** Puts back the line last taken out. */
  undoRemove(): void {
    const { cart, removed } = shop.getState();
    if (removed) update({ cart: restoreLine(cart, removed.line, removed.index), removed: null });
  },

  /** Empties the cart (after a successful payment). */
  clearCart(): void {
    update({ cart: [], removed: null });
  },

  /**
   * Replaces the cart with `next(cart)`: the lines matched to fresh prices and stock
   * (use-fresh-cart.ts), whose rules only the pages with fresh data carry.
   */
  updateCart(next: (cart: CartLine[]) => CartLine[]): void {
    update({ cart: next(shop.getState().cart) });
  },

  /** Replaces the wish list with `next(list)`: the entries the shop still shows (routes/wishlist.tsx). */
  updateWishlist(next: (list: WishlistEntry[]) => WishlistEntry[]): void {
    const { wishlist } = shop.getState();
    const kept = next(wishlist);
    if (kept !== wishlist) update({ wishlist: kept });
  },

  removeWish(kind: WishlistKind, id: number): void {
    update({ wishlist: removeFromWishlist(shop.getState().wishlist, kind, id) });
  },
};
