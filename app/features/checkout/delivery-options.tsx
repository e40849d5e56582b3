import { Link } from "react-router";
import type { SpecializedItem } from "../../../domain/checkout-order.ts";
import type { DeliveryAccess } from "../../../domain/delivery-access.ts";
import { ChoiceRow } from "./choice-row.tsx";
import { DeliveryQuestions } from "./delivery-questions.tsx";
import { SPECIALIZED_TEXT } from "./payment-result.tsx";
import type { QuoteView } from "./use-shipping-quote.ts";

export const CALCULATE_ID = "checkout-calculate";
const MESSAGE_ID = "checkout-delivery-message";

const days = (n: number | null, terms: string) =>
  terms || (n === null ? "" : `Estimated ${n} business day${n === 1 ? "" : "s"}`);

/**
 * How the order travels: the 'Calculate shipping' action and the rates to choose from for the
 * pieces a carrier takes, and the 'Specialized' note for those the studio delivers itself.
 */
export function DeliveryOptions({
  needsRate,
  view,
  specialized,
  problem,
  onCalculate,
  onChoose,
  access,
  onAccess,
}: {
  needsRate: boolean;
  view: QuoteView;
  specialized: SpecializedItem[];
  /** Why paying cannot go ahead yet (no rate chosen), shown under the action. */
  problem: string | null;
  onCalculate: () => void;
  onChoose: (objectId: string) => void;
  /** The answers about the way in, asked when the studio delivers a piece itself. */
  access: DeliveryAccess;
  onAccess: (next: DeliveryAccess) => void;
}) {
  const loading = view.status === "loading";
  const noRates = view.status === "ready" && view.quote.rates.length === 0;
  const message = view.status === "failed" ? view.message : noRates ? null : problem;
  return (
    <div className="co-delivery">
      {needsRate && (
        <>
          <div className="co-delivery__action">
            <button
              id={CALCULATE_ID}
              type="button"
              className="btn btn--ghost"
              onClick={onCalculate}
              disabled={loading}
              aria-describedby={message || noRates ? MESSAGE_ID : undefined}
            >
              {loading && <span className="co-spinner" aria-hidden="true" />}
              {loading ? "Calculating…" : view.status === "ready" ? "Recalculate shipping" : "Calculate shipping"}
            </button>
            <p className="co-muted co-delivery__hint">
              {view.status === "ready" ? "Rates for the address above." : "Rates come from the address above."}
            </p>
          </div>
          <div aria-live="polite">
            {message && (
              <p className="co-message co-message--error" id={MESSAGE_ID}>
                {message}
              </p>
            )}
            {noRates && (
              <p className="co-message" id={MESSAGE_ID}>
                Shipping to this address is arranged with the studio: please <Link to="/contact">contact us</Link> and
                we will quote the delivery. Until then the order cannot be paid here.
              </p>
            )}
          </div>
          {view.status === "ready" && view.quote.rates.length > 0 && (
            <fieldset className="co-rates">
              <legend className="co-field__label">Shipping method</legend>
              {view.quote.rates.map((r) => (
                <ChoiceRow
                  key={r.object_id}
                  group="shippingRate"
                  value={r.object_id}
                  checked={view.quote.chosen === r.object_id}
                  onChoose={() => onChoose(r.object_id)}
                  name={r.servicelevel.name}
                  meta={
                    <>
                      {r.provider}
                      {days(r.estimated_days, r.duration_terms) && ` · ${days(r.estimated_days, r.duration_terms)}`}
                    </>
                  }
                  amount={Number(r.amount)}
                />
              ))}
            </fieldset>
          )}
        </>
      )}
      {specialized.length > 0 && (
        <div className="co-specialized">
          <p className="co-specialized__title">
            <span className="pill">Specialized</span>
            <span>{specialized.map((s) => s.title).join(", ")}</span>
          </p>
          <p className="co-muted">{SPECIALIZED_TEXT}</p>
          <DeliveryQuestions access={access} onAccess={onAccess} />
        </div>
      )}
    </div>
  );
}
