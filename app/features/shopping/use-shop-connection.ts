import { useEffect } from "react";
import { useLocation } from "react-router";
import { connectShop, shop } from "./store.ts";

/** Reads the stored cart and wish list after hydration, and closes popups and drawers on every page change. */
export function useShopConnection(shortName: string): void {
  useEffect(() => connectShop(shortName), [shortName]);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each page change
  useEffect(() => shop.closeAll(), [pathname]);
}
