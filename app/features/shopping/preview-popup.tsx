import { lazy, Suspense, useEffect } from "react";
import { type Preview, useShop } from "./store.ts";

// The popup's code loads when the page is idle, or at the latest when it is first needed.
const loadDialog = () => import("./preview-dialog.tsx");
const PreviewDialog = lazy(loadDialog);

const previewKey = (p: Preview) =>
  p.kind === "cart"
    ? `cart-${p.line.product.id}-${p.line.quantity}`
    : p.kind === "wishlist"
      ? `wish-${p.entry.kind}-${p.entry.item.id}`
      : `quick-${p.slab.id}`;

/** The bottom-right popup after an action (spec §2): added to cart, added to wish list, or a slab's quick view. */
export function PreviewPopup() {
  const preview = useShop((s) => s.preview);
  useEffect(() => whenIdle(loadDialog), []);
  if (!preview) return null;
  // A new preview is a new dialog, so focus and the entrance animation start again.
  return (
    <Suspense fallback={null}>
      <PreviewDialog key={previewKey(preview)} preview={preview} />
    </Suspense>
  );
}

/** Runs `work` once the browser has nothing better to do (soon, where idle callbacks are missing). */
export function whenIdle(work: () => unknown): () => void {
  if ("requestIdleCallback" in window) {
    const id = window.requestIdleCallback(() => void work(), { timeout: 5000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(() => void work(), 2000);
  return () => clearTimeout(id);
}
