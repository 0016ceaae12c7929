import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import type { DownloadRecordRow } from '../../platform/content-kinds/content-kind.ts';
import type { Database, DownloadItemKind } from '../../platform/db/schema.ts';
import type { DownloadRecordsTable } from './download.tables.ts';
export type NewDownloadRecord = Omit<Insertable<DownloadRecordsTable>, 'id' | 'createdAt'>;

/** Records one download (a file, or a whole version or set as one zip). */
export async function recordDownload(db: Kysely<Database>, record: NewDownloadRecord, at = new Date().toISOString()): Promise<void> {
  await db.insertInto('download_records').values({ fileId: null, ...record, id: randomUUID(), createdAt: at }).execute();
}

/** One page of a user's downloads, newest first, optionally of one kind, with the total. */
export async function listDownloads(
  db: Kysely<Database>,
  userSub: string,
  options: { kind?: DownloadItemKind; limit: number; offset: number },
): Promise<{ rows: DownloadRecordRow[]; total: number }> {
  let query = db.selectFrom('download_records').where('userSub', '=', userSub);
  if (options.kind) query = query.where('itemKind', '=', options.kind);
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(options.limit).offset(options.offset).execute(),
    query.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}
