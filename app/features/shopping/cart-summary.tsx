import type { CartLine } from "../../../domain/cart.ts";
import { cartSummary } from "../../../domain/cart-lines.ts";
import { formatPrice } from "../../../domain/format.ts";

/** Subtotal of the lines that can be bought, in USD, before tax: sales tax and shipping are the checkout's lines. */
export function CartSummary({ lines, children }: { lines: CartLine[]; children?: React.ReactNode }) {
  return (
    <aside className="cart-summary" aria-labelledby="cart-summary-title">
      <h2 id="cart-summary-title">Summary</h2>
      <p className="cart-summary__row cart-summary__total">
        <span>Subtotal</span>
        <span>{formatPrice(cartSummary(lines).subtotal)}</span>
      </p>
      <p className="cart-summary__row cart-summary__note">
        <span>Currency</span>
        <span>USD</span>
      </p>
      <p className="cart-summary__note">Sales tax and shipping are calculated at checkout.</p>
      {children}
    </aside>
  );
}
