import { formatLongDay, formatPrice } from "../../../domain/format.ts";
import { StudioField, StudioForm } from "./studio-form.tsx";
import { When } from "./when.tsx";

/** How many lines the form offers (server/quotes/form.ts reads as many). */
const LINES = 4;

export type QuoteRow = {
  id: number;
  total: number;
  state: "open" | "expired" | "accepted" | "withdrawn" | "paying";
  validUntil: string;
  depositPercent: number;
  orderRef: string | null;
  createdAt: string | Date;
  lines: { title: string; quantity: number }[];
};

const STATE_NAMES: Record<QuoteRow["state"], string> = {
  open: "Sent",
  paying: "Being paid",
  accepted: "Accepted",
  expired: "Expired",
  withdrawn: "Withdrawn",
};

/**
 * An enquiry's quotes and the form that writes one (docs/product.md, "Quotes"): the pieces with
 * their prices, the build time, the deposit asked on acceptance and the last day it holds. What
 * was typed comes back with a refusal, so nothing is lost.
 */
export function EnquiryQuotes({
  csrf,
  quotes,
  email,
  defaults,
  posted,
  error,
  mayWrite = true,
}: {
  csrf: string;
  quotes: QuoteRow[];
  email: string | undefined;
  defaults: { depositPercent: number; validUntil: string };
  /** The form's values as last posted, when the post was refused. */
  posted?: Record<string, string>;
  error?: { field: string; message: string };
  /** Whether this person may write and withdraw quotes (docs/product.md §6); else the list only. */
  mayWrite?: boolean;
}) {
  const value = (name: string, fallback = "") => posted?.[name] ?? fallback;
  const err = (name: string) => (error?.field === name ? error.message : undefined);
  return (
    <>
      <h2>Quotes</h2>
      {quotes.length > 0 && (
        <ul className="studio-list">
          {quotes.map((q) => (
            <li key={q.id} className="studio-quote">
              <span>
                Quote #{q.id}, <When at={q.createdAt} />: <strong>{formatPrice(q.total)}</strong> ·{" "}
                {q.lines.map((l) => `${l.quantity} × ${l.title}`).join(", ")} · deposit {q.depositPercent}% · valid
                until {formatLongDay(q.validUntil)} <span className="studio-pill">{STATE_NAMES[q.state]}</span>
                {q.orderRef && q.state === "accepted" && (
                  <>
                    {" "}
                    · order{" "}
                    <a href={`/studio/orders?q=${q.orderRef}`} className="order-ref">
                      {q.orderRef}
                    </a>
                  </>
                )}
              </span>
              {q.state === "open" && mayWrite && (
                <StudioForm csrf={csrf} action="?intent=withdraw-quote" className="studio-actions">
                  <input type="hidden" name="quote" value={String(q.id)} />
                  <button type="submit" className="btn btn--ghost">
                    Withdraw
                  </button>
                </StudioForm>
              )}
            </li>
          ))}
        </ul>
      )}
      {!mayWrite ? (
        <p className="studio-muted">Only an owner can write a quote.</p>
      ) : !email ? (
        <p className="studio-muted">No email address was given, so no quote can be sent.</p>
      ) : (
        <StudioForm csrf={csrf} action="?intent=quote" className="studio-form studio-form--wide">
          <p className="studio-muted">
            Mailed to {email} with a link to its page, where it is accepted by paying the deposit.
          </p>
          {Array.from({ length: LINES }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines are positions in a form, not records
            <fieldset key={i} className="form-group studio-quote__line">
              <legend>
                Piece {i + 1}
                {i > 0 ? " (if any)" : ""}
              </legend>
              <StudioField
                name={`line-${i}-title`}
                label="Piece"
                placeholder={i === 0 ? "Walnut dining table, 96 by 42 inches" : undefined}
                defaultValue={value(`line-${i}-title`)}
                error={err(`line-${i}-title`)}
              />
              <StudioField
                name={`line-${i}-description`}
                label="Description"
                defaultValue={value(`line-${i}-description`)}
                error={err(`line-${i}-description`)}
              />
              <div className="studio-row">
                <StudioField
                  name={`line-${i}-price`}
                  label="Price each (USD)"
                  inputMode="decimal"
                  defaultValue={value(`line-${i}-price`)}
                  error={err(`line-${i}-price`)}
                />
                <StudioField
                  name={`line-${i}-quantity`}
                  label="Quantity"
                  inputMode="numeric"
                  defaultValue={value(`line-${i}-quantity`, "1")}
                  error={err(`line-${i}-quantity`)}
                />
              </div>
            </fieldset>
          ))}
          <div className="studio-row">
            <StudioField
              name="buildWeeksMin"
              label="Built in, fewest weeks"
              inputMode="numeric"
              defaultValue={value("buildWeeksMin", "8")}
              error={err("buildWeeksMin")}
            />
            <StudioField
              name="buildWeeksMax"
              label="Most weeks"
              inputMode="numeric"
              defaultValue={value("buildWeeksMax", "12")}
              error={err("buildWeeksMax")}
            />
          </div>
          <div className="studio-row">
            <StudioField
              name="depositPercent"
              label="Deposit on acceptance (%)"
              inputMode="numeric"
              hint="100 asks for all of it."
              defaultValue={value("depositPercent", String(defaults.depositPercent))}
              error={err("depositPercent")}
            />
            <StudioField
              name="validUntil"
              label="Valid until"
              type="date"
              defaultValue={value("validUntil", defaults.validUntil)}
              error={err("validUntil")}
            />
          </div>
          <div className={`field${err("note") ? " field--invalid" : ""}`}>
            <label htmlFor="quote-note" className="field__label">
              A note with it (optional)
            </label>
            <textarea
              id="quote-note"
              name="note"
              rows={3}
              className="field__control"
              defaultValue={value("note")}
              aria-invalid={err("note") ? true : undefined}
            />
            {err("note") && <p className="field__error">{err("note")}</p>}
          </div>
          <button type="submit" className="btn">
            Send the quote
          </button>
        </StudioForm>
      )}
    </>
  );
}
