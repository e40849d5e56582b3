import { useEffect } from "react";
import { Link } from "react-router";
import { keepShown } from "../../domain/wishlist.ts";
import { pageMeta } from "../features/content/meta.ts";
import { PageHead } from "../features/content/page-head.tsx";
import { cartEdits } from "../features/shopping/cart-edits.ts";
import { useShop } from "../features/shopping/store.ts";
import { WishlistItems } from "../features/shopping/wishlist-items.tsx";
import { pageData } from "../lib/page-data.server.ts";
import type { Route } from "./+types/wishlist";

/** The ids of what the shop shows now, by kind: a saved entry of anything else is dropped. */
export async function loader({ context }: Route.LoaderArgs) {
  const page = pageData(context);
  const [products, slabs, bases] = await Promise.all([page.products(), page.slabs(), page.bases()]);
  const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
  return { shown: { product: ids(products), slab: ids(slabs), base: ids(bases) } };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, "Wish List", "The pieces, slabs and bases you have saved for later."),
  { name: "robots", content: "noindex" },
];

export default function Wishlist({ loaderData }: Route.ComponentProps) {
  const ready = useShop((s) => s.ready);
  // An entry the studio has deleted or archived since it was saved is not shown (its page and
  // pictures are gone), and the list is saved without it (docs/product.md §4 "Wish list").
  const saved = useShop((s) => s.wishlist);
  const entries = keepShown(saved, loaderData.shown);
  useEffect(() => {
    if (ready) cartEdits.updateWishlist((list) => keepShown(list, loaderData.shown));
  }, [ready, loaderData.shown]);

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
