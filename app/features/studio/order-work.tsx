/**
 * The order page's work forms (routes/studio/order.tsx): the question asked before a step back,
 * a skip or money given back, the status form with the label's suggestion, and the internal notes.
 * All plain POST forms: the question is the action's answer, rendered by the server.
 */
import { useEffect, useRef } from "react";
import { Link, useSearchParams } from "react-router";
import { AWAITING_PAYMENT, type OrderStatus, STATUS_NAMES } from "../../../domain/order-status.ts";
import { ORDER_STEPS, type OrderStep, STEP_NAMES } from "../../../domain/order-steps.ts";
import type { OrderActionData, OrderQuestion } from "./orders.server.ts";
import { StudioField, StudioForm } from "./studio-form.tsx";
import { When } from "./when.tsx";

/** The question asked first, with Confirm (the same fields again, with confirm=1) and Cancel. */
export function OrderConfirm({ ask, csrf, back }: { ask: OrderQuestion; csrf: string; back: string }) {
  // The question takes the focus, so a screen reader reads it and Tab reaches Confirm next.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (ask.question) heading.current?.focus({ preventScroll: true });
  }, [ask.question]);
  return (
    <section className="studio-confirm" aria-labelledby="order-confirm-question">
      <h2 id="order-confirm-question" className="studio-confirm__question" ref={heading} tabIndex={-1}>
        {ask.question}
      </h2>
      <StudioForm csrf={csrf} action={`?intent=${ask.intent}`}>
        {Object.entries(ask.fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="confirm" value="1" />
        {ask.pieces && ask.pieces.length > 0 && (
          <fieldset className="studio-confirm__pieces">
            <legend>Put the piece back in stock</legend>
            {ask.pieces.map((p) => (
              <label key={p.id} className="studio-check">
                <input type="checkbox" name="restock" value={String(p.id)} />
                <span>
                  {p.title}
                  {p.quantity > 1 ? ` (${p.quantity})` : ""}
                </span>
              </label>
            ))}
          </fieldset>
        )}
        {ask.pieces && ask.pieces.length === 0 && (
          <p className="studio-muted">
            No piece of this order can go back in stock (built to order, or put back already).
          </p>
        )}
        <div className="studio-actions">
          <button type="submit" className="btn">
            Confirm
          </button>
          <Link to={back} className="btn btn--ghost">
            Cancel
          </Link>
        </div>
      </StudioForm>
    </section>
  );
}

type StatusOrder = { id: number; status: string; carrier: string | null; trackingNumber: string | null };

/**
 * The status form. Carrier and tracking start empty: the bought label's are only suggested, and
 * "Use these" (a link, so it works without scripts) fills them in for the owner to send.
 */
export function OrderStatusForm({
  order,
  csrf,
  answer,
  ours,
  partly,
  suggestion,
}: {
  order: StatusOrder;
  csrf: string;
  answer: OrderActionData | undefined;
  /** The studio delivers the whole order itself: no carrier or tracking. */
  ours: boolean;
  /** Some pieces come with the studio's delivery beside the carrier's parcels. */
  partly: boolean;
  suggestion: { carrier: string; trackingNumber: string } | null;
}) {
  const [params] = useSearchParams();
  const using = params.get("use") === "label" && suggestion !== null;
  const posted = answer?.posted && "step" in answer.posted ? answer.posted : null;
  const at = (ORDER_STEPS as readonly string[]).indexOf(order.status);
  const next = ORDER_STEPS[Math.min(at + 1, ORDER_STEPS.length - 1)] ?? ORDER_STEPS[0];
  const err = (name: string) => (answer?.field === name && !answer.ask ? answer.error : undefined);
  // The fields start again (empty, or the label's when asked) once the order has changed.
  const fresh = `${order.status}-${order.trackingNumber ?? ""}-${using}`;
  const value = (name: "carrier" | "trackingNumber") => (using ? suggestion[name] : (posted?.[name] ?? ""));
  if (at < 0)
    return (
      <p>
        Now: <span className="studio-pill">{STATUS_NAMES[order.status as OrderStatus] ?? order.status}</span>{" "}
        <span className="studio-muted">
          {order.status === AWAITING_PAYMENT
            ? "It moves on to Paid once its first payment is recorded."
            : "Its status no longer moves."}
        </span>
      </p>
    );
  return (
    <>
      <p>
        Now: <span className="studio-pill">{STEP_NAMES[order.status as OrderStep] ?? order.status}</span>
        {order.trackingNumber ? ` · ${order.carrier} ${order.trackingNumber}` : ""}
      </p>
      <p className="studio-muted">
        An order moves one step at a time, and the buyer is mailed each step forward. A step back or a skip is asked
        about first.
      </p>
      <StudioForm csrf={csrf} action="?intent=status">
        <div className="field">
          <label htmlFor="order-step" className="field__label">
            Status
          </label>
          <select
            id="order-step"
            name="step"
            className="field__control"
            defaultValue={posted?.step ?? (using ? "shipped" : next)}
            key={`step-${fresh}`}
          >
            {ORDER_STEPS.map((s) => (
              <option key={s} value={s}>
                {STEP_NAMES[s]}
                {s === order.status ? " (now)" : ""}
              </option>
            ))}
          </select>
        </div>
        {ours ? (
          <p className="studio-muted">
            Carrier and tracking number are not needed: the studio delivers this order itself.
          </p>
        ) : (
          <>
            {suggestion && (
              <p className="studio-suggest">
                <span>
                  From the label: {suggestion.carrier} {suggestion.trackingNumber}
                </span>
                {!using && (
                  <Link to="?use=label#order-status" className="btn btn--ghost btn--small" preventScrollReset>
                    Use these
                  </Link>
                )}
              </p>
            )}
            <StudioField
              key={`carrier-${fresh}`}
              name="carrier"
              label="Carrier"
              hint={partly ? "Needed when shipped, for the carrier's parcels." : "Needed when shipped."}
              defaultValue={value("carrier")}
              error={err("carrier")}
            />
            <StudioField
              key={`tracking-${fresh}`}
              name="trackingNumber"
              label="Tracking number"
              hint="Needed when shipped; the buyer's mail carries it. Changing it once shipped is asked about first."
              defaultValue={value("trackingNumber")}
              error={err("trackingNumber")}
            />
          </>
        )}
        <button type="submit" className="btn">
          Save status
        </button>
      </StudioForm>
    </>
  );
}

/** The studio's internal notes on the order, oldest first, and the form to add one. Never the buyer's. */
export function OrderNotes({
  notes,
  csrf,
  answer,
  mayWrite,
}: {
  notes: { at: string; by: string; text: string }[];
  csrf: string;
  answer: OrderActionData | undefined;
  mayWrite: boolean;
}) {
  const error = answer?.field === "note" ? answer.error : undefined;
  return (
    <>
      <p className="studio-muted">Only the studio sees these: never the buyer's page or mails.</p>
      {notes.length === 0 ? (
        <p className="studio-muted">No notes yet.</p>
      ) : (
        <ul className="studio-list studio-notes">
          {notes.map((n) => (
            <li key={`${n.at}${n.by}`}>
              <span className="studio-muted">
                <When at={n.at} /> · {n.by}
              </span>
              <br />
              {n.text}
            </li>
          ))}
        </ul>
      )}
      {mayWrite && (
        <StudioForm csrf={csrf} action="?intent=note">
          <div className={`field${error ? " field--invalid" : ""}`}>
            <label htmlFor="order-note" className="field__label">
              Add a note
            </label>
            <textarea
              id="order-note"
              name="note"
              rows={3}
              maxLength={5000}
              required
              className="field__control"
              defaultValue={error ? (answer?.note ?? "") : ""}
              key={error ? "refused" : notes.length}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "order-note-error" : undefined}
            />
            {error && (
              <p id="order-note-error" className="field__error">
                {error}
              </p>
            )}
          </div>
          <button type="submit" className="btn btn--ghost">
            Add note
          </button>
        </StudioForm>
      )}
    </>
  );
}
