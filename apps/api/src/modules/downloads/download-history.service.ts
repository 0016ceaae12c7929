import type { Kysely } from 'kysely';
import type { DownloadHistoryQuery, DownloadHistoryResponse, DownloadKind } from '@portal/contracts/downloads';
import type { AuthUser } from '@portal/contracts/users';
import type { Database } from '../../platform/db/schema.ts';
import { describeCadDownload } from '../cad/cad-history.ts';
import { describeSoftwareDownload } from '../software/software-history.ts';
import { describeDocumentDownload } from './document-history.ts';
import { listDownloads } from './download.repository.ts';
import type { HistoryDescriber } from './history-details.ts';

const describers: Record<DownloadKind, HistoryDescriber> = {
  document: describeDocumentDownload,
  software: describeSoftwareDownload,
  cad: describeCadDownload,
};

/** One page of the user's downloads, newest first, each described as it stands today. */
export async function getDownloadHistory(db: Kysely<Database>, user: AuthUser, query: DownloadHistoryQuery): Promise<DownloadHistoryResponse> {
  const { rows, total } = await listDownloads(db, user.sub, {
    kind: query.kind,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  const items = [];
  for (const row of rows) {
    const details = await describers[row.itemKind](db, user, row);
    items.push({
      id: row.id,
      kind: row.itemKind,
      versionLabel: row.versionLabel,
      fileName: row.fileName,
      downloadedAt: row.createdAt,
      ...details,
    });
  }
  return { items, total, page: query.page, pageSize: query.pageSize };
}
