import { lazy, Suspense, useEffect } from "react";
import { whenIdle } from "./preview-popup.tsx";
import { useShop } from "./store.ts";

// Loaded when the page is idle, or at the latest when a drawer first opens.
const loadDialog = () => import("./drawer-dialog.tsx");
const DrawerDialog = lazy(loadDialog);

/** The cart or wish list as a side panel, opened after an add on a detail page or the table builder. */
export function ShopDrawer() {
  const drawer = useShop((s) => s.drawer);
  useEffect(() => whenIdle(loadDialog), []);
  if (!drawer) return null;
  return (
    <Suspense fallback={null}>
      <DrawerDialog key={drawer} drawer={drawer} />
    </Suspense>
  );
}
