import type { Kysely } from 'kysely';

/*
 * The document type of a product's photo: it applies to a product like any document. Every installation
 * needs it under this code, so the public identification view can show the model's picture (the preview
 * thumbnail of the newest such photo anyone may see).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db
    .insertInto('document_types')
    .values({ code: 'productPhoto', name: 'Product photo' })
    .onConflict((c) => c.column('code').doNothing())
    .execute();
}
