import type { DownloadHistoryQuery, DownloadHistoryResponse } from '@portal/contracts/downloads';
import type { AuthUser } from '@portal/contracts/users';
import type { ContentKind, ContentKindDeps } from '../../platform/content-kinds/content-kind.ts';
import { goneDetails } from '../../platform/content-kinds/history-details.ts';
import { listDownloads } from './download.repository.ts';

/** One page of the user's downloads, newest first, each described as it stands today by its content kind. */
export async function getDownloadHistory(
  deps: ContentKindDeps & { kinds: readonly ContentKind[] },
  user: AuthUser,
  query: DownloadHistoryQuery,
): Promise<DownloadHistoryResponse> {
  const { rows, total } = await listDownloads(deps.db, user.sub, {
    kind: query.kind,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  const items = [];
  for (const row of rows) {
    const kind = deps.kinds.find((candidate) => candidate.kind === row.itemKind);
    // A kind no longer served describes its old downloads as gone.
    const details = kind ? await kind.describeDownload(deps, user, row) : goneDetails(row);
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
