import { cartCount } from "../../../domain/cart.ts";
import { useShop } from "./store.ts";

/**
 * 'Cart (n)': the sum of the cart's quantities, and the wish list's length; null until the
 * stored lists have been read after hydration, so no number shows that might be wrong.
 */
export function useCartCount(): number | null {
  const ready = useShop((s) => s.ready);
  const count = useShop((s) => cartCount(s.cart));
  return ready ? count : null;
}

export function useWishlistCount(): number | null {
  const ready = useShop((s) => s.ready);
  const count = useShop((s) => s.wishlist.length);
  return ready ? count : null;
}
