import { LazyWidget } from "../../components/lazy-widget.tsx";
import { chunk } from "../../lib/chunk.ts";
import { type Preview, shop, useShop } from "./store.ts";

// The popup's code loads at the visitor's first sign of engagement, or at the latest when it is first needed.
const dialog = chunk(() => import("./preview-dialog.tsx"));

const previewKey = (p: Preview) =>
  p.kind === "cart"
    ? `cart-${p.line.product.id}-${p.line.quantity}`
    : p.kind === "wishlist"
      ? `wish-${p.entry.kind}-${p.entry.item.id}`
      : `quick-${p.slab.id}`;

/**
 * What the notice says when the popup's code cannot be had. The action itself is done by then
 * (the cart and the wish list are saved): only its preview is missing.
 */
function failureOf(preview: Preview | null): [string, { to: string; label: string }] {
  if (preview?.kind === "wishlist")
    return ["Added to your wish list, but the preview", { to: "/wishlist", label: "View Wishlist" }];
  if (preview?.kind === "quickView") return ["The quick view", { to: `/slabs/${preview.slab.id}`, label: "More info" }];
  return ["Added to your cart, but the preview", { to: "/cart", label: "View Cart" }];
}

/**
 * The bottom-right popup after an action (docs/product.md §2): added to cart, added to wish list,
 * or a slab's quick view.
 */
export function PreviewPopup() {
  const preview = useShop((s) => s.preview);
  const key = preview && previewKey(preview);
  const [text, link] = failureOf(preview);
  return (
    <LazyWidget
      chunk={dialog}
      want={key}
      preload
      onClose={shop.closePreview}
      link={link}
      failure={`${text} could not be loaded.`}
    >
      {/* A new preview is a new dialog, so focus and the entrance animation start again. */}
      {(m) => preview && <m.default key={key} preview={preview} />}
    </LazyWidget>
  );
}
