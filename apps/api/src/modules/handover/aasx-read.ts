import { readFile, stat } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { aas, type AasCore } from './aas-core.ts';
import { badRequest } from '../../platform/errors.ts';
import type { ReadHandover } from './handover-import-candidate.ts';
import { aasElementsOf, documentsOfHandover, isHandoverSubmodel } from './aasx-read-documents.ts';
import { attributeOf, childrenOf, parseHostileXml } from './handover-import-xml.ts';

/*
 * Reads an unpacked AASX package (an OPC zip): /_rels/.rels names the aasx-origin part, whose relationships
 * name the environment part (aas-spec). The environment is read with aas-core (JSON, size-limited before it is
 * parsed); the documents come from its Handover Documentation submodel (IDTA 02004).
 */

/** More than the environment of any unit's handover needs (files travel beside it, not in it). */
export const maxEnvironmentBytes = 16 * 1024 * 1024;
const originType = '/aasx-origin';
const specType = '/aas-spec';

/** True for an unpacked OPC package (it has the package relationships). */
export const isOpcPackage = (paths: readonly string[]) => paths.includes('_rels/.rels');

/** A part named by a relationship's target, relative to the part `from` (or absolute), as a path of the package; 400 when it leaves it. */
function partPath(target: string, from: string): string {
  const resolved = posix.normalize(target.startsWith('/') ? target.slice(1) : posix.join(posix.dirname(from), target));
  if (resolved.startsWith('..') || resolved.startsWith('/')) throw badRequest('invalidParameters', `The AASX relationship target "${target.slice(0, 200)}" leaves the package.`);
  return decodeURI(resolved);
}

/** The relationships of the part `part` of the given type (by how the type ends), as package paths. */
async function related(folder: string, files: ReadonlySet<string>, part: string, type: string): Promise<string[]> {
  const rels = part === '' ? '_rels/.rels' : posix.join(posix.dirname(part), '_rels', `${posix.basename(part)}.rels`);
  if (!files.has(rels)) return [];
  const tree = parseHostileXml(await readFile(join(folder, rels)), `The AASX part ${rels}`);
  return childrenOf(tree['Relationships'], 'Relationship')
    .filter((relationship) => attributeOf(relationship, 'Type').endsWith(type))
    .map((relationship) => partPath(attributeOf(relationship, 'Target'), part));
}

async function readEnvironment(folder: string, part: string): Promise<AasCore.types.Environment> {
  if (!part.toLowerCase().endsWith('.json')) {
    throw badRequest('invalidParameters', `The AASX environment ${part.slice(0, 200)} is not JSON: only AASX packages with a JSON environment are read.`);
  }
  const path = join(folder, part);
  if ((await stat(path)).size > maxEnvironmentBytes) throw badRequest('invalidParameters', `The AASX environment is larger than the ${maxEnvironmentBytes} bytes allowed.`);
  let json: AasCore.jsonization.JsonValue;
  try {
    json = JSON.parse(await readFile(path, 'utf8')) as AasCore.jsonization.JsonValue;
  } catch {
    throw badRequest('invalidParameters', `The AASX environment ${part.slice(0, 200)} is not valid JSON.`);
  }
  const environment = aas.jsonization.environmentFromJsonable(json);
  if (environment.error !== null) {
    throw badRequest('invalidParameters', `The AASX environment is not an AAS 3.0 environment: ${environment.error.path.toString()} ${environment.error.message}`.slice(0, 500));
  }
  return environment.mustValue();
}

/** The document versions of an unpacked AASX (`paths` relative to `folder`). */
export async function readAasx(folder: string, paths: readonly string[]): Promise<ReadHandover> {
  const files = new Set(paths);
  const [origin] = await related(folder, files, '', originType);
  if (origin === undefined) throw badRequest('invalidParameters', 'The AASX names no aasx-origin part in /_rels/.rels.');
  const [spec] = await related(folder, files, origin, specType);
  if (spec === undefined || !files.has(spec)) throw badRequest('invalidParameters', 'The AASX names no environment part (aas-spec) the package holds.');
  const environment = await readEnvironment(folder, spec);
  const submodels = (environment.submodels ?? []).filter(isHandoverSubmodel);
  if (submodels.length === 0) throw badRequest('invalidParameters', 'The AASX holds no Handover Documentation submodel (IDTA 02004).');
  const result: ReadHandover = { candidates: [], refused: [] };
  for (const submodel of submodels) {
    const read = documentsOfHandover(aasElementsOf(submodel), (value) => {
      const path = partPath(value, '');
      return files.has(path) ? join(folder, path) : undefined;
    });
    result.candidates.push(...read.candidates);
    result.refused.push(...read.refused);
  }
  return result;
}
