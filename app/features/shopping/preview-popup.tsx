import { useEffect } from "react";
import { ChunkFailed } from "../../components/chunk-failed.tsx";
import { chunk, preloadWhenEngaged, useChunk } from "../../lib/chunk.ts";
import { type Preview, shop, useShop } from "./store.ts";

// The popup's code loads at the visitor's first sign of engagement, or at the latest when it is first needed.
const dialog = chunk(() => import("./preview-dialog.tsx"));

const previewKey = (p: Preview) =>
  p.kind === "cart"
    ? `cart-${p.line.product.id}-${p.line.quantity}`
    : p.kind === "wishlist"
      ? `wish-${p.entry.kind}-${p.entry.item.id}`
      : `quick-${p.slab.id}`;

/** The bottom-right popup after an action (spec §2): added to cart, added to wish list, or a slab's quick view. */
export function PreviewPopup() {
  const preview = useShop((s) => s.preview);
  const key = preview && previewKey(preview);
  const { module, failed, retry } = useChunk(dialog, key);
  useEffect(() => preloadWhenEngaged(dialog), []);
  if (!preview) return null;
  // The action itself is done by now (the cart and the wish list are saved): only its preview is missing.
  if (failed) {
    const [text, link] =
      preview.kind === "cart"
        ? ["Added to your cart, but the preview", { to: "/cart", label: "View Cart" }]
        : preview.kind === "wishlist"
          ? ["Added to your wish list, but the preview", { to: "/wishlist", label: "View Wishlist" }]
          : ["The quick view", { to: `/slabs/${preview.slab.id}`, label: "More info" }];
    return (
      <ChunkFailed onRetry={retry} onClose={shop.closePreview} link={link}>
        {text} could not be loaded.
      </ChunkFailed>
    );
  }
  if (!module) return null;
  // A new preview is a new dialog, so focus and the entrance animation start again.
  return <module.default key={key} preview={preview} />;
}
