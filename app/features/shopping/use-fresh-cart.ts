import { useEffect } from "react";
import type { FreshCartData } from "./fresh-data.server.ts";
import { shop, useShop } from "./store.ts";

/**
 * The cart as a page that loaded fresh data shows it: once the stored lines are read, they are
 * matched to current prices and stock (and saved). Null until then.
 */
export function useFreshCart(fresh: FreshCartData) {
  const ready = useShop((s) => s.ready);
  const cart = useShop((s) => s.cart);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page load, when the lists are read
  useEffect(() => {
    if (ready) shop.rematch(fresh);
  }, [ready]);
  return ready ? cart : null;
}
