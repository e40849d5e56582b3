import { useEffect, useState } from "react";
import { useNavigation } from "react-router";

/**
 * The global spinner while a page loads. It waits a moment before showing (fast navigations
 * never flash it) and, once shown, stays at least `minMs` so it does not blink.
 */
export function LoadingOverlay({ delayMs = 250, minMs = 400 }: { delayMs?: number; minMs?: number }) {
  const busy = useNavigation().state === "loading";
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (busy) {
      const t = setTimeout(() => setVisible(true), delayMs);
      return () => clearTimeout(t);
    }
    if (!visible) return;
    const t = setTimeout(() => setVisible(false), minMs);
    return () => clearTimeout(t);
  }, [busy, visible, delayMs, minMs]);

  if (!visible) return null;
  return (
    <div className="loading-overlay" role="status" aria-label="Loading">
      <span />
    </div>
  );
}
