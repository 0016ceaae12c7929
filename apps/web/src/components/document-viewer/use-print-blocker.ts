import { useEffect } from 'react';

function isPrintShortcut(event: KeyboardEvent): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'p';
}

/**
 * Spec §2/§6: printing is disabled for a document that may not be downloaded. While `blocked`,
 * Ctrl/Cmd+P is swallowed and `window.print` does nothing (the dialog's print stylesheet also
 * hides the viewer, for the browser's own menu).
 */
export function usePrintBlocker(blocked: boolean, target: Window = window): void {
  useEffect(() => {
    if (!blocked) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isPrintShortcut(event)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
    };
    const print = Object.getOwnPropertyDescriptor(target, 'print');
    Object.defineProperty(target, 'print', { configurable: true, writable: true, value: () => undefined });
    target.addEventListener('keydown', onKeyDown, { capture: true });
    const root = target.document.documentElement;
    root.setAttribute('data-print-blocked', 'true');
    return () => {
      target.removeEventListener('keydown', onKeyDown, { capture: true });
      if (print) Object.defineProperty(target, 'print', print);
      else delete (target as { print?: unknown }).print;
      root.removeAttribute('data-print-blocked');
    };
  }, [blocked, target]);
}
