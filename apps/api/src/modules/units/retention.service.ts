import type { Kysely } from 'kysely';
import type { AdminProduct, AdminProductList, UpdateProductBody } from '@portal/contracts/retention';
import type { Database } from '../../platform/db/schema.ts';
import { enqueueJob } from '../../platform/jobs/job.repository.ts';
import { notFound } from '../../platform/errors.ts';
import { recordAudit, type AuditContext } from '../audit/index.ts';
import { listProducts, setProductLifetime, type ProductRow } from '../documents/index.ts';
import { expiringRetention } from './retention-expiring.ts';

const present = (row: ProductRow): AdminProduct => ({ code: row.code, name: row.name, family: row.family, lifetimeYears: Number(row.lifetimeYears) });

export async function listAdminProducts(db: Kysely<Database>): Promise<AdminProductList> {
  return { items: (await listProducts(db)).map(present) };
}

/** Sets a product's expected lifetime (validated by the route's schema); 404 for an unknown product; audited as `edit`. */
export async function updateProductLifetime(db: Kysely<Database>, code: string, body: UpdateProductBody, audit: AuditContext): Promise<AdminProduct> {
  return db.transaction().execute(async (trx) => {
    const before = (await listProducts(trx)).find((row) => row.code === code);
    if (!before) throw notFound('notFound', `There is no product ${code}.`);
    const after = await setProductLifetime(trx, code, body.lifetimeYears);
    await recordAudit(trx, audit, { action: 'edit', object: { kind: 'product', id: code }, before: { lifetimeYears: Number(before.lifetimeYears) }, after: { lifetimeYears: body.lifetimeYears } });
    return present(after!);
  });
}

export const retentionJobKind = 'units.retention-expiring';
/** How far ahead the nightly job looks. */
export const retentionWarningDays = 90;
const day = 24 * 60 * 60_000;
const daySlot = (time: number) => new Date(Math.floor(time / day) * day).toISOString();

/** Queues tonight's run (once a day, whichever process queues it: the key is the day). */
export async function scheduleRetentionCheck(db: Kysely<Database>, now = Date.now()): Promise<void> {
  const next = Math.floor(now / day) * day + day;
  await enqueueJob(db, { kind: retentionJobKind, payload: null, dedupeKey: `${retentionJobKind}:${daySlot(next)}`, runAfter: new Date(next) });
}

/** The nightly job: the versions whose retention ends within 90 days, for the log; then the next night's run. */
export async function runRetentionCheck(db: Kysely<Database>, log: { info(details: object, message: string): void }, now = new Date()) {
  const expiring = await expiringRetention(db, retentionWarningDays, now);
  const versions = expiring.items.map((item) => `${item.serviceRef}-${item.resourceVersion} until ${item.retainedUntil}`);
  log.info({ days: retentionWarningDays, total: expiring.total, versions }, 'document versions whose retention ends soon');
  await scheduleRetentionCheck(db, now.getTime());
  return expiring;
}
