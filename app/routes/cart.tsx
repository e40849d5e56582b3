import { Link, useNavigate } from "react-router";
import { pageMeta } from "../features/content/meta.ts";
import { PageHead } from "../features/content/page-head.tsx";
import { CartLines, RemovedLineNotice } from "../features/shopping/cart-lines.tsx";
import { CartSummary } from "../features/shopping/cart-summary.tsx";
import { freshCartData } from "../features/shopping/fresh-data.server.ts";
import { useFreshCart } from "../features/shopping/use-fresh-cart.ts";
import type { Route } from "./+types/cart";

export const loader = ({ context }: Route.LoaderArgs) => freshCartData(context);

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, "Cart", "The pieces in your cart, ready for checkout."),
  { name: "robots", content: "noindex" },
];

export default function Cart({ loaderData }: Route.ComponentProps) {
  const lines = useFreshCart(loaderData);
  const navigate = useNavigate();
  const empty = lines !== null && lines.length === 0;

  return (
    <div className="container">
      <PageHead label="Shop" title="Cart" />
      <div className="cart-page">
        <section aria-label="Items in your cart" aria-busy={lines === null}>
          {lines === null && <div className="cart-wait" />}
          <RemovedLineNotice />
          {empty && (
            <div className="cart-empty">
              <p>It looks like your cart is empty.</p>
              <Link to="/shop" className="btn btn--ghost">
                Continue shopping
              </Link>
            </div>
          )}
          {lines && lines.length > 0 && <CartLines lines={lines} />}
        </section>
        <CartSummary lines={lines ?? []}>
          <button
            type="button"
            className="btn"
            disabled={lines === null || empty}
            onClick={() => navigate("/check-out")}
          >
            Checkout
          </button>
        </CartSummary>
      </div>
    </div>
  );
}
