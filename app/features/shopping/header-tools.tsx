import { Link } from "react-router";
import { SearchBox } from "../search/search-box.tsx";
import { useCartCount, useWishlistCount } from "./counts.ts";

/** The header's tools: the search, and the wish list and cart with their counts. */
export function HeaderTools() {
  const cart = useCartCount();
  const wishlist = useWishlistCount();
  return (
    <>
      <SearchBox />
      <Link
        to="/wishlist"
        className="site-header__count"
        aria-label={wishlist === null ? "Wish list" : `Wish list, ${wishlist} ${wishlist === 1 ? "item" : "items"}`}
        data-tip=""
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path
            d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
          />
        </svg>
        {/* The numbers come from this browser's storage: their place is kept until they are read. */}
        <span className={wishlist === null ? "is-pending" : undefined}>{wishlist ?? 0}</span>
      </Link>
      <Link to="/cart" className="site-header__count">
        Cart<span className={cart === null ? "is-pending" : undefined}> ({cart ?? 0})</span>
      </Link>
    </>
  );
}
