import { useId, useState } from "react";
import { useLocation } from "react-router";
import { EMAIL_MESSAGE } from "../../../domain/email.ts";
import type { FormAnswer } from "../../../domain/enquiry-answer.ts";
import { NEWSLETTER_MESSAGES } from "../../../domain/newsletter.ts";
import { markOffered } from "./offer.ts";
import { subscribe } from "./subscribe.ts";
import "./newsletter.css";

type State = "idle" | "loading" | "success" | "failure";

/** What the sign-up page's action answered (routes/subscribe.tsx). */
export type SubscribeAnswer = { sent: true; values: Record<string, string> } | FormAnswer;

/** Where a sign-up posted without scripts is answered (routes/subscribe.tsx). */
export const SUBSCRIBE_PAGE = "/subscribe";

/**
 * The newsletter sign-up (docs/product.md §4): idle, loading, success or failure. The address is checked
 * only as an e-mail input checks it (docs/product.md §5); a failure keeps it for another try. Before the
 * page's scripts run (or without them) it is a plain post to the sign-up page, which answers
 * with the same outcome (`answer`, shown there) and offers the way back (`from`).
 */
export function NewsletterForm({ tone = "light", answer }: { tone?: "light" | "dark"; answer?: SubscribeAnswer }) {
  const uid = useId();
  const { pathname, search } = useLocation();
  const refused = answer && !("sent" in answer) ? answer : null;
  const [email, setEmail] = useState(answer?.values.email ?? "");
  const [state, setState] = useState<State>(
    answer && "sent" in answer ? "success" : refused && !refused.errors.email ? "failure" : "idle",
  );
  const [invalid, setInvalid] = useState(Boolean(refused?.errors.email));
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
    const ok = await subscribe(email.trim());
    // Someone who just subscribed is not offered the newsletter again in a modal.
    if (ok) markOffered();
    setState(ok ? "success" : "failure");
  };

  const status =
    state === "success"
      ? NEWSLETTER_MESSAGES.subscribed
      : state === "failure"
        ? NEWSLETTER_MESSAGES.subscribeFailed
        : "";
  return (
    <div className={`newsletter newsletter--${tone}`}>
      {state !== "success" && (
        <form
          className="newsletter__form"
          method="post"
          action={SUBSCRIBE_PAGE}
          noValidate
          onSubmit={onSubmit}
          aria-busy={loading}
        >
          <input type="hidden" name="from" value={answer?.values.from ?? `${pathname}${search}`} />
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
