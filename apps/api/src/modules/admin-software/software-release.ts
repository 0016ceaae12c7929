import { adminSoftwareItemParamsSchema, adminSoftwareItemSchema, newSoftwareVersionMetadataSchema } from '@portal/contracts/admin-software';
import { releaseKind } from '../../platform/content-kinds/release-kind.ts';
import { softwareItemNotFound } from '../../platform/content-kinds/not-found.ts';
import { replaceRules } from '../access/index.ts';
import { demoteCurrentVersions, insertSoftwareFiles, insertVersionRow, itemExists, updateItemRow, versionNumberTaken } from '../software/index.ts';
import { storedRules } from './admin-software.rows.ts';
import { assertReferences, loadSoftwareItem } from './admin-software.service.ts';

/**
 * A software version as a release: written with its rules and files, the item's other current versions made
 * previous when it is current, announced as `software.version-published`.
 */
export const softwareRelease = releaseKind({
  kind: 'software',
  route: {
    url: '/api/Admin/software/:itemId/versions',
    params: adminSoftwareItemParamsSchema,
    ownerIdOf: (params) => params.itemId,
    metadata: newSoftwareVersionMetadataSchema,
    response: adminSoftwareItemSchema,
  },
  labelOf: (metadata) => metadata.versionNumber,
  labelTaken: (number) => `The software item already has a version ${number}.`,
  ownerNotFound: softwareItemNotFound,
  ownerExists: itemExists,
  hasLabel: versionNumberTaken,
  checkMetadata: (db, metadata) => assertReferences(db, undefined, metadata.releaseNotesDocumentId),
  async write(trx, { ownerId: itemId, versionId, metadata, files, now }) {
    await insertVersionRow(trx, {
      id: versionId,
      itemId,
      versionNumber: metadata.versionNumber,
      releaseDate: metadata.releaseDate,
      status: metadata.status,
      audience: metadata.audience,
      releaseNotesDocumentId: metadata.releaseNotesDocumentId,
      createdAt: now,
    });
    await replaceRules(trx, 'software-version', versionId, storedRules(metadata.access));
    await insertSoftwareFiles(trx, versionId, files);
    const demoted = metadata.status === 'current' ? await demoteCurrentVersions(trx, itemId, versionId) : [];
    await updateItemRow(trx, itemId, { updatedAt: now });
    return demoted;
  },
  load: loadSoftwareItem,
  announce: (emit, { release, owner, written: demoted, origin }) =>
    emit('software.version-published', { itemId: release.ownerId, versionId: release.versionId, changeNote: release.metadata.changeNote, demoted, item: owner, origin }),
});
