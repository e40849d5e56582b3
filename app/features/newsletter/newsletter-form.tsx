import { useId, useState } from "react";
import { EMAIL_MESSAGE } from "../../../domain/email.ts";
import { SEND_MESSAGES } from "../../../domain/enquiry-answer.ts";
import { markOffered } from "./offer.ts";
import { subscribe } from "./subscribe.ts";
import "./newsletter.css";

type State = "idle" | "loading" | "success" | "failure";

/**
 * The newsletter sign-up (spec §4): idle, loading, success or failure. The address is checked
 * only as an e-mail input checks it (spec §5); a failure keeps it for another try.
 */
export function NewsletterForm({ tone = "light" }: { tone?: "light" | "dark" }) {
  const uid = useId();
  const [email, setEmail] = useState("");
  const [state, setState] = useState<State>("idle");
  const [invalid, setInvalid] = useState(false);
  const loading = state === "loading";

  const onSubmit = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (loading) return;
    const input = e.currentTarget.elements.namedItem("email") as HTMLInputElement;
    if (email.trim() === "" || !input.checkValidity()) {
      setInvalid(true);
      input.focus();
      return;
    }
    setInvalid(false);
    setState("loading");
    const outcome = await subscribe(email.trim());
    // Someone who just subscribed is not offered the newsletter again in a modal.
    if (outcome.ok) markOffered();
    setState(outcome.ok ? "success" : "failure");
  };

  const status =
    state === "success" ? SEND_MESSAGES.subscribed : state === "failure" ? SEND_MESSAGES.subscribeFailed : "";
  return (
    <div className={`newsletter newsletter--${tone}`}>
      {state !== "success" && (
        <form className="newsletter__form" noValidate onSubmit={onSubmit} aria-busy={loading}>
          <label htmlFor={`${uid}-email`} className="newsletter__label">
            Email address
          </label>
          <div className="newsletter__row">
            <input
              id={`${uid}-email`}
              name="email"
              type="email"
              required
              autoComplete="email"
              className="newsletter__input"
              value={email}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? `${uid}-error` : undefined}
              onChange={(e) => {
                setEmail(e.currentTarget.value);
                if (invalid && e.currentTarget.checkValidity()) setInvalid(false);
              }}
            />
            <button
              type="submit"
              className={`btn${tone === "dark" ? " btn--light" : ""} newsletter__button`}
              aria-disabled={loading || undefined}
            >
              {loading ? (
                <>
                  <span className="btn__spinner" aria-hidden="true" />
                  Subscribing…
                </>
              ) : (
                "Subscribe"
              )}
            </button>
          </div>
          {invalid && (
            <p id={`${uid}-error`} className="newsletter__error">
              {EMAIL_MESSAGE}
            </p>
          )}
        </form>
      )}
      <p className={`newsletter__status newsletter__status--${state}`} role="status">
        {status}
      </p>
    </div>
  );
}
