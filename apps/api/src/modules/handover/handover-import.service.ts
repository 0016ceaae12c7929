import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { HandoverImportMetadata, HandoverImportReport } from '@portal/contracts/handover';
import type { AuthUser } from '@portal/contracts/users';
import { badRequest, payloadTooLarge } from '../../platform/errors.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { extractZip, type UploadLimits } from '../admin-import/index.ts';
import { addVersion, createDocument, storeUpload, type IngestDeps } from '../admin-documents/index.ts';
import { recordAudit, type AuditContext } from '../audit/index.ts';
import { existingCodes } from '../documents/index.ts';
import { readableUnit, storeApplicability } from '../units/index.ts';
import { isOpcPackage, readAasx } from './aasx-read.ts';
import { reasonOf, type ReadHandover, type Refusal } from './handover-import-candidate.ts';
import { mapCandidates, typesByClass, type MappedCandidate, type TakenEntry } from './handover-import-mapping.ts';
import { classesByType } from './handover-class.service.ts';
import { readDocumentationContainer } from './vdi2770-read.ts';

/*
 * Takes a supplier's handover in: the upload (a VDI 2770 documentation container or an AASX) is unpacked with
 * the import's zip checks, its nested document containers too (within what is left of the same limits), read,
 * mapped back to our types and languages, and every document version that maps becomes a draft of the chosen
 * product (and, for a unit, applicable to that unit only). The report says what was taken and what was refused.
 */

export interface HandoverImportDeps extends IngestDeps {
  storage: FileStorage;
  maxUploadBytes: number;
  limits: UploadLimits;
}

interface Target {
  product: string;
  unit: string | null;
}

async function targetOf(deps: HandoverImportDeps, user: AuthUser, metadata: HandoverImportMetadata): Promise<Target> {
  if (metadata.unit !== undefined) {
    const unit = await readableUnit(deps.db, user, metadata.unit);
    return { product: unit.productCode, unit: unit.serialNumber };
  }
  const product = metadata.product!;
  if (!(await existingCodes(deps.db, 'products', [product])).has(product)) throw badRequest('invalidParameters', `There is no product ${product}.`, [{ path: 'product', message: 'is not a known product' }]);
  return { product, unit: null };
}

/** Checks the target before a byte of the upload is stored. */
export const checkHandoverTarget = targetOf;

/** Unpacks nested zips within what the outer zip left of the limits (files and bytes). */
function nestedUnpacker(limits: UploadLimits, used: { files: number; bytes: number }) {
  return async (zipPath: string, into: string): Promise<string[]> => {
    const left = { maxFiles: limits.maxFiles - used.files, maxTotalBytes: limits.maxTotalBytes - used.bytes };
    if (left.maxFiles <= 0 || left.maxTotalBytes <= 0) throw payloadTooLarge(`An import holds at most ${limits.maxFiles} files and ${limits.maxTotalBytes} bytes, nested zips included.`);
    const paths = await extractZip(zipPath, into, { ...limits, ...left });
    used.files += paths.length;
    for (const path of paths) used.bytes += (await stat(join(into, path))).size;
    return paths;
  };
}

/** Unpacks the upload and reads it as an AASX or a documentation container. */
async function readUpload(zipPath: string, folder: string, limits: UploadLimits): Promise<{ format: HandoverImportReport['format']; read: ReadHandover }> {
  const files = join(folder, 'files');
  const paths = await extractZip(zipPath, files, limits);
  if (isOpcPackage(paths)) return { format: 'aasx', read: await readAasx(files, paths) };
  const used = { files: paths.length, bytes: 0 };
  for (const path of paths) used.bytes += (await stat(join(files, path))).size;
  const read = await readDocumentationContainer(files, paths, nestedUnpacker(limits, used));
  if (read.candidates.length === 0 && read.refused.length === 0) throw badRequest('invalidParameters', 'The upload is neither an AASX nor a VDI 2770 documentation container (no VDI2770_Metadata.xml in it).');
  return { format: 'vdi2770', read };
}

/** The candidates by document and language, each group's versions in ascending order (the newest last, then current). */
function groups(candidates: readonly MappedCandidate[]): MappedCandidate[][] {
  const byKey = new Map<string, MappedCandidate[]>();
  for (const candidate of candidates) {
    const key = `${candidate.documentId}\u0000${candidate.language}`;
    byKey.set(key, [...(byKey.get(key) ?? []), candidate]);
  }
  return [...byKey.values()].map((group) => group.toSorted((a, b) => a.version.localeCompare(b.version, 'en', { numeric: true })));
}

/** A service reference of our own for a supplier's document and language (letters and digits, unique by its random tail). */
const serviceRefOf = (candidate: MappedCandidate) => `${candidate.documentId.replace(/[^A-Za-z0-9]/g, '').slice(0, 36)}${candidate.language.replace('-', '').toUpperCase()}${randomUUID().replaceAll('-', '').slice(0, 12)}`;

/** Stores each group's versions as one draft document; a version that fails is refused with the reason. */
async function createDrafts(deps: HandoverImportDeps, target: Target, mapped: readonly MappedCandidate[], user: AuthUser, origin: AuditContext) {
  const taken: TakenEntry[] = [];
  const refused: Refusal[] = [];
  const variantGroups = new Map<string, string>();
  for (const group of groups(mapped)) {
    let documentId: string | undefined;
    for (const candidate of group) {
      try {
        const upload = await storeUpload(deps.storage, createReadStream(candidate.filePath), candidate.fileName, deps.maxUploadBytes);
        const metadata = { resourceVersion: candidate.version, changeNote: `Taken from the supplier's handover (${candidate.documentId}).`.slice(0, 5000) };
        if (documentId === undefined) {
          const serviceRef = serviceRefOf(candidate);
          const variantGroup = variantGroups.get(candidate.documentId) ?? serviceRef;
          variantGroups.set(candidate.documentId, variantGroup);
          const created = await createDocument(
            deps,
            { ...metadata, serviceRef, variantGroup, title: candidate.title, description: '', typeCode: candidate.typeCode, languageCode: candidate.language, products: [target.product], downloadable: true, audience: 'everyone', access: [], status: 'unpublished' },
            upload,
            user,
            origin,
          );
          documentId = created.id;
          if (target.unit !== null) await storeApplicability(deps.db, documentId, { rules: [], unit: target.unit });
        } else {
          await addVersion(deps, documentId, metadata, upload, origin);
        }
        taken.push({ source: candidate.source, documentId, typeCode: candidate.typeCode, language: candidate.language, version: candidate.version, title: candidate.title });
      } catch (error) {
        refused.push({ source: `${candidate.source} (${candidate.documentId}, version ${candidate.version})`, reason: reasonOf(error) });
      }
    }
  }
  return { taken, refused };
}

/** Imports the handover stored at `zipPath` (its temporary `folder` is the caller's to remove) and answers the report. */
export async function importHandover(
  deps: HandoverImportDeps,
  user: AuthUser,
  metadata: HandoverImportMetadata,
  upload: { zipPath: string; folder: string; fileName: string },
  origin: AuditContext,
): Promise<HandoverImportReport> {
  const target = await targetOf(deps, user, metadata);
  const { format, read } = await readUpload(upload.zipPath, upload.folder, deps.limits);
  const { mapped, refused } = mapCandidates(read.candidates, typesByClass(await classesByType(deps.db)));
  const drafts = await createDrafts(deps, target, mapped, user, origin);
  const report: HandoverImportReport = { format, product: target.product, unit: target.unit, taken: drafts.taken, refused: [...read.refused, ...refused, ...drafts.refused] };
  await recordAudit(deps.db, origin, {
    action: 'import',
    object: { kind: 'handover', id: target.unit ?? target.product },
    after: { format, file: upload.fileName, taken: report.taken.map((entry) => entry.documentId), refused: report.refused.length },
  });
  return report;
}
