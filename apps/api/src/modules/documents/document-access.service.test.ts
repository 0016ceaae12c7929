import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '@portal/contracts/users';
import { createTestDatabase, testDialects, type TestDatabase } from '../../test/test-databases.ts';
import {
  assertCanReadDocument,
  assertCanReadVersion,
  canSeeAllDocuments,
  visibleDocumentsFilter,
} from './document-access.service.ts';
import { insertDocument, insertReferenceData, users } from '../../test/document-fixtures.ts';

const past = '2020-01-01T00:00:00.000Z';
const future = '2999-01-01T00:00:00.000Z';

describe('canSeeAllDocuments', () => {
  it('is true for employees and admins only', () => {
    expect(canSeeAllDocuments(users.employee)).toBe(true);
    expect(canSeeAllDocuments(users.admin)).toBe(true);
    expect(canSeeAllDocuments(users.customer)).toBe(false);
    expect(canSeeAllDocuments(users.partner)).toBe(false);
    expect(canSeeAllDocuments({ ...users.customer, roles: [] })).toBe(false);
  });
});

describe.each(await testDialects())('document access on %s', (dialect) => {
  let handle: TestDatabase;

  beforeAll(async () => {
    handle = await createTestDatabase(dialect);
    const db = handle.db;
    await insertReferenceData(db);
    await insertDocument(db, { id: 'open' });
    await insertDocument(db, { id: 'unpublished', status: 'unpublished' });
    await insertDocument(db, { id: 'noversion', versions: [] });
    await insertDocument(db, { id: 'partners', audience: 'restricted', rules: [{ kind: 'role', value: 'partner' }] });
    await insertDocument(db, { id: 'acme', audience: 'restricted', rules: [{ kind: 'account', value: 'ACME' }] });
    await insertDocument(db, { id: 'carla', audience: 'restricted', rules: [{ kind: 'user', value: 'carla.customer@example.com' }] });
    await insertDocument(db, { id: 'expired', audience: 'restricted', rules: [{ kind: 'account', value: 'ACME', expiresAt: past }] });
    await insertDocument(db, { id: 'later', audience: 'restricted', rules: [{ kind: 'account', value: 'ACME', expiresAt: future }] });
    await insertDocument(db, { id: 'nobody', audience: 'restricted' });
    await insertDocument(db, {
      id: 'versioned',
      versions: [{ resourceVersion: 'A' }, { resourceVersion: 'B', status: 'unpublished' }],
    });
  });
  afterAll(() => handle.destroy());

  async function visibleIds(user: AuthUser): Promise<string[]> {
    const rows = await handle.db.selectFrom('documents').select('id').where(visibleDocumentsFilter(user)).orderBy('id').execute();
    return rows.map((row) => row.id);
  }

  const all = ['acme', 'carla', 'expired', 'later', 'nobody', 'noversion', 'open', 'partners', 'unpublished', 'versioned'];

  it('shows staff every document, unpublished included', async () => {
    expect(await visibleIds(users.employee)).toEqual(all);
    expect(await visibleIds(users.admin)).toEqual(all);
  });

  it('shows a customer of ACME the open ones, their account, their e-mail and unexpired rules', async () => {
    expect(await visibleIds(users.customer)).toEqual(['acme', 'carla', 'later', 'open', 'versioned']);
  });

  it('shows a partner the open ones and the partner role', async () => {
    expect(await visibleIds(users.partner)).toEqual(['open', 'partners', 'versioned']);
  });

  it('shows another account only the open ones', async () => {
    expect(await visibleIds(users.otherCustomer)).toEqual(['open', 'versioned']);
  });

  it('shows a user without roles, account or e-mail only the open ones', async () => {
    expect(await visibleIds({ sub: 'x', email: '', name: 'x', roles: [], account: null })).toEqual(['open', 'versioned']);
  });

  it('agrees with the filter one document at a time', async () => {
    for (const user of Object.values(users)) {
      const visible = await visibleIds(user);
      for (const id of all) {
        const outcome = await assertCanReadDocument(handle.db, user, id).then(() => 'ok', (error: { statusCode: number }) => error.statusCode);
        expect([id, outcome === 'ok']).toEqual([id, visible.includes(id)]);
      }
    }
  });

  it('answers 404 documentNotFound for unknown and unpublished documents, 403 outside the audience', async () => {
    await expect(assertCanReadDocument(handle.db, users.customer, 'missing')).rejects.toMatchObject({ statusCode: 404, code: 'documentNotFound' });
    await expect(assertCanReadDocument(handle.db, users.customer, 'unpublished')).rejects.toMatchObject({ statusCode: 404, code: 'documentNotFound' });
    await expect(assertCanReadDocument(handle.db, users.customer, 'noversion')).rejects.toMatchObject({ statusCode: 404, code: 'documentNotFound' });
    await expect(assertCanReadDocument(handle.db, users.customer, 'partners')).rejects.toMatchObject({ statusCode: 403, code: 'forbidden' });
    await expect(assertCanReadDocument(handle.db, users.customer, 'expired')).rejects.toMatchObject({ statusCode: 403, code: 'forbidden' });
    await expect(assertCanReadDocument(handle.db, users.otherCustomer, 'carla')).rejects.toMatchObject({ statusCode: 403 });
    await expect(assertCanReadDocument(handle.db, users.admin, 'unpublished')).resolves.toMatchObject({ id: 'unpublished' });
  });

  it('checks versions: unpublished ones only for staff, unknown ones 404 versionNotFound', async () => {
    await expect(assertCanReadVersion(handle.db, users.customer, 'versioned-A')).resolves.toMatchObject({
      document: { id: 'versioned' },
      version: { resourceVersion: 'A' },
    });
    await expect(assertCanReadVersion(handle.db, users.customer, 'versioned-B')).rejects.toMatchObject({ statusCode: 404, code: 'versionNotFound' });
    await expect(assertCanReadVersion(handle.db, users.employee, 'versioned-B')).resolves.toMatchObject({ version: { resourceVersion: 'B' } });
    await expect(assertCanReadVersion(handle.db, users.customer, 'missing')).rejects.toMatchObject({ statusCode: 404, code: 'versionNotFound' });
    await expect(assertCanReadVersion(handle.db, users.customer, 'partners-A')).rejects.toMatchObject({ statusCode: 403 });
  });
});
