import type { Kysely } from 'kysely';
import { localAccountPersonalData, findLocalAccountPerson } from '../../auth/accounts/account-personal-data.ts';
import type { Database } from '../../platform/db/schema.ts';
import { jobPersonalData } from '../../platform/jobs/job-personal-data.ts';
import type { Person, PersonalDataHolder } from '../../platform/personal-data.ts';
import { contentAccessPersonalData } from '../access/index.ts';
import { adminImportPersonalData } from '../admin-import/index.ts';
import { auditPersonalData } from '../audit/index.ts';
import { documentPersonalData } from '../documents/index.ts';
import { downloadPersonalData } from '../downloads/index.ts';
import { favoritePersonalData } from '../favorites/index.ts';
import { alertPersonalData } from '../alerts/index.ts';
import { paperRequestPersonalData } from '../paper-requests/index.ts';
import { feedbackPersonalData } from '../feedback/index.ts';
import { searchAnalyticsPersonalData } from '../search-analytics/index.ts';
import { unitPersonalData } from '../units/index.ts';
import { findUserPerson, userPersonalData } from '../users/index.ts';

/*
 * Every owner of a table holding a person's id, e-mail or name (docs/security.md, personal data). Each
 * queries its own tables; a module that adds such a table exports a holder and adds one line here.
 * The audit log comes last in an erasure and records it (audit-erasure.ts), so it is not in this list.
 */
export const personalDataHolders: readonly PersonalDataHolder[] = [
  userPersonalData,
  localAccountPersonalData,
  favoritePersonalData,
  alertPersonalData,
  downloadPersonalData,
  documentPersonalData,
  contentAccessPersonalData,
  unitPersonalData,
  paperRequestPersonalData,
  feedbackPersonalData,
  searchAnalyticsPersonalData,
  adminImportPersonalData,
  jobPersonalData,
];

/** The owners the export reads: the holders and the audit log. */
export const exportingHolders: readonly Pick<PersonalDataHolder, 'owner' | 'exportPersonalData'>[] = [...personalDataHolders, auditPersonalData];

/** A person by the portal's user id, the subject, or e-mail (any case), from the users seen or else the local accounts. */
export async function findPerson(db: Kysely<Database>, idOrEmail: string): Promise<Person | undefined> {
  return (await findUserPerson(db, idOrEmail)) ?? (await findLocalAccountPerson(db, idOrEmail));
}
