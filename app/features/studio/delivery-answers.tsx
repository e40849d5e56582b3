import { deliveryAnswers } from "../../../domain/delivery-access.ts";
import { type ShippingDelivery, wayInOf } from "../../../domain/order-records.ts";

/** What the buyer said about the way in, for a piece the studio delivers itself; nothing when they said nothing. */
export function DeliveryAnswers({ shipping }: { shipping: ShippingDelivery }) {
  const answers = deliveryAnswers(wayInOf(shipping));
  if (answers.length === 0) return null;
  return (
    <>
      <h3 className="studio-subhead">The way in</h3>
      <dl className="studio-pairs">
        {answers.map((a) => (
          <div key={a.label}>
            <dt>{a.label}</dt>
            <dd>{a.value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
