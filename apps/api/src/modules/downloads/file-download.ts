import type { DownloadUrlList } from '@portal/contracts/downloads';
import type { AuthUser } from '@portal/contracts/users';
import type { StoredFileColumns } from '../../platform/db/schema.ts';
import type { FileUrls } from '../../platform/delivery/file-urls.plugin.ts';
import { userContext, type AuditContext } from '../audit/index.ts';
import { recordDownload, type DownloadRecorderDeps } from './download-recorder.ts';
import type { NewDownloadRecord } from './download.repository.ts';

/**
 * Hands out a short-lived signed attachment URL for one stored file the caller has already
 * checked the user may download, and records the download.
 */
export async function downloadStoredFile(
  deps: DownloadRecorderDeps & { fileUrls: FileUrls },
  user: AuthUser,
  file: StoredFileColumns,
  record: Omit<NewDownloadRecord, 'userSub' | 'fileId' | 'fileName'>,
  audit: AuditContext = userContext(user),
): Promise<DownloadUrlList> {
  const downloadUrl = deps.fileUrls.sign({
    storageKey: file.storageKey,
    fileName: file.fileName,
    mediaType: file.mediaType,
    userSub: user.sub,
    disposition: 'attachment',
  });
  await recordDownload(deps, { ...record, userSub: user.sub, fileId: file.id, fileName: file.fileName }, audit);
  return [{ downloadUrl }];
}
