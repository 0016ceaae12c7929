import { useEffect, useState } from 'react';

function focusedElement(): HTMLElement | null {
  if (typeof document === 'undefined') return null;
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}

/**
 * Gives the focus back to what opened the viewer once it closes. Pages mount the viewer already
 * open and unmount it on close, where the modal's own focus return never sees the opener: the
 * element focused when the viewer first renders (before the dialog takes the focus) is kept.
 */
export function useFocusReturnOnClose(opened: boolean): void {
  const [opener] = useState(() => (opened ? focusedElement() : null));
  useEffect(() => {
    if (!opened || !opener) return;
    return () => {
      // After the dialog has left the page and its focus trap let go.
      window.setTimeout(() => {
        const active = document.activeElement;
        const lost = active === null || active === document.body || !active.isConnected;
        if (opener.isConnected && lost) opener.focus({ preventScroll: true });
      });
    };
  }, [opened, opener]);
}
