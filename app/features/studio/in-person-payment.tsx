/**
 * A payment taken in person (cash, a check, the card terminal) recorded on an order with money
 * due: the first payment of an order the studio wrote, or a balance paid in the showroom. It goes
 * through no card gateway, so it is never offered for a refund to a card. An order the studio
 * wrote that nothing was paid on may be cancelled, asked first on a page of its own.
 */
import { Link } from "react-router";
import { IN_PERSON_METHODS } from "../../../domain/manual-order.ts";
import { type Cents, decimalText, formatCents } from "../../../domain/money.ts";
import { AWAITING_PAYMENT } from "../../../domain/order-status.ts";
import { StudioField, StudioForm } from "./studio-form.tsx";

type Order = { id: number; status: string; source: string };
/** The order's money from its ledger (domain/ledger.ts), in cents. */
type Money = { paid: Cents; due: Cents };

/** The form's key: one per state of what was paid, so a second press of the same form records nothing more. */
const keyOf = (o: Order, m: Money) => `in-person-order-${o.id}-paid-${m.paid}`;

export function InPersonPayment({
  csrf,
  order,
  money,
  answer,
}: {
  csrf: string;
  order: Order;
  money: Money;
  answer?: { field?: string; error?: string };
}) {
  const { due } = money;
  const err = (name: string) => (answer?.field === name ? answer.error : undefined);
  const awaiting = order.status === AWAITING_PAYMENT;
  if (due <= 0 && !awaiting) return null;
  return (
    <section className="in-person" aria-labelledby="in-person-title">
      <h2 id="in-person-title">{awaiting ? "Awaiting payment" : "A payment taken in person"}</h2>
      <p className="studio-muted">
        {awaiting
          ? `Nothing is paid yet: ${formatCents(due)} is due. The buyer can pay by card from the link we mailed, or record here what they paid you.`
          : `${formatCents(due)} is due. Record here what the buyer paid you in person.`}
      </p>
      {due > 0 && (
        <StudioForm csrf={csrf} action="?intent=in-person" className="studio-form in-person__form">
          <input type="hidden" name="key" value={keyOf(order, money)} />
          <div className="field">
            <label htmlFor="in-person-method" className="field__label">
              How
            </label>
            <select id="in-person-method" name="paidMethod" className="field__control" defaultValue="cash">
              {(Object.keys(IN_PERSON_METHODS) as (keyof typeof IN_PERSON_METHODS)[]).map((m) => (
                <option key={m} value={m}>
                  {IN_PERSON_METHODS[m]}
                </option>
              ))}
            </select>
          </div>
          <StudioField
            id="in-person-amount"
            name="paidAmount"
            label="Amount taken (USD)"
            inputMode="decimal"
            defaultValue={decimalText(due)}
            error={err("paidAmount")}
          />
          <StudioField
            id="in-person-reference"
            name="paidReference"
            label="Check number or terminal receipt"
            hint="Not needed for cash."
            error={err("paidReference")}
          />
          <button type="submit" className="btn">
            Record the payment
          </button>
        </StudioForm>
      )}
      {awaiting && order.source === "studio" && money.paid === 0 && (
        <p>
          <Link to={`/studio/orders/${order.id}/cancel`}>Cancel this order</Link>{" "}
          <span className="studio-muted">(its pieces go back in stock)</span>
        </p>
      )}
    </section>
  );
}
