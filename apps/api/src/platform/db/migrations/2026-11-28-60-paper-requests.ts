import type { Kysely } from 'kysely';

/*
 * Paper on request (EU Machinery Regulation 2023/1230, Art. 10(7)): a unit owner's request for the
 * printed instructions, its steps, and the days an account's flood of requests was audited.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('paper_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('unitId', 'text', (c) => c.notNull())
    .addColumn('serialNumber', 'text', (c) => c.notNull())
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('requesterSub', 'text', (c) => c.notNull())
    .addColumn('requesterName', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('postalAddress', 'text', (c) => c.notNull())
    .addColumn('contact', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('requestedAt', 'text', (c) => c.notNull())
    .addColumn('dueAt', 'text', (c) => c.notNull())
    .addColumn('printedAt', 'text')
    .addColumn('printedNote', 'text')
    .addColumn('shippedAt', 'text')
    .addColumn('shippedNote', 'text')
    .execute();
  await db.schema.createIndex('paper_requests_unit_state').on('paper_requests').columns(['unitId', 'state']).execute();
  await db.schema.createIndex('paper_requests_account_requested').on('paper_requests').columns(['account', 'requestedAt']).execute();
  await db.schema.createIndex('paper_requests_state_due').on('paper_requests').columns(['state', 'dueAt']).execute();
  await db.schema
    .createTable('paper_request_floods')
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('paper_request_floods_pk', ['account', 'day'])
    .execute();
  await db.schema
    .createTable('paper_request_reminders')
    .addColumn('requestId', 'text', (c) => c.notNull())
    .addColumn('stage', 'text', (c) => c.notNull())
    .addColumn('sentAt', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('paper_request_reminders_pk', ['requestId', 'stage'])
    .execute();
}
