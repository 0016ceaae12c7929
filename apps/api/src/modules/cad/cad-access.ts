import type { Kysely } from 'kysely';
import type { AuthUser } from '@portal/contracts/users';
import type { Database } from '../../platform/db/schema.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { audienceAllows } from '../../platform/access/audience.ts';
import { loadRules } from '../access/content-access.repository.ts';
import { findFamily, findModel, type CadFamilyRow, type CadModelRow } from './cad.repository.ts';
import type { CadLibraryRow } from './cad-library.repository.ts';

/*
 * Who may see which CAD content: a robot family (with its models and files) and a partner library
 * each have an audience. Hidden ones are left out of lists; asking for one by id answers 403.
 */

const cadForbidden = () => forbidden('You are not allowed to see this CAD content.');

export async function visibleFamilies(db: Kysely<Database>, user: AuthUser, families: CadFamilyRow[]): Promise<CadFamilyRow[]> {
  const rules = await loadRules(db, 'cad-family', families.filter((family) => family.audience !== 'everyone').map((family) => family.code));
  return families.filter((family) => audienceAllows(user, family.audience, rules.get(family.code) ?? []));
}

export async function visibleLibraries(db: Kysely<Database>, user: AuthUser, libraries: CadLibraryRow[]): Promise<CadLibraryRow[]> {
  const rules = await loadRules(db, 'cad-library', libraries.filter((library) => library.audience !== 'everyone').map((library) => library.id));
  return libraries.filter((library) => audienceAllows(user, library.audience, rules.get(library.id) ?? []));
}

/** A robot model the user may see (through its family); 404 for an unknown model. */
export async function readableModel(db: Kysely<Database>, user: AuthUser, modelCode: string): Promise<CadModelRow> {
  const model = await findModel(db, modelCode);
  if (!model) throw notFound('notFound', `There is no robot model ${modelCode}.`);
  const family = await findFamily(db, model.familyCode);
  if (!family || (await visibleFamilies(db, user, [family])).length === 0) throw cadForbidden();
  return model;
}

/** A partner library the user may see; 404 when absent. */
export async function assertCanReadLibrary(db: Kysely<Database>, user: AuthUser, library: CadLibraryRow | undefined): Promise<CadLibraryRow> {
  if (!library) throw notFound('notFound', 'There is no such partner library.');
  if ((await visibleLibraries(db, user, [library])).length === 0) throw cadForbidden();
  return library;
}
