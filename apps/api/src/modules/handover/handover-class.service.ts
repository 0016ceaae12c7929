import type { Kysely } from 'kysely';
import type { HandoverClasses, SetHandoverClassBody, Vdi2770ClassId } from '@portal/contracts/handover';
import type { Database } from '../../platform/db/schema.ts';
import { notFound } from '../../platform/errors.ts';
import { recordAudit, type AuditContext } from '../audit/index.ts';
import { loadReferenceCodes } from '../documents/index.ts';
import { mappedClasses, saveClass } from './handover-class.repository.ts';
import { vdi2770Classes } from './vdi2770-classes.ts';

/**
 * The class of the standard document types until staff set another (a type created after the migration, as the
 * demo seed's are, gets it too): manuals and videos 03-02 Operation, data sheets 02-01 Technical specification,
 * drawings 02-02, certificates and declarations 02-04, release notes 03-01, product photos 01-01 Identification.
 */
export const standardClasses: Readonly<Record<string, Vdi2770ClassId>> = {
  manual: '03-02',
  datasheet: '02-01',
  drawing: '02-02',
  certificate: '02-04',
  declarationOfConformity: '02-04',
  releaseNotes: '03-01',
  productPhoto: '01-01',
  video: '03-02',
};

/** The class of every document type, by type code (types with none are missing). */
export async function classesByType(db: Kysely<Database>): Promise<Map<string, Vdi2770ClassId>> {
  const mapped = await mappedClasses(db);
  const { types } = await loadReferenceCodes(db);
  const known = new Set(vdi2770Classes.map((entry) => entry.classId as string));
  const result = new Map<string, Vdi2770ClassId>();
  for (const { code } of types) {
    const classId = mapped.get(code) ?? standardClasses[code];
    if (classId !== undefined && known.has(classId)) result.set(code, classId as Vdi2770ClassId);
  }
  return result;
}

/** The twelve classes and every document type with its class (null when it has none). */
export async function listHandoverClasses(db: Kysely<Database>): Promise<HandoverClasses> {
  const [{ types }, classes] = await Promise.all([loadReferenceCodes(db), classesByType(db)]);
  const sorted = [...types].sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return { classes: [...vdi2770Classes], types: sorted.map((type) => ({ typeCode: type.code, typeName: type.name, classId: classes.get(type.code) ?? null })) };
}

/** Sets a document type's class (404 for an unknown type), audited as `edit` of the document type. */
export async function setHandoverClass(db: Kysely<Database>, typeCode: string, body: SetHandoverClassBody, audit: AuditContext): Promise<HandoverClasses> {
  await db.transaction().execute(async (trx) => {
    const { types } = await loadReferenceCodes(trx);
    if (!types.some((type) => type.code === typeCode)) throw notFound('notFound', `There is no document type ${typeCode}.`);
    const before = (await classesByType(trx)).get(typeCode) ?? null;
    await saveClass(trx, typeCode, body.classId);
    await recordAudit(trx, audit, { action: 'edit', object: { kind: 'document-type', id: typeCode }, before: { vdi2770Class: before }, after: { vdi2770Class: body.classId } });
  });
  return listHandoverClasses(db);
}
