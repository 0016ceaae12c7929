import { posix } from 'node:path';
import type { Readable } from 'node:stream';
import type * as aas from '@aas-core-works/aas-core3.0-typescript/types';
import { aas as aasCore } from './aas-core.ts';
import type { AuthUser } from '@portal/contracts/users';
import { safeFileName } from '../../platform/content-kinds/zip-entries.ts';
import { notFound } from '../../platform/errors.ts';
import { findPreviewVersion } from '../documents/index.ts';
import { aasIds, handoverSubmodel, nameplateSubmodel, unitEnvironment, unitShell, type AasDocument, type AasFacts } from './aas-environment.ts';
import { aasxStream, type AasxFile } from './aasx-package.ts';
import { day, handoverUnit, type HandoverDeps } from './handover-unit.ts';

/* The unit's Asset Administration Shell: as an AASX package, and as the shell and submodels the identification link answers. */

type AasDeps = Pick<HandoverDeps, 'db' | 'storage' | 'publicUrl' | 'makerName'>;

const thumbnailType = 'image/png';

/** The facts of the unit's AAS and the package parts its files become (under /aasx/files/, as the offline package names them). */
export async function unitAasSource(deps: AasDeps, user: AuthUser, serial: string, language: string): Promise<{ facts: AasFacts; files: AasxFile[] }> {
  const { maker, unit, files } = await handoverUnit(deps, user, serial, language);
  const parts: AasxFile[] = [];
  const documents: AasDocument[] = [];
  for (const file of files) {
    const { document, version } = file;
    const part = `/aasx/files/${file.path}`;
    parts.push({ part, mediaType: version.mediaType, storageKey: version.storageKey });
    const thumbnailKey = (await findPreviewVersion(deps.db, version.id))?.thumbnailKey ?? null;
    let preview: AasDocument['preview'] = null;
    if (thumbnailKey) {
      const previewPart = posix.join(posix.dirname(part), safeFileName(`thumbnail-${posix.basename(part)}.png`));
      parts.push({ part: previewPart, mediaType: thumbnailType, storageKey: thumbnailKey });
      preview = { path: previewPart, mediaType: thumbnailType };
    }
    documents.push({
      documentId: document.serviceRef, classId: file.classId, versionId: version.resourceVersion, language: document.languageCode,
      title: document.title, releasedOn: day(version.publishedAt), file: { path: part, mediaType: version.mediaType }, preview,
    });
  }
  return { facts: { maker, unit, documents }, files: parts };
}

/** What aas-core's verification finds wrong in `that` (an empty list for an export we may hand over). */
export function verificationErrors(that: aas.Class): string[] {
  return [...aasCore.verification.verify(that)].map((error) => `${error.path.toString()}: ${error.message}`);
}

/** Refuses (500, the details logged) to hand over an AAS element that does not verify: a bug of the export, never the user's fault. */
function verified<T extends aas.Class>(that: T): T {
  const errors = verificationErrors(that);
  if (errors.length > 0) throw new Error(`The Asset Administration Shell does not verify: ${errors.slice(0, 5).join('; ')}`);
  return that;
}

/** The AASX package of a unit the user may see (404 otherwise): the shell, both submodels and the files of its offline package in `language`. */
export async function prepareAasxExport(deps: AasDeps, user: AuthUser, serial: string, language: string): Promise<{ fileName: string; stream: Readable }> {
  const { facts, files } = await unitAasSource(deps, user, serial, language);
  const environment = verified(unitEnvironment(facts));
  const fileName = `${safeFileName(`${facts.unit.serialNumber}-${language}`)}.aasx`;
  return { fileName, stream: aasxStream(deps.storage, JSON.stringify(aasCore.jsonization.toJsonable(environment)), files) };
}

/** The unit's shell as JSON (the identification link's answer to a machine). */
export async function unitShellJson(deps: AasDeps, user: AuthUser, serial: string, language: string): Promise<object> {
  const { facts } = await unitAasSource(deps, user, serial, language);
  return aasCore.jsonization.toJsonable(verified(unitShell(facts.unit)));
}

/** One of the unit's submodels as JSON, by its id (404 for an id the shell does not refer to). */
export async function unitSubmodelJson(deps: AasDeps, user: AuthUser, serial: string, submodelId: string, language: string): Promise<object> {
  const { facts } = await unitAasSource(deps, user, serial, language);
  const ids = aasIds(facts.unit.identificationLink);
  const submodel = submodelId === ids.handover ? handoverSubmodel(facts) : submodelId === ids.nameplate ? nameplateSubmodel(facts) : null;
  if (!submodel) throw notFound('notFound', `Unit ${facts.unit.serialNumber} has no submodel ${submodelId}.`);
  return aasCore.jsonization.toJsonable(verified(submodel));
}
