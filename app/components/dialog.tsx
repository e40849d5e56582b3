import { useEffect, useId, useRef } from "react";
import "./dialog.css";

/**
 * A modal on the native <dialog>: Escape and the backdrop close it, and focus goes back to
 * whatever had it before the dialog opened.
 */
export function Dialog({
  open,
  onClose,
  title,
  hideTitle = false,
  className = "",
  onKeyDown,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  hideTitle?: boolean;
  className?: string;
  onKeyDown?: React.KeyboardEventHandler<HTMLDialogElement>;
  children: React.ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const returnTo = document.activeElement as HTMLElement | null;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      returnTo?.focus({ preventScroll: true });
    };
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={`dialog ${className}`}
      aria-labelledby={titleId}
      onClose={onClose}
      onKeyDown={onKeyDown}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      {open && (
        <div className="dialog__inner">
          <div className="dialog__head">
            <h2 id={titleId} className={hideTitle ? "visually-hidden" : "dialog__title"}>
              {title}
            </h2>
            <button type="button" className="dialog__close" onClick={onClose} aria-label="Close" data-tip="">
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path d="M5 5l14 14M19 5L5 19" stroke="currentColor" strokeWidth="1.5" />
              </svg>
            </button>
          </div>
          {children}
        </div>
      )}
    </dialog>
  );
}
