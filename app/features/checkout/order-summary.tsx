import { useState } from "react";
import type { CartLine } from "../../../domain/cart.ts";
import type { CheckoutTax } from "../../../domain/checkout-order.ts";
import type { DepositSplit } from "../../../domain/deposit.ts";
import { formatPrice } from "../../../domain/format.ts";
import { formatCents } from "../../../domain/money.ts";
import { taxLabel } from "../../../domain/tax.ts";
import { CartLines } from "../shopping/cart-lines.tsx";

/** What the shipping row says: the chosen rate, or why there is none yet. */
export type ShippingFigure = { kind: "rate"; amount: number } | { kind: "pending" } | { kind: "specialized" };

/** The sales tax row: its label and what it says, or nothing where the studio collects none. */
function taxRow(tax: CheckoutTax): { label: string; value: string } | null {
  switch (tax.kind) {
    case "none":
      return null;
    case "unknown":
      return { label: "Sales tax", value: "Calculated from your address" };
    case "pending":
      return { label: taxLabel(tax.rule), value: "Calculated with shipping" };
    case "known":
      return { label: taxLabel(tax.tax.rule), value: formatCents(tax.tax.tax) };
  }
}

/**
 * The order beside the form (above it on a phone, its lines folded away until asked for): the
 * lines, subtotal, shipping, the sales tax where the studio collects it, and total = subtotal +
 * the chosen rate + the tax.
 */
export function OrderSummary({
  lines,
  subtotal,
  shipping,
  tax,
  total,
  deposit,
}: {
  /** Null until the stored cart has been read. */
  lines: CartLine[] | null;
  subtotal: number;
  shipping: ShippingFigure;
  tax: CheckoutTax;
  total: number;
  /** The deposit chosen: what is paid now and what is left for later. */
  deposit?: DepositSplit | null;
}) {
  const [open, setOpen] = useState(false);
  const ready = lines !== null;
  const count = lines?.reduce((n, l) => n + l.quantity, 0) ?? 0;
  const taxed = taxRow(tax);
  return (
    <aside className={`co-summary${open ? "" : " co-summary--folded"}`} aria-labelledby="co-summary-title">
      <div className="co-summary__head">
        <h2 id="co-summary-title" className="co-summary__title">
          Order summary
        </h2>
        <button
          type="button"
          className="co-summary__toggle"
          aria-expanded={open}
          aria-controls="co-summary-body"
          onClick={() => setOpen((o) => !o)}
        >
          {open ? "Hide items" : `Show items${ready ? ` (${count})` : ""}`}
        </button>
      </div>
      <div id="co-summary-body" className="co-summary__body" aria-busy={!ready}>
        {ready ? <CartLines lines={lines} editable={false} /> : <div className="cart-wait co-summary__wait" />}
      </div>
      <dl className="co-summary__figures">
        <div className="co-summary__row">
          <dt>Subtotal</dt>
          <dd>{ready ? formatPrice(subtotal) : "—"}</dd>
        </div>
        <div className="co-summary__row">
          <dt>Shipping</dt>
          <dd>
            {shipping.kind === "rate"
              ? formatPrice(shipping.amount)
              : shipping.kind === "specialized"
                ? "Specialized"
                : "Calculated from your address"}
          </dd>
        </div>
        {taxed && (
          <div className="co-summary__row">
            <dt>{taxed.label}</dt>
            <dd>{taxed.value}</dd>
          </div>
        )}
        <div className="co-summary__row co-summary__total">
          <dt>Total</dt>
          <dd>{ready ? formatPrice(total) : "—"}</dd>
        </div>
        {deposit && (
          <>
            <div className="co-summary__row">
              <dt>Deposit now</dt>
              <dd>{formatPrice(deposit.now)}</dd>
            </div>
            <div className="co-summary__row">
              <dt>Balance when ready</dt>
              <dd>{formatPrice(deposit.balance)}</dd>
            </div>
          </>
        )}
      </dl>
      <p className="cart-summary__note">USD. Sales tax is added where the studio collects it.</p>
    </aside>
  );
}
