import { useEffect } from "react";
import { useLocation } from "react-router";
import { connectShop, shop } from "./store.ts";

/** Reads the stored cart and wish list after hydration, and closes popups and drawers on every page change. */
export function useShopConnection(shortName: string, previous: readonly string[]): void {
  const former = previous.join(" ");
  // biome-ignore lint/correctness/useExhaustiveDependencies: `former` stands for `previous`
  useEffect(() => connectShop(shortName, previous), [shortName, former]);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each page change
  useEffect(() => shop.closeAll(), [pathname]);
}
