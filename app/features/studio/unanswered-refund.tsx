/**
 * A refund the card gateway never answered, as the order page lists it (routes/studio/order.tsx):
 * what and when, what to do, and the studio's two answers, each asked first (plain POST forms,
 * the question rendered by the server).
 */
import type { MoneyBackKind } from "../../../domain/money-back.ts";
import { UNANSWERED_HINT, unansweredSentence } from "../../../domain/unanswered-refunds.ts";
import { StudioForm } from "./studio-form.tsx";
import { When } from "./when.tsx";

export function UnansweredRefund({
  refund,
  csrf,
  mayAnswer,
}: {
  refund: { id: number; kind: string; amount: number; createdAt: Date | string };
  csrf: string;
  /** Only the role that may give money back may say what became of it. */
  mayAnswer: boolean;
}) {
  const kind: MoneyBackKind = refund.kind === "void" ? "void" : "refund";
  const answer = (value: "given" | "not-given", words: string, ghost: boolean) => (
    <StudioForm csrf={csrf} action="?intent=unanswered" className="studio-actions">
      <input type="hidden" name="refund" value={String(refund.id)} />
      <input type="hidden" name="answer" value={value} />
      <button type="submit" className={ghost ? "btn btn--ghost btn--small" : "btn btn--small"}>
        {words}
      </button>
    </StudioForm>
  );
  return (
    <>
      <strong>{unansweredSentence(kind, refund.amount)}</strong> (<When at={refund.createdAt} />){" "}
      {mayAnswer ? UNANSWERED_HINT : "An owner can check the CardPointe account and say what happened."}
      {mayAnswer && (
        <div className="studio-actions studio-unanswered__answers">
          {answer("given", "It was given back", false)}
          {answer("not-given", "It was not given back", true)}
        </div>
      )}
    </>
  );
}
