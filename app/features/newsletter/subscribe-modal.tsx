import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { SUBSCRIBE_MODAL_DELAY_MS, subscribeModalAllowed } from "../../../domain/newsletter.ts";
import { LazyWidget } from "../../components/lazy-widget.tsx";
import { chunk } from "../../lib/chunk.ts";
import { markOffered, offered } from "./offer.ts";

// The offer's code (when it may open, the dialog) is fetched only once it is due.
const dialog = chunk(() => import("./subscribe-dialog.tsx"));

/**
 * The newsletter as a one-time modal (docs/product.md §4, §9): 30 s after the page came up on a first
 * visit, never on the checkout (it waits for another page). What happens once it is due is in
 * subscribe-dialog.tsx; subscribing in the footer ends the offer too (offer.ts).
 */
export function SubscribeModal() {
  const { pathname } = useLocation();
  const [due, setDue] = useState(false);
  const allowed = due && subscribeModalAllowed(pathname);

  useEffect(() => {
    if (offered()) return;
    const timer = setTimeout(() => setDue(true), SUBSCRIBE_MODAL_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  const end = () => setDue(false);
  return (
    <LazyWidget
      chunk={dialog}
      want={allowed ? "subscribe" : null}
      onClose={() => {
        markOffered();
        end();
      }}
      link={{ to: "#newsletter", label: "Go to the form" }}
      failure="The newsletter sign-up could not be loaded; the form at the foot of the page works the same."
    >
      {(m) => <m.default onEnd={end} />}
    </LazyWidget>
  );
}
