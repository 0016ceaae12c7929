import type { DownloadUrlList } from '@portal/contracts/downloads';
import type { AuthUser } from '@portal/contracts/users';
import { notFound } from '../../platform/errors.ts';
import { userContext, type AuditContext } from '../audit/index.ts';
import { downloadStoredFile, type DownloadRecorderDeps } from '../downloads/index.ts';
import type { FileUrls } from '../../platform/delivery/file-urls.plugin.ts';
import { readableModel } from './cad-access.ts';
import { cadItemId } from './cad-download-ref.ts';
import { readableLibraryFile } from './cad-library.service.ts';
import { findCadFile } from './cad.repository.ts';

/** One CAD file, of the configurator or of a partner library: a signed URL, recorded in the history. */
export async function downloadCadFile(
  deps: DownloadRecorderDeps & { fileUrls: FileUrls },
  user: AuthUser,
  fileId: string,
  audit: AuditContext = userContext(user),
): Promise<DownloadUrlList> {
  const cadFile = await findCadFile(deps.db, fileId);
  if (cadFile) {
    const model = await readableModel(deps.db, user, cadFile.modelCode);
    return downloadStoredFile(deps, user, cadFile, {
      itemKind: 'cad',
      itemId: cadItemId.model(model.code),
      versionId: null,
      versionLabel: model.revision,
    }, audit);
  }
  const libraryFile = await readableLibraryFile(deps.db, user, fileId);
  if (!libraryFile) throw notFound('notFound', 'There is no such CAD file.');
  return downloadStoredFile(deps, user, libraryFile.file, {
    itemKind: 'cad',
    itemId: cadItemId.library(libraryFile.library.id),
    versionId: libraryFile.version.id,
    versionLabel: libraryFile.version.version,
  }, audit);
}
