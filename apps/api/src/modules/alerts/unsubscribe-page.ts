import type { MailLanguage } from '@portal/contracts/alerts';
import { escapeHtml } from '../../platform/html.ts';
import { mailTexts } from './mail-messages.ts';

/** The small page behind an unsubscribe link: asking to confirm (a form posting to the same address), done, or invalid. */
export function unsubscribePage(language: MailLanguage, state: 'confirm' | 'done' | 'invalid'): string {
  const t = mailTexts[language];
  const [title, text] = state === 'confirm' ? [t.confirmTitle, t.confirmText] : state === 'done' ? [t.doneTitle, t.doneText] : [t.invalidTitle, t.invalidText];
  const form =
    state === 'confirm'
      ? `<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(t.confirmButton)}</button></form>`
      : '';
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem; color: #1a1d21; background: #fff; }
  @media (prefers-color-scheme: dark) { body { color: #e9ecef; background: #1a1b1e; } }
  button { font: inherit; padding: .5rem 1.25rem; border-radius: .25rem; border: none; background: #1c7ed6; color: #fff; cursor: pointer; }
  button:focus-visible { outline: 3px solid #74c0fc; outline-offset: 2px; }
</style></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${form}</main></body></html>
`;
}
