import type { Kysely } from 'kysely';

/*
 * The VDI 2770 document class of each document type (handover module), with the standard types mapped:
 * manuals → 03-02 Operation, data sheets → 02-01 Technical specification, drawings → 02-02 Drawings, plans,
 * certificates and declarations of conformity → 02-04 Certificates, declarations, release notes → 03-01
 * Commissioning, de-commissioning (installing an update), photos → 01-01 Identification, videos → 03-02 Operation.
 */
const standard: Record<string, string> = {
  manual: '03-02',
  datasheet: '02-01',
  drawing: '02-02',
  certificate: '02-04',
  declarationOfConformity: '02-04',
  releaseNotes: '03-01',
  productPhoto: '01-01',
  video: '03-02',
};

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('handover_classes')
    .addColumn('typeCode', 'text', (column) => column.primaryKey().references('document_types.code'))
    .addColumn('classId', 'text', (column) => column.notNull())
    .addColumn('updatedAt', 'text', (column) => column.notNull())
    .execute();
  const types: Array<{ code: string }> = await db.selectFrom('document_types').select('code').where('code', 'in', Object.keys(standard)).execute();
  if (types.length === 0) return;
  const now = new Date().toISOString();
  await db.insertInto('handover_classes').values(types.map(({ code }) => ({ typeCode: code, classId: standard[code], updatedAt: now }))).execute();
}
