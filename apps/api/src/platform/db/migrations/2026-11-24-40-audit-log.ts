import type { Kysely } from 'kysely';

/** sha256 of nothing yet: the chain's first entry follows this hash. */
const genesisHash = '0'.repeat(64);

/**
 * The audit log: append-only entries, each holding the hash of the one before, and the chain's head
 * (last entry, and the anchor a prune leaves: the hash of the newest removed entry). Writers lock the
 * head row, so two processes never append after the same entry.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('audit_entries')
    .addColumn('seq', 'bigint', (c) => c.primaryKey())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor', 'text')
    .addColumn('actorSub', 'text')
    .addColumn('actorRoles', 'text', (c) => c.notNull())
    .addColumn('actorAccount', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('objectKind', 'text', (c) => c.notNull())
    .addColumn('objectId', 'text', (c) => c.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('address', 'text')
    .addColumn('userAgent', 'text')
    .addColumn('prevHash', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_entries_at_idx').on('audit_entries').columns(['at', 'seq']).execute();
  await db.schema.createIndex('audit_entries_actor_idx').on('audit_entries').columns(['actor', 'seq']).execute();
  await db.schema.createIndex('audit_entries_actor_sub_idx').on('audit_entries').columns(['actorSub', 'seq']).execute();
  await db.schema.createIndex('audit_entries_action_idx').on('audit_entries').columns(['action', 'seq']).execute();
  await db.schema.createIndex('audit_entries_object_idx').on('audit_entries').columns(['objectKind', 'objectId', 'seq']).execute();

  await db.schema
    .createTable('audit_chain')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('lastSeq', 'bigint', (c) => c.notNull())
    .addColumn('lastHash', 'text', (c) => c.notNull())
    .addColumn('anchorSeq', 'bigint', (c) => c.notNull())
    .addColumn('anchorHash', 'text', (c) => c.notNull())
    .execute();
  await db
    .insertInto('audit_chain')
    .values({ id: 'head', lastSeq: 0, lastHash: genesisHash, anchorSeq: 0, anchorHash: genesisHash })
    .execute();
}
