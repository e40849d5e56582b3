import { Link } from "react-router";
import "./chunk-failed.css";

/**
 * Said in the place of a widget whose code could not be loaded (docs/product.md §8 'Loading chunk failed'):
 * the rest of the page carries on, and the notice says what still works.
 */
export function ChunkFailed({
  children,
  link,
  onRetry,
  onClose,
}: {
  children: React.ReactNode;
  /** Where the same thing can be had without this widget. */
  link?: { to: string; label: string };
  onRetry: () => void;
  onClose: () => void;
}) {
  return (
    <div className="chunk-failed" role="alert">
      <p className="chunk-failed__title">Loading chunk failed</p>
      <p>{children} Check your connection and try again.</p>
      <div className="chunk-failed__actions">
        <button type="button" className="btn" onClick={onRetry}>
          Try again
        </button>
        {link && (
          <Link className="btn btn--ghost" to={link.to} onClick={onClose}>
            {link.label}
          </Link>
        )}
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}
