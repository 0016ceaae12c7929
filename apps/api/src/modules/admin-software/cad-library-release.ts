import { adminCadLibraryParamsSchema, adminCadLibrarySchema, newCadLibraryVersionMetadataSchema } from '@portal/contracts/admin-software';
import { releaseKind } from '../../platform/content-kinds/release-kind.ts';
import { cadLibraryNotFound } from '../../platform/content-kinds/not-found.ts';
import { insertLibraryVersion, libraryExists, libraryVersionTaken } from '../cad/index.ts';
import { loadLibraryForStaff } from './admin-cad-library.service.ts';

/** A version of a partner CAD library as a release: written with its files, announced as `cad.release-published`. */
export const cadLibraryRelease = releaseKind({
  kind: 'cad',
  route: {
    url: '/api/Admin/cad/libraries/:libraryId/versions',
    params: adminCadLibraryParamsSchema,
    ownerIdOf: (params) => params.libraryId,
    metadata: newCadLibraryVersionMetadataSchema,
    response: adminCadLibrarySchema,
  },
  labelOf: (metadata) => metadata.version,
  labelTaken: (version) => `The library already has a version ${version}.`,
  ownerNotFound: cadLibraryNotFound,
  ownerExists: libraryExists,
  hasLabel: libraryVersionTaken,
  write: (trx, { ownerId, versionId, metadata, files, now }) =>
    insertLibraryVersion(trx, { id: versionId, libraryId: ownerId, version: metadata.version, releaseDate: metadata.releaseDate, notes: metadata.notes, createdAt: now }, files),
  load: loadLibraryForStaff,
  announce: (emit, { release, owner, origin }) => emit('cad.release-published', { libraryId: release.ownerId, versionId: release.versionId, library: owner, origin }),
});
