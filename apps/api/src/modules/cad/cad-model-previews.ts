import type { Kysely } from 'kysely';
import type { DownloadableFile } from '@portal/contracts/downloads';
import type { AuthUser } from '@portal/contracts/users';
import type { Database, StoredFileColumns } from '../../platform/db/schema.ts';
import type { FileUrls } from '../../platform/delivery/file-urls.plugin.ts';
import { presentFileList } from '../../platform/delivery/downloadable-file.ts';
import { modelPreviewsOf, signerFor } from '../../previews/model-preview.service.ts';

/**
 * The files of a CAD set or library version as the API lists them, each STEP, IGES or STL with its 3D preview
 * (issue 29) when one has been made; the caller has already checked that the user may read them.
 */
export async function presentCadFiles(
  deps: { db: Kysely<Database>; fileUrls?: FileUrls },
  user: AuthUser,
  rows: readonly StoredFileColumns[],
): Promise<{ files: DownloadableFile[]; totalSize: number }> {
  const list = presentFileList(rows);
  if (!deps.fileUrls) return list;
  const previews = await modelPreviewsOf(deps.db, signerFor(deps.fileUrls, user.sub), rows);
  return {
    ...list,
    files: list.files.map((file, index) => {
      const modelPreview = previews.get(rows[index]!.storageKey);
      return modelPreview ? { ...file, modelPreview } : file;
    }),
  };
}
