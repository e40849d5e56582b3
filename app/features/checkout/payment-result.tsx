import { useId } from "react";
import { Link } from "react-router";
import { Dialog } from "../../components/dialog.tsx";
import type { ShippingLabel } from "./checkout-api.ts";
import type { PaymentResult, PlacedOrder } from "./use-payment.ts";

/** The titles and texts of docs/product.md §8, word for word. */
export const RESULT_TEXT = {
  approved: { title: "Payment Successful", text: "Thank you for your purchase. Feel free to continue browsing." },
  declined: {
    title: "Payment Declined",
    text: "Sorry, your payment has been declined. Please try again and make sure all details are correct.",
  },
  error: {
    title: "Payment Error",
    text: "Sorry, something went wrong while trying to process your payment. Please try again.",
  },
} as const;

export const SPECIALIZED_TEXT =
  "Some items are too large and heavy for conventional shipping methods. After your purchase, we will contact you to arrange an alternative at a competitive price.";

/** 'Shipping Details': the label PDF and the carrier's tracking page, each in a new tab. */
export function ShippingDetails({ label, headingLevel = 3 }: { label: ShippingLabel; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const id = useId();
  return (
    <section className="co-shipping-details" aria-labelledby={id}>
      <Heading id={id} className="co-shipping-details__title">
        Shipping Details
      </Heading>
      {label.tracking_number && <p className="co-muted">Tracking number {label.tracking_number}</p>}
      <ul className="co-shipping-details__links">
        <li>
          <a href={label.label_url} target="_blank" rel="noopener noreferrer">
            Shipping label (PDF)<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </li>
        <li>
          <a href={label.tracking_url_provider} target="_blank" rel="noopener noreferrer">
            Track your shipment<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </li>
      </ul>
    </section>
  );
}

function OrderFacts({ order }: { order: PlacedOrder }) {
  return (
    <p className="co-muted">
      Order {order.orderId}. A confirmation is on its way to {order.email}.
    </p>
  );
}

/** The payment's answer as a modal (docs/product.md §8). */
export function PaymentResultDialog({ result, onClose }: { result: PaymentResult | null; onClose: () => void }) {
  const kind = result?.kind === "label-failed" ? "error" : (result?.kind ?? "error");
  const { title, text } = RESULT_TEXT[kind];
  return (
    <Dialog open={result !== null} onClose={onClose} title={title} className="co-result">
      <p>{text}</p>
      {result?.kind === "approved" && (
        <>
          <OrderFacts order={result.order} />
          {result.order.label?.status === "SUCCESS" && <ShippingDetails label={result.order.label} />}
          {result.order.specialized.length > 0 && (
            <p className="co-muted">
              We will be in touch to arrange delivery of {result.order.specialized.map((s) => s.title).join(", ")}.
            </p>
          )}
          <div className="co-result__actions">
            <Link to="/shop" className="btn" onClick={onClose}>
              Continue browsing
            </Link>
          </div>
        </>
      )}
      {result?.kind === "label-failed" && (
        <>
          <p className="co-muted">
            Your payment for order {result.order.orderId} did go through: only the shipping label could not be created.
            The studio will contact you at {result.order.email} to arrange delivery, so there is no need to pay again.
          </p>
          <div className="co-result__actions">
            <Link to="/shop" className="btn" onClick={onClose}>
              Continue browsing
            </Link>
          </div>
        </>
      )}
      {(result?.kind === "declined" || result?.kind === "error") && (
        <div className="co-result__actions">
          <button type="button" className="btn" onClick={onClose}>
            Back to checkout
          </button>
        </div>
      )}
    </Dialog>
  );
}
