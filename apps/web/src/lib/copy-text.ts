/**
 * Copies `text` to the clipboard: the async Clipboard API where the page may use it, otherwise
 * a selected off-screen textarea and `execCommand('copy')` (plain-HTTP deployments, old browsers).
 */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText && window.isSecureContext) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Permission refused or document not focused: try the fallback.
    }
  }
  copyWithTextarea(text);
}

function copyWithTextarea(text: string): void {
  const textarea = document.createElement('textarea');
  textarea.value = text;
  textarea.setAttribute('readonly', '');
  textarea.style.position = 'fixed';
  textarea.style.top = '-1000px';
  textarea.style.opacity = '0';
  document.body.append(textarea);
  const previousFocus = document.activeElement as HTMLElement | null;
  textarea.focus();
  textarea.select();
  try {
    if (!document.execCommand('copy')) throw new Error('The browser refused to copy');
  } finally {
    textarea.remove();
    previousFocus?.focus();
  }
}
