import type { MailLanguage } from '@portal/contracts/alerts';
import { escapeHtml } from '../../platform/html.ts';
import { mailTexts } from './mail-messages.ts';

export type UnsubscribePageState = 'confirm' | 'done' | 'invalid' | 'expired';

/** The page of a genuine link past its year (or from before links expired): what to do instead. */
const expiredTexts: Readonly<Record<MailLanguage, { title: string; text: string; link: string }>> = {
  'en-US': {
    title: 'This link has expired',
    text: 'Unsubscribe links work for a year after their mail was sent. Sign in to the portal to turn alert mails off in your notification settings.',
    link: 'Open the notification settings',
  },
  'fr-FR': {
    title: 'Ce lien a expiré',
    text: 'Les liens de désabonnement sont valables un an après l’envoi de leur e-mail. Connectez-vous au portail pour désactiver les e-mails d’alerte dans vos paramètres de notification.',
    link: 'Ouvrir les paramètres de notification',
  },
  'de-DE': {
    title: 'Dieser Link ist abgelaufen',
    text: 'Abmeldelinks gelten ein Jahr ab dem Versand ihrer E-Mail. Melden Sie sich im Portal an, um die Benachrichtigungs-E-Mails in Ihren Benachrichtigungseinstellungen abzuschalten.',
    link: 'Benachrichtigungseinstellungen öffnen',
  },
};

/** Where users manage their alert mails in the web app. */
export const notificationSettingsPath = '/notifications';

/**
 * The small page behind an unsubscribe link: asking to confirm (a form posting to the same address), done,
 * invalid, or expired (with a link to the notification settings of the portal at `publicUrl`).
 */
export function unsubscribePage(language: MailLanguage, state: UnsubscribePageState, publicUrl: string): string {
  const t = mailTexts[language];
  const expired = expiredTexts[language];
  const [title, text] = {
    confirm: [t.confirmTitle, t.confirmText],
    done: [t.doneTitle, t.doneText],
    invalid: [t.invalidTitle, t.invalidText],
    expired: [expired.title, expired.text],
  }[state];
  const action =
    state === 'confirm'
      ? `<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(t.confirmButton)}</button></form>`
      : state === 'expired'
        ? `<p><a href="${escapeHtml(`${publicUrl}${notificationSettingsPath}`)}">${escapeHtml(expired.link)}</a></p>`
        : '';
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem; color: #1a1d21; background: #fff; }
  @media (prefers-color-scheme: dark) { body { color: #e9ecef; background: #1a1b1e; } a { color: #74c0fc; } }
  a { color: #1864ab; }
  button { font: inherit; padding: .5rem 1.25rem; border-radius: .25rem; border: none; background: #1c7ed6; color: #fff; cursor: pointer; }
  button:focus-visible, a:focus-visible { outline: 3px solid #74c0fc; outline-offset: 2px; }
</style></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${action}</main></body></html>
`;
}
