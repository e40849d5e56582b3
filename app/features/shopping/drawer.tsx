import { useEffect } from "react";
import { ChunkFailed } from "../../components/chunk-failed.tsx";
import { chunk, preloadWhenEngaged, useChunk } from "../../lib/chunk.ts";
import { shop, useShop } from "./store.ts";

// Loaded at the visitor's first sign of engagement, or at the latest when a drawer first opens.
const panel = chunk(() => import("./drawer-dialog.tsx"));

/** The cart or wish list as a side panel, opened after an add on a detail page or the table builder. */
export function ShopDrawer() {
  const drawer = useShop((s) => s.drawer);
  const { module, failed, retry } = useChunk(panel, drawer);
  useEffect(() => preloadWhenEngaged(panel), []);
  if (!drawer) return null;
  if (failed)
    return (
      <ChunkFailed
        onRetry={retry}
        onClose={shop.closeDrawer}
        link={drawer === "cart" ? { to: "/cart", label: "View Cart" } : { to: "/wishlist", label: "View Wishlist" }}
      >
        Your {drawer === "cart" ? "cart" : "wish list"} is saved, but this panel could not be loaded.
      </ChunkFailed>
    );
  if (!module) return null;
  return <module.default key={drawer} drawer={drawer} />;
}
