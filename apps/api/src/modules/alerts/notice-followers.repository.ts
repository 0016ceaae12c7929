import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

/** The follows of a product and of its units (by serial number): who may hear of a notice on it. */
export async function noticeFollows(db: Kysely<Database>, productCode: string): Promise<Array<{ userSub: string; kind: 'product' | 'unit'; itemId: string }>> {
  const serials = db.selectFrom('units').select('serialNumber').where('productCode', '=', productCode);
  const rows = await db
    .selectFrom('follows')
    .select(['userSub', 'kind', 'itemId'])
    .where((eb) => eb.or([eb.and([eb('kind', '=', 'product'), eb('itemId', '=', productCode)]), eb.and([eb('kind', '=', 'unit'), eb('itemId', 'in', serials)])]))
    .orderBy('userSub')
    .orderBy('itemId')
    .execute();
  return rows.flatMap((row) => (row.kind === 'product' || row.kind === 'unit' ? [{ ...row, kind: row.kind }] : []));
}
