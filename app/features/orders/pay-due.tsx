import { Form, useNavigation } from "react-router";
import { formatPrice } from "../../../domain/format.ts";
import { decimalText, toCents } from "../../../domain/money.ts";
import { TestModeNotice } from "../../components/test-mode-notice.tsx";
import type { PayAnswer } from "./order-page.server.ts";
import { CARD_FIELDS, PlainFields } from "./plain-fields.tsx";

/**
 * What is due on the order (the balance after a deposit, a delivery the studio added), paid by
 * card from its page: a plain
 * form post with the page's key, so a second press, or a reload of the answer, never charges
 * twice; the amount sent is the one shown, and the server refuses any other.
 */
export function PayDue({
  due,
  balance,
  firstDeposit = null,
  payKey,
  answer,
  testMode = false,
}: {
  due: number;
  /** The part of `due` that is the order's balance after its deposit. */
  balance: number;
  /** An order the studio wrote, awaiting its first payment: the deposit the buyer may pay instead of the whole. */
  firstDeposit?: { now: number; balance: number } | null;
  payKey: string | null;
  answer?: PayAnswer;
  /** Payments go to the sandbox gateway: the form says no card is charged. */
  testMode?: boolean;
}) {
  const busy = useNavigation().state === "submitting";
  const paid = answer?.outcome?.status === "approved";
  const key = answer?.nextKey ?? payKey;
  const message = answer?.error ?? (answer?.outcome && "message" in answer.outcome ? answer.outcome.message : null);
  return (
    <section aria-labelledby="order-due" className="order-page__section order-due">
      <h2 id="order-due">{paid ? "Thank you" : `${formatPrice(due)} due`}</h2>
      {!paid && firstDeposit && (
        <p>
          Pay it all now, or a deposit of {formatPrice(firstDeposit.now)} to start your order and the rest (
          {formatPrice(firstDeposit.balance)}) when your pieces are ready.
        </p>
      )}
      {paid && answer?.outcome?.status === "approved" && (
        <p role="status">
          We received {formatPrice(answer.outcome.amount)}.{" "}
          {answer.outcome.due > 0 ? `${formatPrice(answer.outcome.due)} is still due.` : "Nothing more is due."}
        </p>
      )}
      {message && !CARD_FIELDS.some((f) => f.name === answer?.field) && (
        <p className="order-due__error" role="alert">
          {message}
        </p>
      )}
      {!paid && balance > 0 && (
        <p>
          The balance of your order{due > balance ? `, ${formatPrice(balance)}, with the studio's charges` : ""}: we ask
          for it when your pieces are ready, and you may pay it sooner.
        </p>
      )}
      {due > 0 && key && (
        <Form method="post" className="order-due__form" aria-label="Pay what is due">
          <input type="hidden" name="key" value={key} />
          {firstDeposit ? (
            <fieldset className="order-due__choice order-due__field--wide">
              <legend>How much to pay now</legend>
              <label>
                <input type="radio" name="amount" value={decimalText(toCents(due))} defaultChecked /> Pay in full,{" "}
                {formatPrice(due)}
              </label>
              <label>
                <input type="radio" name="amount" value={decimalText(toCents(firstDeposit.now))} /> Pay a deposit now,{" "}
                {formatPrice(firstDeposit.now)}
              </label>
            </fieldset>
          ) : (
            <input type="hidden" name="amount" value={decimalText(toCents(due))} />
          )}
          <PlainFields fields={CARD_FIELDS} refused={answer} />
          {testMode && <TestModeNotice className="order-due__field--wide" />}
          <button type="submit" className="btn order-due__pay" disabled={busy} aria-busy={busy}>
            {busy
              ? "Paying…"
              : firstDeposit
                ? "Pay now"
                : balance > 0
                  ? `Pay the balance, ${formatPrice(due)}`
                  : `Pay ${formatPrice(due)}`}
          </button>
        </Form>
      )}
    </section>
  );
}
