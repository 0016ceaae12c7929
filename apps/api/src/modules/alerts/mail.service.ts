import type { NotificationEvent } from '@portal/contracts/alerts';
import type { AuthUser } from '@portal/contracts/users';
import { findLibraryVersionById } from '../cad/index.ts';
import { isVersionPublished } from '../documents/index.ts';
import { findSoftwareRelease } from '../software/index.ts';
import { lastSeenUser } from '../users/index.ts';
import type { AlertDeps } from './alert-deps.ts';
import { caughtUpVersionId } from './translation-catch-up.ts';
import { composeMail, type MailItem } from './mail-compose.ts';
import type { MailSender } from './mail-transport.ts';
import { cadLibraryVisible, documentVisible } from './release-access.ts';
import { softwareVersionVisible } from '../access/index.ts';
import { pendingMails, pendingMailsOfUser, setMailStatus, type NotificationRow } from './notification.repository.ts';
import { frequencyOf, getPreferences, recordDigest } from './preference.service.ts';
import { signUnsubscribeToken } from './unsubscribe-token.ts';

export const unsubscribePath = '/unsubscribe/';

type StillVisible = (deps: AlertDeps, user: AuthUser, row: NotificationRow) => Promise<boolean>;

const documentStillVisible: StillVisible = async (deps, user, row) =>
  (await isVersionPublished(deps.db, row.versionId)) && documentVisible(deps.db, user, row.documentId);

/**
 * Access is checked again when a mail goes out, per event: the user as last seen, what the
 * notification tells of as it is now (a withdrawn version, a closed notice or lost access: no mail).
 */
const stillVisible: Readonly<Record<NotificationEvent, StillVisible>> = {
  newDocument: documentStillVisible,
  newVersion: documentStillVisible,
  // A version that became `previous` since (a newer one came out) is still worth the mail.
  newSoftwareVersion: async (deps, user, row) => {
    const release = await findSoftwareRelease(deps.db, row.versionId);
    return release !== undefined && softwareVersionVisible(deps.db, user, release);
  },
  newCadRelease: async (deps, user, row) => (await findLibraryVersionById(deps.db, row.versionId)) !== undefined && cadLibraryVisible(deps.db, user, row.documentId),
  notice: async (deps, user, row) => {
    const reach = await deps.units.noticeReach(deps.db, row.documentId);
    return reach !== undefined && (await reach(user)) !== null;
  },
  // The user's own request: they are told of each step, whatever became of their access to the unit since.
  paperRequest: async () => true,
  // The reader's own feedback: they are told it was fixed; the link leads them to what they may see today.
  feedbackFixed: async () => true,
  translationCaughtUp: (deps, user, row) => documentStillVisible(deps, user, { ...row, versionId: caughtUpVersionId(row.versionId) }),
};

async function visibleRows(deps: AlertDeps, user: AuthUser | undefined, rows: readonly NotificationRow[]) {
  const visible: NotificationRow[] = [];
  const hidden: string[] = [];
  for (const row of rows) {
    if (user && (await stillVisible[row.event](deps, user, row))) visible.push(row);
    else hidden.push(row.id);
  }
  return { visible, hidden };
}

const mailItem = (deps: AlertDeps, row: NotificationRow): MailItem => ({
  event: row.event,
  title: row.title,
  versionLabel: row.versionLabel,
  changeNote: row.changeNote,
  url: `${deps.publicUrl}${row.link}`,
});

/** Composes and sends one mail of these notifications to the user, with RFC 8058 one-click unsubscribe headers. */
async function mailTo(deps: AlertDeps, user: AuthUser, rows: readonly NotificationRow[], send: MailSender = deps.sendMail): Promise<void> {
  const { language } = await getPreferences(deps.db, user.sub);
  const unsubscribeUrl = `${deps.publicUrl}${unsubscribePath}${signUnsubscribeToken(user.sub, await deps.unsubscribeKey())}`;
  const mail = composeMail(language, rows.map((row) => mailItem(deps, row)), unsubscribeUrl);
  await send({
    to: user.email,
    ...mail,
    headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  });
}

/**
 * The `alerts.mail` job: one mail per notification for users mailed at once. A failing server
 * throws, so the job is retried; what was sent before is marked and not sent again. Users who
 * turned mails off are skipped; those who chose a digest since keep theirs pending for it.
 */
export async function sendImmediateMails(deps: AlertDeps, ids: readonly string[]): Promise<void> {
  for (const row of await pendingMails(deps.db, ids)) {
    const frequency = frequencyOf(row.mailFrequency);
    if (frequency === 'off') {
      await setMailStatus(deps.db, [row.id], 'skipped', new Date().toISOString());
      continue;
    }
    if (frequency !== 'immediate') continue;
    const user = await lastSeenUser(deps.db, row.userSub);
    const { visible, hidden } = await visibleRows(deps, user, [row]);
    await setMailStatus(deps.db, hidden, 'skipped', new Date().toISOString());
    if (!user || visible.length === 0) continue;
    await mailTo(deps, user, visible);
    await setMailStatus(deps.db, [row.id], 'sent', new Date().toISOString());
  }
}

/** The `alerts.digest` job: every pending notification of the user in one mail. */
export async function sendDigest(deps: AlertDeps, userSub: string): Promise<void> {
  const frequency = (await getPreferences(deps.db, userSub)).email;
  if (frequency !== 'daily' && frequency !== 'weekly') return;
  const user = await lastSeenUser(deps.db, userSub);
  const { visible, hidden } = await visibleRows(deps, user, await pendingMailsOfUser(deps.db, userSub));
  const now = new Date().toISOString();
  await setMailStatus(deps.db, hidden, 'skipped', now);
  if (user && visible.length > 0) {
    await mailTo(deps, user, visible);
    await setMailStatus(deps.db, visible.map((row) => row.id), 'sent', new Date().toISOString());
  }
  await recordDigest(deps.db, userSub, now);
}
