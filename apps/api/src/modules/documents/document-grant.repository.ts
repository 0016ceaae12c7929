import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { DocumentAccessTable } from './document.tables.ts';

/* The named-user rules of a document (document_access rows of kind 'user'), as the grants console lists and revokes them. */

export type UserGrantRow = Pick<Selectable<DocumentAccessTable>, 'value' | 'expiresAt' | 'grantedBy' | 'createdAt'>;

export async function documentExists(db: Kysely<Database>, documentId: string): Promise<boolean> {
  return (await db.selectFrom('documents').select('id').where('id', '=', documentId).executeTakeFirst()) !== undefined;
}

/** The named-user rules of a document, by e-mail. */
export async function userGrantRows(db: Kysely<Database>, documentId: string): Promise<UserGrantRow[]> {
  return db
    .selectFrom('document_access')
    .select(['value', 'expiresAt', 'grantedBy', 'createdAt'])
    .where('documentId', '=', documentId)
    .where('kind', '=', 'user')
    .orderBy('value')
    .execute();
}

/** Removes one named-user rule; answers the removed row, or undefined when there was none. */
export async function deleteUserGrant(db: Kysely<Database>, documentId: string, email: string): Promise<UserGrantRow | undefined> {
  return db
    .deleteFrom('document_access')
    .where('documentId', '=', documentId)
    .where('kind', '=', 'user')
    .where('value', '=', email)
    .returning(['value', 'expiresAt', 'grantedBy', 'createdAt'])
    .executeTakeFirst();
}
