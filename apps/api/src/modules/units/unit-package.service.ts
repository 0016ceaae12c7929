import type { Readable } from 'node:stream';
import type { AuthUser } from '@portal/contracts/users';
import { safeFileName } from '../../platform/content-kinds/zip-entries.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import type { AuditContext } from '../audit/index.ts';
import { recordDownload, type DownloadRecorderDeps } from '../downloads/index.ts';
import { identificationLink } from './identification-link.ts';
import { packageContents } from './package-contents.ts';
import { packageZipStream } from './package-zip.ts';
import { noticesByUnit } from './unit-notices.ts';
import { readableUnit, summarize, unitFacts, type UnitDeps } from './unit.service.ts';

/** The offline package of a unit the user may see (404 otherwise), recorded in the download history, as a zip stream. */
export async function preparePackage(
  deps: UnitDeps & DownloadRecorderDeps & { storage: FileStorage; maker: string },
  user: AuthUser,
  serial: string,
  language: string,
  audit?: AuditContext,
): Promise<{ fileName: string; stream: Readable }> {
  const unit = await readableUnit(deps.db, user, serial);
  const [[summary], contents, notices] = await Promise.all([
    summarize(deps, [unit]),
    packageContents(deps.db, user, unit, language),
    noticesByUnit(deps.db, [unitFacts(unit)], language),
  ]);
  const fileName = `${safeFileName(`${unit.serialNumber}-documentation-${language}`)}.zip`;
  await recordDownload(deps, {
    userSub: user.sub, itemKind: 'unit', itemId: unit.id, versionId: null, versionLabel: contents.version, fileName, fileId: null,
  }, audit);
  const header = {
    serialNumber: unit.serialNumber,
    model: summary!.model,
    maker: deps.maker,
    shippedAt: unit.shippedAt,
    generatedAt: new Date().toISOString(),
    identificationLink: identificationLink(deps.publicUrl, unit.serialNumber),
    notices: notices.get(unit.serialNumber) ?? [],
  };
  return { fileName, stream: packageZipStream(deps.storage, header, contents) };
}
