import { type DeliveryAccess, deliveryAnswers } from "../../../domain/delivery-access.ts";

/** What the buyer said about the way in, for a piece the studio delivers itself; nothing when they said nothing. */
export function DeliveryAnswers({ shipping }: { shipping: Record<string, unknown> | null }) {
  const answers = deliveryAnswers(shipping?.delivery as Partial<DeliveryAccess> | undefined);
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
