import type { Kysely } from 'kysely';

/*
 * The document type of the EU declaration of conformity (Machinery Regulation 2023/1230, Annex V): it applies
 * to a product or a serial range like any document. Every installation needs it under this code, so the unit
 * page, its public identification view and the offline package can find a model's declaration.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db
    .insertInto('document_types')
    .values({ code: 'declarationOfConformity', name: 'EU declaration of conformity' })
    .onConflict((c) => c.column('code').doNothing())
    .execute();
}
