import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { ChangeOrigin, PortalEventBus } from '../../platform/events/index.ts';
import { recordDownload as insertDownloadRecord, type NewDownloadRecord } from './download.repository.ts';

/** What recording a download needs: the database and the bus it is announced on. */
export interface DownloadRecorderDeps {
  db: Kysely<Database>;
  events: PortalEventBus;
}

/** Without an origin, the download is known by the user's subject only (pass `auditContextOf(request)` or `userContext(user)`). */
const subjectOnly = (userSub: string): ChangeOrigin => ({ actor: { sub: userSub, name: userSub, roles: [], account: null }, address: null, userAgent: null, source: 'request' });

/**
 * Records one download for the user's history and announces it as `file.downloaded`, in one transaction: the
 * audit log's `download` entry (an in-transaction subscriber) commits with the record or not at all. A `title`
 * (one document's download) is only announced: the alerts make the downloader follow that document.
 */
export async function recordDownload(
  deps: DownloadRecorderDeps,
  { title, ...record }: NewDownloadRecord & { title?: string },
  origin: ChangeOrigin = subjectOnly(record.userSub),
): Promise<void> {
  await deps.events.transaction(deps.db, async (trx, emit) => {
    await insertDownloadRecord(trx, record);
    const { userSub, itemKind, itemId, versionId = null, versionLabel, fileName, fileId = null } = record;
    await emit('file.downloaded', { userSub, itemKind, itemId, versionId, versionLabel, fileName, fileId, ...(title === undefined ? {} : { title }), origin });
  });
}
