import { Link } from "react-router";
import { formatPrice } from "../../../domain/format.ts";
import { ShippingDetails, SPECIALIZED_TEXT } from "./payment-result.tsx";
import type { PlacedOrder } from "./use-payment.ts";

/** What the page shows once the order is paid and the cart emptied: its reference and delivery. */
export function OrderPlaced({ order }: { order: PlacedOrder }) {
  return (
    <section className="co-placed" aria-labelledby="co-placed-title">
      <h2 id="co-placed-title">Thank you for your order</h2>
      <p>
        Order <span className="order-ref">{order.orderId}</span>, {formatPrice(order.total)}
        {order.deposit && `: a deposit of ${formatPrice(order.deposit.paid)} is paid`}. A confirmation is on its way to{" "}
        {order.email}.
      </p>
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
