import { useEffect, useRef } from "react";

/**
 * A <dialog> shown as a modal while its component is mounted: focus moves into it, Escape and a
 * press on the backdrop close it (`onClose`), and focus goes back where it was when it closes.
 */
export function useModalDialog(onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      if (before?.isConnected) before.focus({ preventScroll: true });
    };
  }, []);
  const dialogProps = {
    ref,
    onClose,
    onClick: (e: React.MouseEvent<HTMLDialogElement>) => {
      // The backdrop belongs to the dialog element, so only a press outside its box counts.
      if (e.target !== e.currentTarget) return;
      const box = e.currentTarget.getBoundingClientRect();
      const inside = e.clientX >= box.left && e.clientX <= box.right && e.clientY >= box.top && e.clientY <= box.bottom;
      if (!inside) e.currentTarget.close();
    },
  };
  return { ref, dialogProps, close: () => ref.current?.close() };
}
