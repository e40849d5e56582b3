import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { SUBSCRIBE_MODAL_DELAY_MS, subscribeModalAllowed } from "../../../domain/newsletter.ts";
import { ChunkFailed } from "../../components/chunk-failed.tsx";
import { chunk, useChunk } from "../../lib/chunk.ts";
import { markOffered, offered } from "./offer.ts";

// The dialog's code is fetched only when the offer is due.
const dialog = chunk(() => import("./subscribe-dialog.tsx"));

const RETRY_MS = 5_000;

/**
 * The newsletter as a one-time modal (spec §4, §9): 30 s after the page came up on a first
 * visit, never on the checkout, never over another open dialog (it waits for both to pass).
 * The flag is set as it opens, so closing it, or leaving, ends the offer for good; subscribing
 * in the footer sets it too (offer.ts).
 */
export function SubscribeModal() {
  const { pathname } = useLocation();
  const [due, setDue] = useState(false);
  const [open, setOpen] = useState(false);
  const [retry, setRetry] = useState(0);
  const { module, failed, retry: fetchAgain } = useChunk(dialog, open ? "subscribe" : null);

  useEffect(() => {
    if (offered()) return;
    const timer = setTimeout(() => setDue(true), SUBSCRIBE_MODAL_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `retry` re-runs the check after a wait
  useEffect(() => {
    if (!due || open || !subscribeModalAllowed(pathname)) return;
    if (offered()) {
      setDue(false);
      return;
    }
    if (document.querySelector("dialog[open]")) {
      const timer = setTimeout(() => setRetry((n) => n + 1), RETRY_MS);
      return () => clearTimeout(timer);
    }
    markOffered();
    setDue(false);
    setOpen(true);
  }, [due, open, pathname, retry]);

  if (!open) return null;
  const close = () => setOpen(false);
  if (failed)
    return (
      <ChunkFailed onRetry={fetchAgain} onClose={close} link={{ to: "#newsletter", label: "Go to the form" }}>
        The newsletter sign-up could not be loaded; the form at the foot of the page works the same.
      </ChunkFailed>
    );
  return module ? <module.default onClose={close} /> : null;
}
