/**
 * What the forms make of the API's answer to a submission (docs/api.md): 200 or 204 is sent
 * (docs/product.md §4); anything else failed, and an error body may name the field at fault and say why.
 */

import { isSent, NEWSLETTER_MESSAGES } from "./newsletter.ts";

/** The texts the forms show once an answer is in (docs/product.md §8), word for word. */
export const SEND_MESSAGES = {
  failedTitle: "Email failed to send",
  failed: "Sorry, something went wrong while trying to send your email. Please try again.",
  sentTitle: "Email Sent",
  sent: "Thank you for your enquiry, you will be contacted soon by one of the studio team.",
  ...NEWSLETTER_MESSAGES,
} as const;

export type SubmitOutcome =
  | { ok: true }
  | {
      ok: false;
      status: number;
      /** The form field to show `message` under: a field name, or `images` for any photo. */
      field: string | null;
      message: string | null;
    };

const sentence = (s: string) => {
  const t = s.trim();
  if (t === "") return t;
  const capital = t[0]!.toUpperCase() + t.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
};

function errorOf(body: string): { message: string | null; field: string | null } {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown; field?: unknown } };
    const e = parsed?.error;
    return {
      message: typeof e?.message === "string" && e.message.trim() !== "" ? e.message : null,
      field: typeof e?.field === "string" && e.field !== "" ? e.field : null,
    };
  } catch {
    return { message: null, field: null };
  }
}

/**
 * A form posted to its page (before or without scripts) that was not received, as the page
 * shows it again (app/features/enquiries/actions.server.ts).
 */
export type FormAnswer = {
  /** The text fields as they were sent (photos cannot be put back into a file input). */
  values: Record<string, string>;
  /** Messages under their fields. */
  errors: Record<string, string>;
  /** The failure to show above the form (null: only fields to correct); `detail` is the server's own words. */
  failure: { detail: string | null } | null;
};

/** `status` 0 stands for a request that got no answer at all (network down, aborted). */
export function readSubmitAnswer(status: number, body: string): SubmitOutcome {
  if (isSent(status)) return { ok: true };
  const { message, field } = errorOf(body);
  return submitRefusal(status, message, field);
}

/** A refusal (the API's error: status, message, field) as the forms show it. */
export function submitRefusal(status: number, message: string | null, field: string | null): SubmitOutcome {
  if (message === null) return { ok: false, status, field: null, message: null };
  // Messages about one part start with its name ("image2: must be ..."): say it the form's way.
  const photo = field?.match(/^image(\d+)$/);
  const rest = field && message.startsWith(`${field}: `) ? message.slice(field.length + 2) : message;
  if (photo) return { ok: false, status, field: "images", message: `Photo ${photo[1]}: ${sentence(rest)}` };
  if (field === "body") return { ok: false, status, field: null, message: sentence(rest) };
  return { ok: false, status, field, message: sentence(rest) };
}
