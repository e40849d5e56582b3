import { SEND_MESSAGES } from "../../../domain/enquiry-answer.ts";
import { Dialog } from "../../components/dialog.tsx";
import type { Failure } from "./use-submission.ts";

/** The submit button: a spinner and the share uploaded while sending; it cannot be pressed twice. */
export function SendButton({ sending, children }: { sending: number | null; children: React.ReactNode }) {
  const busy = sending !== null;
  const share = busy && sending > 0 && sending < 1 ? ` ${Math.round(sending * 100)}%` : "";
  return (
    <button
      type="submit"
      className="btn"
      aria-disabled={busy || undefined}
      onClick={(e) => {
        if (busy) e.preventDefault();
      }}
    >
      {busy ? (
        <>
          <span className="btn__spinner" aria-hidden="true" />
          {`Sending…${share}`}
        </>
      ) : (
        children
      )}
    </button>
  );
}

/** 'Email failed to send' (docs/product.md §8), with the server's own words when it gave some. */
export function SendFailedDialog({ failure, onClose }: { failure: Failure | null; onClose: () => void }) {
  return (
    <Dialog open={failure !== null} onClose={onClose} title={SEND_MESSAGES.failedTitle} className="dialog--notice">
      <p>{SEND_MESSAGES.failed}</p>
      {failure?.detail && <p className="dialog__detail">{failure.detail}</p>}
      <p className="dialog__note">Everything you entered is still in the form.</p>
      <div className="dialog__actions">
        <button type="button" className="btn" onClick={onClose}>
          Back to the form
        </button>
      </div>
    </Dialog>
  );
}

/** The line beside the button: how many fields need a look, or what is happening. */
export function FormStatus({ errorCount, sending }: { errorCount: number; sending: number | null }) {
  const text =
    errorCount > 0
      ? `Please check the ${errorCount === 1 ? "field" : `${errorCount} fields`} marked above.`
      : sending !== null
        ? "Sending your message and photos…"
        : "";
  return (
    <p className={`form__status${errorCount > 0 ? " form__status--error" : ""}`} role="status">
      {text}
    </p>
  );
}

/**
 * 'Email failed to send' above a form its page answered (posted before or without scripts):
 * what the dialog says, in the page, where it needs no script to be read.
 */
export function PostedFailure({ failure }: { failure: { detail: string | null } | null }) {
  if (!failure) return null;
  return (
    <div className="form__failure" role="alert">
      <p className="form__failure-title">{SEND_MESSAGES.failedTitle}</p>
      <p>{SEND_MESSAGES.failed}</p>
      {failure.detail && <p className="form__failure-detail">{failure.detail}</p>}
      <p>Everything you entered is still in the form; photos need choosing again.</p>
    </div>
  );
}
