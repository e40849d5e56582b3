import { Link } from "react-router";
import { pageMeta } from "../features/content/meta.ts";
import { PageHead } from "../features/content/page-head.tsx";
import { useShop } from "../features/shopping/store.ts";
import { WishlistItems } from "../features/shopping/wishlist-items.tsx";
import type { Route } from "./+types/wishlist";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, "Wish List", "The pieces, slabs and bases you have saved for later."),
  { name: "robots", content: "noindex" },
];

export default function Wishlist() {
  const ready = useShop((s) => s.ready);
  const entries = useShop((s) => s.wishlist);

  return (
    <div className="container">
      <PageHead label="Saved" title="Wish List" />
      <section className="wish-page" aria-label="Saved items" aria-busy={!ready}>
        {!ready && <div className="cart-wait" />}
        {ready && entries.length === 0 && (
          <div className="cart-empty">
            <p>It looks like your wish list is empty.</p>
            <Link to="/shop" className="btn btn--ghost">
              Continue shopping
            </Link>
          </div>
        )}
        {ready && entries.length > 0 && (
          <>
            <WishlistItems entries={entries} />
            <div className="page-actions">
              <Link to="/contact?from=wishlist" className="btn">
                Ask about these pieces
              </Link>
            </div>
          </>
        )}
      </section>
    </div>
  );
}
