import type { OrderMoney } from "../../../domain/ledger.ts";
import { formatCents, toCents } from "../../../domain/money.ts";
import { type TaxRule, taxLabel } from "../../../domain/tax.ts";
import "./order-sums.css";

/** An order's priced figures as stored (dollars), and the rule its sales tax was worked out by. */
type SumsOrder = { subtotal: number; shippingTotal: number; tax: number; taxRule: TaxRule | null; total: number };

/** A charge the studio added after checkout (dollars): its amount has its tax in it. */
type SumsCharge = { id: number; label: string; amount: number; tax: number };

/**
 * What the order comes to, under its pieces: the subtotal, the shipping, the sales tax on a line
 * of its own (with its state and rate), the total; then each charge the studio added with the
 * sales tax in it, and what it all comes to from the ledger (domain/ledger.ts).
 */
export function OrderSums({
  order,
  charges,
  money,
}: {
  order: SumsOrder;
  charges: readonly SumsCharge[];
  money: Pick<OrderMoney, "comesTo" | "tax">;
}) {
  const dollars = (n: number) => formatCents(toCents(n));
  return (
    <dl className="studio-sums">
      <div className="studio-sums__row">
        <dt>Subtotal</dt>
        <dd>{dollars(order.subtotal)}</dd>
      </div>
      <div className="studio-sums__row">
        <dt>Shipping</dt>
        <dd>{dollars(order.shippingTotal)}</dd>
      </div>
      <div className="studio-sums__row">
        <dt>{taxLabel(order.taxRule)}</dt>
        <dd>{order.taxRule || order.tax > 0 ? dollars(order.tax) : "None"}</dd>
      </div>
      <div className={`studio-sums__row${charges.length === 0 ? " studio-sums__row--total" : ""}`}>
        <dt>Total</dt>
        <dd>{dollars(order.total)}</dd>
      </div>
      {charges.map((c) => (
        <div key={c.id} className="studio-sums__row">
          <dt>
            {c.label}
            {c.tax > 0 && <span className="studio-sums__note">with {dollars(c.tax)} sales tax</span>}
          </dt>
          <dd>{dollars(c.amount)}</dd>
        </div>
      ))}
      {charges.length > 0 && (
        <div className="studio-sums__row studio-sums__row--total">
          <dt>
            In all
            {money.tax.comesTo > 0 && (
              <span className="studio-sums__note">with {formatCents(money.tax.comesTo)} sales tax</span>
            )}
          </dt>
          <dd>{formatCents(money.comesTo)}</dd>
        </div>
      )}
    </dl>
  );
}
