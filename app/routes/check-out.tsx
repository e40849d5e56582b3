import { Link } from "react-router";
import { pageMeta } from "../features/content/meta.ts";
import { PageHead } from "../features/content/page-head.tsx";
import { CartLines } from "../features/shopping/cart-lines.tsx";
import { CartSummary } from "../features/shopping/cart-summary.tsx";
import { freshCartData } from "../features/shopping/fresh-data.server.ts";
import { useFreshCart } from "../features/shopping/use-fresh-cart.ts";
import { useShellData } from "../lib/use-studio.ts";
import type { Route } from "./+types/check-out";

export const loader = ({ context }: Route.LoaderArgs) => freshCartData(context);

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, "Checkout", "Shipping and card payment for the pieces in your cart."),
  { name: "robots", content: "noindex" },
];

export default function CheckOut({ loaderData }: Route.ComponentProps) {
  const { studio } = useShellData();
  const lines = useFreshCart(loaderData);

  return (
    <div className="container">
      <PageHead
        label="Shop"
        title="Checkout"
        lede="Your shipping address, the delivery method and your card payment are all taken on this page."
      >
        <ul className="rule-list prose">
          <li>
            <p>
              Shipping rates are calculated from your address. Large pieces show Specialized shipping: after your
              purchase we contact you to arrange delivery by our own team or a white-glove carrier.
            </p>
          </li>
          <li>
            <p>
              Prices are in USD with tax included. Card details go straight to the payment processor and are never
              stored by us. Questions before you pay? Call{" "}
              <a href={`tel:${studio.phone.replace(/[^\d+]/g, "")}`}>{studio.phone}</a> or write to{" "}
              <a href={`mailto:${studio.email}`}>{studio.email}</a>.
            </p>
          </li>
        </ul>
      </PageHead>
      <div className="cart-page">
        <section aria-labelledby="checkout-items" aria-busy={lines === null}>
          <h2 id="checkout-items" className="label">
            Order summary
          </h2>
          {lines === null && <div className="cart-wait" />}
          {lines?.length === 0 && (
            <div className="cart-empty">
              <p>It looks like your cart is empty.</p>
              <Link to="/shop" className="btn btn--ghost">
                Go to the shop
              </Link>
            </div>
          )}
          {lines && lines.length > 0 && <CartLines lines={lines} editable={false} />}
        </section>
        {lines && lines.length > 0 && <CartSummary lines={lines} />}
      </div>
    </div>
  );
}
