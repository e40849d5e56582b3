import { useEffect, useState } from "react";
import { Dialog } from "../../components/dialog.tsx";
import { NewsletterForm } from "./newsletter-form.tsx";
import { markOffered, offered } from "./offer.ts";

const RETRY_MS = 5_000;

/**
 * The newsletter offer, once subscribe-modal.tsx finds it due: it never opens over another open
 * dialog (it waits for it to pass) nor for someone who subscribed meanwhile. The flag is set as
 * it opens, so closing it, or leaving, ends the offer for good.
 */
export default function SubscribeOffer({ onEnd }: { onEnd: () => void }) {
  const [open, setOpen] = useState(false);
  const [retry, setRetry] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `retry` re-runs the check after a wait
  useEffect(() => {
    if (open) return;
    if (offered()) {
      onEnd();
      return;
    }
    if (document.querySelector("dialog[open]")) {
      const timer = setTimeout(() => setRetry((n) => n + 1), RETRY_MS);
      return () => clearTimeout(timer);
    }
    markOffered();
    setOpen(true);
  }, [open, retry]);

  if (!open) return null;
  return (
    <Dialog open onClose={onEnd} title="Stay in touch" className="dialog--notice subscribe-modal">
      <p>
        New slabs out of the kiln, finished commissions and news from the studio, a few times a year. Nothing else, and
        you can leave with one click.
      </p>
      <NewsletterForm />
    </Dialog>
  );
}
