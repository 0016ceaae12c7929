import type { MailLanguage, NotificationEvent } from '@portal/contracts/alerts';
import { escapeHtml } from '../../platform/html.ts';
import { mailTexts, type MailTexts } from './mail-messages.ts';

/** One notification as a mail shows it. */
export interface MailItem {
  event: NotificationEvent;
  title: string;
  /** The version, or a notice's kind. */
  versionLabel: string;
  changeNote: string;
  /** Absolute link to what the notification tells of. */
  url: string;
}

export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
}

function itemText(t: MailTexts, item: MailItem): string {
  const texts = t.events[item.event];
  const lines = [
    `${texts.heading(item.versionLabel)}: ${item.title}`,
    ...(texts.showsVersion ? [`${t.version}: ${item.versionLabel}`] : []),
    ...(item.changeNote ? [`${texts.note}: ${item.changeNote}`] : []),
    `${texts.open}: ${item.url}`,
  ];
  return lines.join('\n');
}

function itemHtml(t: MailTexts, item: MailItem): string {
  const texts = t.events[item.event];
  const version = texts.showsVersion ? `<p style="margin:4px 0">${escapeHtml(t.version)}: ${escapeHtml(item.versionLabel)}</p>\n` : '';
  const note = item.changeNote ? `<p style="margin:4px 0">${escapeHtml(texts.note)}: ${escapeHtml(item.changeNote)}</p>` : '';
  return `<div style="margin:16px 0;padding:12px 16px;border:1px solid #dde1e6;border-radius:6px">
<p style="margin:0;color:#5c6670;font-size:13px">${escapeHtml(texts.heading(item.versionLabel))}</p>
<p style="margin:4px 0;font-size:16px;font-weight:600">${escapeHtml(item.title)}</p>
${version}${note}<p style="margin:8px 0 0"><a href="${escapeHtml(item.url)}">${escapeHtml(texts.open)}</a></p>
</div>`;
}

/** A mail about one notification, or a digest of several, in the user's language, as plain text and HTML. */
export function composeMail(language: MailLanguage, items: readonly MailItem[], unsubscribeUrl: string): ComposedMail {
  const t = mailTexts[language];
  const [first] = items;
  if (!first) throw new Error('A mail needs at least one item');
  const digest = items.length > 1;
  const subject = digest ? t.digestSubject(items.length) : t.events[first.event].subject(first.title, first.versionLabel);
  const own = digest ? undefined : t.events[first.event];
  const intro = own ? (own.intro ?? t.intro) : t.digestIntro(items.length);
  const footer = own?.footer ?? t.footer;
  const text = [intro, '', items.map((item) => itemText(t, item)).join('\n\n'), '', '--', footer, `${t.unsubscribe}: ${unsubscribeUrl}`, ''].join('\n');
  const html = `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#1a1d21;max-width:640px;margin:0 auto;padding:16px">
<p>${escapeHtml(intro)}</p>
${items.map((item) => itemHtml(t, item)).join('\n')}
<hr style="border:none;border-top:1px solid #dde1e6;margin:24px 0 8px">
<p style="color:#5c6670;font-size:12px">${escapeHtml(footer)}<br><a href="${escapeHtml(unsubscribeUrl)}">${escapeHtml(t.unsubscribe)}</a></p>
</body></html>
`;
  return { subject, text, html };
}
