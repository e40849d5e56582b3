import { Link, useNavigate } from "react-router";
import { validCartLines } from "../../domain/stored-lists.ts";
import { storageKeys } from "../features/cart/counts.ts";
import { writeStoredList } from "../features/cart/local-lists.ts";
import { CartLines } from "../features/cart-page/cart-lines.tsx";
import { CartSummary } from "../features/cart-page/cart-summary.tsx";
import { useStoredList } from "../features/cart-page/use-stored-list.ts";
import { pageMeta } from "../features/content/meta.ts";
import { PageHead } from "../features/content/page-head.tsx";
import { useShellData } from "../lib/use-studio.ts";
import type { Route } from "./+types/cart";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Cart", "The pieces in your cart, ready for checkout.");

export default function Cart() {
  const key = storageKeys(useShellData().studio.shortName).cart;
  const raw = useStoredList(key);
  const navigate = useNavigate();
  const lines = raw === null ? null : validCartLines(raw);
  const remove = (id: number) =>
    writeStoredList(
      key,
      (lines ?? []).filter((l) => l.product.id !== id),
    );
  const empty = lines !== null && lines.length === 0;

  return (
    <div className="container">
      <PageHead label="Shop" title="Cart" />
      <div className="cart-page">
        <section aria-label="Items in your cart" aria-busy={lines === null}>
          {lines === null && <div className="cart-wait" />}
          {empty && (
            <div className="cart-empty">
              <p>It looks like your cart is empty.</p>
              <Link to="/shop" className="btn btn--ghost">
                Continue shopping
              </Link>
            </div>
          )}
          {lines && lines.length > 0 && <CartLines lines={lines} onRemove={remove} />}
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
