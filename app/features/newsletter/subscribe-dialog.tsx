import { Dialog } from "../../components/dialog.tsx";
import { NewsletterForm } from "./newsletter-form.tsx";

/** The newsletter offer itself (subscribe-modal.tsx decides when it opens). */
export default function SubscribeDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} title="Stay in touch" className="dialog--notice subscribe-modal">
      <p>
        New slabs out of the kiln, finished commissions and news from the studio, a few times a year. Nothing else, and
        you can leave with one click.
      </p>
      <NewsletterForm />
    </Dialog>
  );
}
