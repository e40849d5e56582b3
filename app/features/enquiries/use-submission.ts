import { useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useShellData } from "../../lib/use-studio.ts";
import { sendMultipart } from "./send.ts";

export type Failure = { detail: string | null };

/**
 * One submission at a time to `url`: while it runs `sending` holds the share uploaded; 200 or
 * 204 goes to /contact-submitted (docs/product.md §4); anything else opens the failure dialog and hands a
 * message about one field to `onFieldError`. The form keeps everything it holds.
 */
export function useSubmission(url: string) {
  const navigate = useNavigate();
  // The studio's lead-tracking script may run on the thank-you page only, whose own document's
  // policy names its origin (server/pages.ts): with one set, that page is loaded as a document.
  const tracked = Boolean(useShellData().studio.leadTrackingScriptUrl);
  const busy = useRef(false);
  const [sending, setSending] = useState<number | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);

  async function submit(body: FormData, onFieldError: (field: string, message: string) => void) {
    if (busy.current) return;
    busy.current = true;
    setSending(0);
    const outcome = await sendMultipart(url, body, setSending);
    if (outcome.ok) {
      // The button stays busy until the next page is in.
      if (tracked) window.location.assign("/contact-submitted");
      else await navigate("/contact-submitted", { state: { sent: true } });
      return;
    }
    busy.current = false;
    setSending(null);
    if (outcome.field && outcome.message) onFieldError(outcome.field, outcome.message);
    setFailure({ detail: outcome.message });
  }

  return { submit, sending, failure, closeFailure: () => setFailure(null) };
}
