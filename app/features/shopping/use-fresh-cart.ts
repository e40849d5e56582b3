import { useEffect } from "react";
import { rematchCart } from "../../../domain/cart-rematch.ts";
import { cartEdits } from "./cart-edits.ts";
import type { FreshCartData } from "./fresh-data.server.ts";
import { useShop } from "./store.ts";

/**
 * The cart as a page that loaded fresh data shows it: once the stored lines are read, they are
 * matched to current prices and stock (and saved), and again whenever the page's data is
 * loaded anew (a revalidation after the checkout was told prices or stock changed). Null until
 * the stored lines are read.
 */
export function useFreshCart(fresh: FreshCartData) {
  const ready = useShop((s) => s.ready);
  const cart = useShop((s) => s.cart);
  useEffect(() => {
    if (ready) cartEdits.updateCart((cart) => rematchCart(cart, fresh));
  }, [ready, fresh]);
  return ready ? cart : null;
}
