import { Link, useNavigate } from "react-router";
import { cartSummary } from "../../../domain/cart-lines.ts";
import { formatPrice } from "../../../domain/format.ts";
import { CartLines, RemovedLineNotice } from "./cart-lines.tsx";
import { type Drawer, shop, useShop } from "./store.ts";
import { useModalDialog } from "./use-modal-dialog.ts";
import { WishlistItems } from "./wishlist-items.tsx";
import "./drawer.css";

export default function DrawerDialog({ drawer }: { drawer: Drawer }) {
  const { dialogProps, close } = useModalDialog(() => shop.closeDrawer());
  const cart = useShop((s) => s.cart);
  const wishlist = useShop((s) => s.wishlist);
  const navigate = useNavigate();
  const leave = () => shop.closeDrawer();
  const go = (to: string) => {
    shop.closeDrawer();
    navigate(to);
  };
  const titleId = "drawer-title";
  const summary = cartSummary(cart);

  return (
    <dialog {...dialogProps} className="drawer" aria-labelledby={titleId}>
      <div className="drawer__head">
        <h2 id={titleId}>{drawer === "cart" ? "Your cart" : "Your wish list"}</h2>
        <button type="button" className="drawer__close" onClick={close} aria-label="Close" data-tip="">
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="1.5" />
          </svg>
        </button>
      </div>
      <div className="drawer__body">
        {drawer === "cart" ? (
          <>
            <RemovedLineNotice />
            {cart.length === 0 ? (
              <p className="drawer__empty">It looks like your cart is empty.</p>
            ) : (
              <CartLines lines={cart} onNavigate={leave} />
            )}
          </>
        ) : wishlist.length === 0 ? (
          <p className="drawer__empty">It looks like your wish list is empty.</p>
        ) : (
          <WishlistItems entries={wishlist} compact onNavigate={leave} />
        )}
      </div>
      <div className="drawer__foot">
        {drawer === "cart" ? (
          <>
            <p className="cart-summary__row cart-summary__total">
              <span>Subtotal</span>
              <span>{formatPrice(summary.subtotal)}</span>
            </p>
            <p className="cart-summary__note">USD. Sales tax and shipping are calculated at checkout.</p>
            <div className="drawer__actions">
              <Link className="btn btn--ghost" to="/cart" onClick={leave}>
                View Cart
              </Link>
              <button type="button" className="btn" disabled={cart.length === 0} onClick={() => go("/check-out")}>
                Checkout
              </button>
            </div>
          </>
        ) : (
          <div className="drawer__actions">
            <Link className="btn" to="/wishlist" onClick={leave}>
              View Wishlist
            </Link>
          </div>
        )}
      </div>
    </dialog>
  );
}
