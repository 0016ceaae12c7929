import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { recordAudit, type AuditContext } from '../audit/index.ts';
import { recordDownload as insertDownloadRecord, type NewDownloadRecord } from './download.repository.ts';

/** Without a context, the entry knows the user by subject only (pass `auditContextOf(request)` or `userContext(user)`). */
const subjectOnly = (userSub: string): AuditContext => ({ actor: { sub: userSub, name: userSub, roles: [], account: null }, address: null, userAgent: null, source: 'request' });

/**
 * Records one download for the user's history and, in the same transaction, as a `download` entry of
 * the audit log (object: the item; the version and file in `after`).
 */
export async function recordDownload(db: Kysely<Database>, record: NewDownloadRecord, context: AuditContext = subjectOnly(record.userSub)): Promise<void> {
  const write = async (trx: Kysely<Database>) => {
    await insertDownloadRecord(trx, record);
    const { versionId = null, versionLabel, fileName, fileId = null } = record;
    await recordAudit(trx, context, { action: 'download', object: { kind: record.itemKind, id: record.itemId }, after: { versionId, versionLabel, fileName, fileId } });
  };
  if (db.isTransaction) return write(db);
  await db.transaction().execute(write);
}
