import type { Kysely } from 'kysely';
import type { MailLanguage } from '@portal/contracts/alerts';
import { localDay } from '../../platform/dates.ts';
import type { Database } from '../../platform/db/schema.ts';
import type { PortalEventBus, PortalEvents } from '../../platform/events/index.ts';
import { notifyOneUser } from './personal-notification.ts';

/*
 * The requester of printed instructions is told of each step (received, printed, shipped): a notification in
 * the portal and a mail, sent as their alert mails are (at once, in their digest, or not when they turned mails
 * off), in their mail language.
 */

type PaperRequestChange = PortalEvents['paper-request.changed'];

/** The labels of a step's details, per mail language. */
const detailLabels: Readonly<Record<MailLanguage, { language: string; due: string; note: string }>> = {
  'en-US': { language: 'Language', due: 'Due by', note: 'Shipping note' },
  'fr-FR': { language: 'Langue', due: 'Échéance', note: 'Note d’expédition' },
  'de-DE': { language: 'Sprache', due: 'Fällig bis', note: 'Versandhinweis' },
};

/** Language, due date and (once shipped) the shipping note, as one line of the notification and its mail. */
export function paperRequestDetails(change: PaperRequestChange, mailLanguage: MailLanguage): string {
  const labels = detailLabels[mailLanguage];
  const parts = [`${labels.language}: ${change.language.toUpperCase()}`, `${labels.due}: ${localDay(change.dueAt, mailLanguage)}`];
  if (change.state === 'shipped' && change.note) parts.push(`${labels.note}: ${change.note}`);
  return parts.join(' · ');
}

/**
 * The requester's notification of this step, and its mail job when they are mailed at once, in the change's
 * transaction: the step is not stored without them. One per request and state (a replayed event adds nothing).
 */
export async function notifyPaperRequester(db: Kysely<Database>, change: PaperRequestChange): Promise<void> {
  await notifyOneUser(db, {
    userSub: change.requesterSub,
    event: 'paperRequest',
    subjectId: change.requestId,
    key: `paper-request:${change.requestId}:${change.state}`,
    title: change.serialNumber,
    label: change.state,
    details: (mailLanguage) => paperRequestDetails(change, mailLanguage),
    link: `/units/${encodeURIComponent(change.serialNumber)}`,
  });
}

/** In the transaction: a step of a paper request is never stored without the requester's notification. */
export function registerPaperRequestAlerts(bus: PortalEventBus): void {
  bus.subscribe('paper-request.changed', 'in-transaction', (change, db) => notifyPaperRequester(db, change));
}
