import { LazyWidget } from "../../components/lazy-widget.tsx";
import { chunk } from "../../lib/chunk.ts";
import { shop, useShop } from "./store.ts";

// Loaded at the visitor's first sign of engagement, or at the latest when a drawer first opens.
const panel = chunk(() => import("./drawer-dialog.tsx"));

/** The cart or wish list as a side panel, opened after an add on a detail page or the table builder. */
export function ShopDrawer() {
  const drawer = useShop((s) => s.drawer);
  return (
    <LazyWidget
      chunk={panel}
      want={drawer}
      preload
      onClose={shop.closeDrawer}
      link={drawer === "wishlist" ? { to: "/wishlist", label: "View Wishlist" } : { to: "/cart", label: "View Cart" }}
      failure={`Your ${drawer === "wishlist" ? "wish list" : "cart"} is saved, but this panel could not be loaded.`}
    >
      {(m) => drawer && <m.default key={drawer} drawer={drawer} />}
    </LazyWidget>
  );
}
