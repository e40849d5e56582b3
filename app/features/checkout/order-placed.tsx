import { Link } from "react-router";
import { formatPrice } from "../../../domain/format.ts";
import { ShippingDetails, SPECIALIZED_TEXT } from "./payment-result.tsx";
import type { PlacedOrder } from "./use-payment.ts";

/** The order's figures as the server answered them: the tax line only where tax was charged. */
function OrderFigures({ order }: { order: PlacedOrder }) {
  // With no carrier's rate, the studio quotes the delivery of what it brings itself: as the summary said.
  const shipping = order.shippingTotal === 0 && order.specialized.length > 0 ? "Specialized" : order.shippingTotal;
  const rows: [string, number | string][] = [
    ["Subtotal", order.subtotal],
    ["Shipping", shipping],
    ...(order.taxLabel ? [[order.taxLabel, order.taxTotal] as [string, number]] : []),
  ];
  return (
    <dl className="co-placed__figures">
      {rows.map(([label, amount]) => (
        <div key={label} className="co-summary__row">
          <dt>{label}</dt>
          <dd>{typeof amount === "string" ? amount : formatPrice(amount)}</dd>
        </div>
      ))}
      <div className="co-summary__row co-summary__total">
        <dt>Total</dt>
        <dd>{formatPrice(order.total)}</dd>
      </div>
    </dl>
  );
}

/** What the page shows once the order is paid and the cart emptied: its reference, figures and delivery. */
export function OrderPlaced({ order }: { order: PlacedOrder }) {
  return (
    <section className="co-placed" aria-labelledby="co-placed-title">
      <h2 id="co-placed-title">Thank you for your order</h2>
      <p>
        Order <span className="order-ref">{order.orderId}</span>, {formatPrice(order.total)}
        {order.deposit && `: a deposit of ${formatPrice(order.deposit.paid)} is paid`}. A confirmation is on its way to{" "}
        {order.email}.
      </p>
      <OrderFigures order={order} />
      {order.deposit && (
        <p>
          The balance of {formatPrice(order.deposit.balance)} is asked for when your pieces are ready: the mail will
          link to your order's page, where you can pay it.
        </p>
      )}
      {order.label?.status === "SUCCESS" && <ShippingDetails label={order.label} headingLevel={3} />}
      {order.label && order.label.status !== "SUCCESS" && (
        <p className="co-muted">
          The shipping label could not be created: the studio will contact you to arrange delivery. There is no need to
          pay again.
        </p>
      )}
      {order.specialized.length > 0 && (
        <p className="co-muted">
          {order.specialized.map((s) => s.title).join(", ")}: {SPECIALIZED_TEXT}
        </p>
      )}
      <Link to="/shop" className="btn">
        Continue browsing
      </Link>
    </section>
  );
}
