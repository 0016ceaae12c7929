import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { AuthUser } from '@portal/contracts/users';
import type { AccessRuleKind, Database, DocumentAudience } from '../db/schema.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../../test/test-databases.ts';
import { insertDocument, insertReferenceData } from '../../test/document-fixtures.ts';
import {
  audienceCheck,
  contentSubjects,
  documentSubject,
  subjectFacts,
  visibleFilter,
  type GrantFacts,
  type SubjectKind,
} from './index.ts';

/*
 * Every rule kind against every kind of viewer, through both forms of the one audience rule (the
 * SQL filter and the check in memory), on every test database: both must give the expected answer.
 */

const now = '2026-06-01T00:00:00.000Z';
const past = '2026-05-31T23:59:59.999Z';
const later = '2026-06-01T00:00:00.001Z';

const viewers = {
  acmeCustomer: { sub: 'v1', email: 'Carla.Customer@Example.com', name: 'Carla', roles: ['customer'], account: 'ACME' },
  otherCustomer: { sub: 'v2', email: 'olga@other.example', name: 'Olga', roles: ['customer'], account: 'GLOBEX' },
  partner: { sub: 'v3', email: 'pat@partner.example', name: 'Pat', roles: ['partner'], account: null },
  employee: { sub: 'v4', email: 'emil@maker.example', name: 'Emil', roles: ['employee'], account: null },
  admin: { sub: 'v5', email: 'ada@maker.example', name: 'Ada', roles: ['admin'], account: null },
  namedUser: { sub: 'v6', email: 'Nina.Named@Example.com', name: 'Nina', roles: ['customer'], account: 'INITECH' },
  expiredUser: { sub: 'v7', email: 'ed.expired@example.com', name: 'Ed', roles: ['customer'], account: 'HOOLI' },
  futureUser: { sub: 'v8', email: 'fay.future@example.com', name: 'Fay', roles: ['customer'], account: 'HOOLI' },
  nobody: { sub: 'v9', email: '', name: 'Nobody', roles: [], account: null },
} satisfies Record<string, AuthUser>;

type ViewerName = keyof typeof viewers;

interface Grant {
  kind: AccessRuleKind;
  value: string;
  expiresAt?: string | null;
}

interface MatrixRow {
  id: string;
  audience: DocumentAudience;
  grants: Grant[];
  /** Documents only: an unpublished document, or a published one without a current version. */
  publication?: 'unpublished' | 'noCurrentVersion';
  /** Grants stored for another kind of subject under the same id (content only). */
  foreignGrants?: Grant[];
  /** Who may see it besides staff. */
  seenBy: ViewerName[];
}

const customers: ViewerName[] = ['acmeCustomer', 'otherCustomer', 'namedUser', 'expiredUser', 'futureUser'];
const everyoneSignedIn: ViewerName[] = [...customers, 'partner', 'nobody'];

const rows: MatrixRow[] = [
  { id: 'everyone', audience: 'everyone', grants: [], seenBy: everyoneSignedIn },
  { id: 'everyone-with-grants', audience: 'everyone', grants: [{ kind: 'role', value: 'partner' }], seenBy: everyoneSignedIn },
  { id: 'role-partner', audience: 'restricted', grants: [{ kind: 'role', value: 'partner' }], seenBy: ['partner'] },
  { id: 'role-customer', audience: 'restricted', grants: [{ kind: 'role', value: 'customer' }], seenBy: customers },
  { id: 'role-partner-later', audience: 'restricted', grants: [{ kind: 'role', value: 'partner', expiresAt: later }], seenBy: ['partner'] },
  { id: 'role-partner-expired', audience: 'restricted', grants: [{ kind: 'role', value: 'partner', expiresAt: past }], seenBy: [] },
  { id: 'account-acme', audience: 'restricted', grants: [{ kind: 'account', value: 'ACME' }], seenBy: ['acmeCustomer'] },
  { id: 'account-other-case', audience: 'restricted', grants: [{ kind: 'account', value: 'acme' }], seenBy: [] },
  { id: 'account-acme-expired', audience: 'restricted', grants: [{ kind: 'account', value: 'ACME', expiresAt: past }], seenBy: [] },
  { id: 'account-hooli', audience: 'restricted', grants: [{ kind: 'account', value: 'HOOLI' }], seenBy: ['expiredUser', 'futureUser'] },
  { id: 'user-named', audience: 'restricted', grants: [{ kind: 'user', value: 'nina.named@example.com' }], seenBy: ['namedUser'] },
  { id: 'user-acme-customer', audience: 'restricted', grants: [{ kind: 'user', value: 'carla.customer@example.com' }], seenBy: ['acmeCustomer'] },
  { id: 'user-expired', audience: 'restricted', grants: [{ kind: 'user', value: 'ed.expired@example.com', expiresAt: past }], seenBy: [] },
  { id: 'user-expires-now', audience: 'restricted', grants: [{ kind: 'user', value: 'ed.expired@example.com', expiresAt: now }], seenBy: [] },
  { id: 'user-future', audience: 'restricted', grants: [{ kind: 'user', value: 'fay.future@example.com', expiresAt: '2999-01-01T00:00:00.000Z' }], seenBy: ['futureUser'] },
  { id: 'user-empty-email', audience: 'restricted', grants: [{ kind: 'user', value: '' }], seenBy: [] },
  { id: 'role-named-like-an-email', audience: 'restricted', grants: [{ kind: 'role', value: 'pat@partner.example' }], seenBy: [] },
  {
    id: 'mixed',
    audience: 'restricted',
    grants: [
      { kind: 'account', value: 'ACME', expiresAt: past },
      { kind: 'user', value: 'fay.future@example.com', expiresAt: later },
      { kind: 'role', value: 'partner' },
    ],
    seenBy: ['futureUser', 'partner'],
  },
  { id: 'restricted-without-grants', audience: 'restricted', grants: [], seenBy: [] },
  { id: 'unpublished', audience: 'everyone', grants: [], publication: 'unpublished', seenBy: [] },
  { id: 'unpublished-granted', audience: 'restricted', grants: [{ kind: 'account', value: 'ACME' }], publication: 'unpublished', seenBy: [] },
  { id: 'no-current-version', audience: 'everyone', grants: [], publication: 'noCurrentVersion', seenBy: [] },
  { id: 'foreign-grant', audience: 'restricted', grants: [], foreignGrants: [{ kind: 'role', value: 'partner' }], seenBy: [] },
];

const staff: ViewerName[] = ['employee', 'admin'];
const expected = (row: MatrixRow, viewer: ViewerName) => staff.includes(viewer) || row.seenBy.includes(viewer);

async function insertDocuments(db: Kysely<Database>, documents: MatrixRow[]): Promise<void> {
  await insertReferenceData(db);
  for (const row of documents) {
    await insertDocument(db, {
      id: row.id,
      audience: row.audience,
      status: row.publication === 'unpublished' ? 'unpublished' : 'published',
      versions: row.publication === 'noCurrentVersion' ? [] : [{ resourceVersion: 'A' }],
      rules: row.grants,
    });
  }
}

async function insertSoftwareItems(db: Kysely<Database>, items: MatrixRow[]): Promise<void> {
  const createdAt = now;
  await db.insertInto('software_items').values(
    items.map((row) => ({ id: row.id, equipmentName: row.id, name: row.id, category: 'firmware', audience: row.audience, createdAt, updatedAt: createdAt })),
  ).execute();
  const grants = items.flatMap((row) => [
    ...row.grants.map((grant) => ({ subjectType: 'software-item' as const, subjectId: row.id, ...grant })),
    ...(row.foreignGrants ?? []).map((grant) => ({ subjectType: 'software-version' as const, subjectId: row.id, ...grant })),
  ]);
  await db.insertInto('content_access').values(grants.map((grant) => ({ expiresAt: null, createdAt, ...grant }))).execute();
}

interface Form {
  kind: SubjectKind;
  rows: MatrixRow[];
  insert(db: Kysely<Database>, rows: MatrixRow[]): Promise<void>;
  /** Subject rows and their grants, as stored. */
  load(db: Kysely<Database>): Promise<Array<{ row: object & { id: string }; grants: GrantFacts[] }>>;
  /** The ids the SQL filter keeps. */
  sqlVisible(db: Kysely<Database>, viewer: AuthUser): Promise<string[]>;
}

const grantColumns = ['kind', 'value', 'expiresAt'] as const;

const subjects: Record<string, Form> = {
  documents: {
    kind: documentSubject,
    rows: rows.filter((row) => !row.foreignGrants),
    insert: insertDocuments,
    async load(db) {
      const documents = await db.selectFrom('documents').selectAll().execute();
      const grants = await db.selectFrom('document_access').select(['documentId', ...grantColumns]).execute();
      return documents.map((row) => ({ row, grants: grants.filter((grant) => grant.documentId === row.id) }));
    },
    async sqlVisible(db, viewer) {
      const found = await db.selectFrom('documents').select('id').where(visibleFilter(viewer, documentSubject, now)).execute();
      return found.map((row) => row.id);
    },
  },
  'software items': {
    kind: contentSubjects['software-item'],
    rows: rows.filter((row) => !row.publication),
    insert: insertSoftwareItems,
    async load(db) {
      const items = await db.selectFrom('software_items').selectAll().execute();
      const grants = await db.selectFrom('content_access').select(['subjectId', ...grantColumns]).where('subjectType', '=', 'software-item').execute();
      return items.map((row) => ({ row, grants: grants.filter((grant) => grant.subjectId === row.id) }));
    },
    async sqlVisible(db, viewer) {
      const kind = contentSubjects['software-item'];
      const found = await db.selectFrom('software_items').select('id').where(visibleFilter(viewer, kind, now)).execute();
      return found.map((row) => row.id);
    },
  },
};

describe.each(await testDialects())('the access matrix on %s', (dialect) => {
  describe.each(Object.entries(subjects))('for %s', (_name, form) => {
    let handle: TestDatabase;

    beforeAll(async () => {
      handle = await createTestDatabase(dialect);
      await form.insert(handle.db, form.rows);
    });
    afterAll(() => handle.destroy());

    it.each(Object.keys(viewers) as ViewerName[])('gives %s the expected answer for every row in SQL and in memory', async (viewerName) => {
      const viewer = viewers[viewerName];
      const inSql = new Set(await form.sqlVisible(handle.db, viewer));
      const check = audienceCheck(viewer, form.kind, now);
      const inMemory = new Set(
        (await form.load(handle.db)).filter(({ row, grants }) => check(subjectFacts(form.kind, row), grants)).map(({ row }) => row.id),
      );
      const answers = form.rows.map((row) => [row.id, { expected: expected(row, viewerName), sql: inSql.has(row.id), memory: inMemory.has(row.id) }]);
      const wanted = form.rows.map((row) => [row.id, { expected: expected(row, viewerName), sql: expected(row, viewerName), memory: expected(row, viewerName) }]);
      expect(answers).toEqual(wanted);
    });
  });
});
