/**
 * Prints a PDF through the browser's own PDF viewer in a hidden frame (pdf.js's viewer
 * components have no print service). Only offered for downloadable documents.
 */
export function printPdf(url: string): void {
  const frame = document.createElement('iframe');
  frame.style.position = 'fixed';
  frame.style.width = '0';
  frame.style.height = '0';
  frame.style.border = '0';
  frame.setAttribute('aria-hidden', 'true');
  frame.src = url;
  frame.addEventListener('load', () => {
    try {
      frame.contentWindow?.focus();
      frame.contentWindow?.print();
    } catch {
      // A frame the browser will not script: open the PDF where the user can print it.
      window.open(url, '_blank', 'noopener');
    }
    setTimeout(() => frame.remove(), 60_000);
  });
  document.body.append(frame);
}
