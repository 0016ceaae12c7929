import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

/** The serial numbers of a product's units, as the units module's subquery (one query with the follows). */
export type SerialsQuery = SelectQueryBuilder<Database, 'units', { serialNumber: string }>;

/** The follows of a product and of its units (`serials`): who may hear of a notice on it. */
export async function noticeFollows(
  db: Kysely<Database>,
  productCode: string,
  serials: SerialsQuery,
): Promise<Array<{ userSub: string; kind: 'product' | 'unit'; itemId: string }>> {
  const rows = await db
    .selectFrom('follows')
    .select(['userSub', 'kind', 'itemId'])
    .where((eb) => eb.or([eb.and([eb('kind', '=', 'product'), eb('itemId', '=', productCode)]), eb.and([eb('kind', '=', 'unit'), eb('itemId', 'in', serials)])]))
    .orderBy('userSub')
    .orderBy('itemId')
    .execute();
  return rows.flatMap((row) => (row.kind === 'product' || row.kind === 'unit' ? [{ ...row, kind: row.kind }] : []));
}
