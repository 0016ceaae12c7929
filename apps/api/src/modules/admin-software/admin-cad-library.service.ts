import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AdminCadLibrary, AdminCadLibraryList, NewCadLibraryVersionMetadata } from '@portal/contracts/admin-software';
import type { Database } from '../../platform/db/schema.ts';
import { presentFile, totalSize } from '../../platform/delivery/downloadable-file.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import type { StoredUpload } from '../admin-documents/index.ts';
import { announceCadLibraryRelease } from '../alerts/index.ts';
import { recordAudit, type AuditContext } from '../audit/index.ts';
import { libraryVersionEvent } from './admin-software.audit.ts';
import { jsonList, presentRules } from './admin-software.presenter.ts';
import { fileColumns } from './admin-software.repository.ts';
import { insertLibraryVersion, libraryExists, libraryVersionTaken, loadLibraryRows, type LibraryRows } from './admin-cad-library.repository.ts';
import { inTransaction } from '../admin-documents/index.ts';
import type { PublishingDeps } from './admin-software.service.ts';

/* Partner CAD libraries for staff: every library whatever its audience, and new versions. */

const libraryNotFound = () => notFound('notFound', 'The CAD library does not exist.');
const versionTaken = (version: string) => `The library already has a version ${version}.`;

function presentLibrary({ library, rules, versions }: LibraryRows): AdminCadLibrary {
  return {
    id: library.id,
    cadTool: library.cadTool,
    name: library.name,
    description: library.description,
    productCodes: jsonList(library.productCodes),
    audience: library.audience,
    access: presentRules(rules),
    createdAt: library.createdAt,
    versions: versions.map((version) => {
      const files = version.files.map(presentFile);
      return { id: version.id, version: version.version, releaseDate: version.releaseDate, notes: version.notes, files, totalSize: totalSize(files), createdAt: version.createdAt };
    }),
  };
}

async function load(db: Kysely<Database>, libraryId: string): Promise<AdminCadLibrary> {
  const [rows] = await loadLibraryRows(db, libraryId);
  if (!rows) throw libraryNotFound();
  return presentLibrary(rows);
}

export async function listLibrariesForStaff(deps: PublishingDeps): Promise<AdminCadLibraryList> {
  return { libraries: (await loadLibraryRows(deps.db)).map(presentLibrary) };
}

async function checkNewVersion(db: Kysely<Database>, libraryId: string, metadata: NewCadLibraryVersionMetadata): Promise<void> {
  if (!(await libraryExists(db, libraryId))) throw libraryNotFound();
  if (await libraryVersionTaken(db, libraryId, metadata.version)) throw conflict(versionTaken(metadata.version));
}

/** The checks of a new library version that need no file. */
export const precheckLibraryVersion = (deps: PublishingDeps, libraryId: string, metadata: NewCadLibraryVersionMetadata) => checkNewVersion(deps.db, libraryId, metadata);

/** Adds a library version with its stored files, the followers' alert job and the audit entry, in one transaction. */
export async function createLibraryVersion(
  deps: PublishingDeps,
  libraryId: string,
  metadata: NewCadLibraryVersionMetadata,
  uploads: readonly StoredUpload[],
  audit: AuditContext,
): Promise<AdminCadLibrary> {
  return inTransaction(deps, versionTaken(metadata.version), async (trx) => {
    await checkNewVersion(trx, libraryId, metadata);
    const now = new Date().toISOString();
    const id = randomUUID();
    await insertLibraryVersion(
      trx,
      { id, libraryId, version: metadata.version, releaseDate: metadata.releaseDate, notes: metadata.notes, createdAt: now },
      uploads.map((upload) => fileColumns(randomUUID(), upload, now)),
    );
    await announceCadLibraryRelease(trx, { id });
    const after = await load(trx, libraryId);
    await recordAudit(trx, audit, libraryVersionEvent(after, id));
    return after;
  });
}
