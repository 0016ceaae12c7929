import type { Kysely } from 'kysely';
import type { AuthUser } from '@portal/contracts/users';
import type { Database } from '../../platform/db/schema.ts';
import { cadLibraryNotFound } from '../../platform/content-kinds/not-found.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { visibleSubjects } from '../access/index.ts';
import { findFamily, findModel, type CadFamilyRow, type CadModelRow } from './cad.repository.ts';
import type { CadLibraryRow } from './cad-library.repository.ts';

/*
 * Who may see which CAD content: a robot family (with its models and files) and a partner library
 * each have an audience. Hidden ones are left out of lists; asking for one by id answers 403.
 */

const cadForbidden = () => forbidden('You are not allowed to see this CAD content.');

export async function visibleFamilies(db: Kysely<Database>, user: AuthUser, families: CadFamilyRow[]): Promise<CadFamilyRow[]> {
  return visibleSubjects(db, user, 'cad-family', families, (family) => family.code);
}

export async function visibleLibraries(db: Kysely<Database>, user: AuthUser, libraries: CadLibraryRow[]): Promise<CadLibraryRow[]> {
  return visibleSubjects(db, user, 'cad-library', libraries, (library) => library.id);
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
  if (!library) throw cadLibraryNotFound('portal');
  if ((await visibleLibraries(db, user, [library])).length === 0) throw cadForbidden();
  return library;
}
